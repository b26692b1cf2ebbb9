#!/usr/bin/env bash
# The main job: installs what is missing, builds the daemon, the demo client and animctl in release mode, starts
# animserverd headless on a private socket, runs the demo client (seed 002's scene) against it, shows what the server
# holds with animctl, and stops the daemon. Then evaluates and plots the example animations offline.
# Results go to out/ (the daemon's log, the PNG charts) and to stdout.
#
# Environment: ANIMSERVER_FORCE_APT=1 is passed on to install-deps.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bin=.build/release

step() { printf '\n=== %s ===\n' "$*"; }
run() {
    printf '$ %s\n' "$*"
    "$@"
}

step "system packages and Swift (scripts/install-deps.sh)"
scripts/install-deps.sh

step "build animserverd, animdemo and animctl (release)"
swift build -c release --product animserverd
swift build -c release --product animdemo
swift build -c release --product animctl

mkdir -p out
export ANIMSERVER_SOCKET="$root/out/animserver-demo.sock"
step "start animserverd headless on $ANIMSERVER_SOCKET (log: out/animserverd.log)"
"$bin/animserverd" --output headless --refresh 60 >out/animserverd.log 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    [[ -S $ANIMSERVER_SOCKET ]] && break
    kill -0 "$daemon" 2>/dev/null || { cat out/animserverd.log; exit 1; }
    sleep 0.05
done

step "run the demo client: seed 002's group (path + scale + fade) and cumulative rotation"
run "$bin/animdemo" --hold 0.5

step "what the server holds now"
run "$bin/animctl" status
run "$bin/animctl" clients

step "stop animserverd"
kill "$daemon"
wait "$daemon" || true
trap - EXIT
tail -n 5 out/animserverd.log

step "offline: evaluate examples/seed002-group.json at five times"
run "$bin/animctl" eval examples/seed002-group.json --times 0,0.5,1,1.5,2

step "offline: plot the easeInEaseOut timing function"
run "$bin/animctl" plot --timing-function easeInEaseOut --output out/easeInEaseOut.png

step "offline: plot opacity of examples/seed002-group.json from 0 s to 2 s"
run "$bin/animctl" plot examples/seed002-group.json --key-path opacity --from 0 --to 2 --output out/opacity.png

printf '\ndemo.sh: done; daemon log and charts in %s/out/\n' "$root"
