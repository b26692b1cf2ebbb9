#!/usr/bin/env bash
# The main job: installs what is missing, builds the daemon, the demo client and animctl in release mode, starts
# animserverd headless on a private socket (renderer chosen by --renderer auto), runs the demo client (seed 002's
# scene) against it, takes a screenshot while it animates, shows what the server holds with animctl, and stops the
# daemon. Then records the demo frame by frame on a manual clock (animctl record), drives the card demo (animdemo
# --card) with animctl input (a drag, a tap), and evaluates and plots the example animations offline. Results go to out/ (logs, screenshots, frames, charts) and to stdout.
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
swift build -c release --static-swift-stdlib --product animserverd
swift build -c release --static-swift-stdlib --product animdemo
swift build -c release --static-swift-stdlib --product animctl

mkdir -p out
export ANIMSERVER_SOCKET="$root/out/animserver-demo.sock"
step "start animserverd headless on $ANIMSERVER_SOCKET (log: out/animserverd.log)"
"$bin/animserverd" --output headless --size 640x480 --refresh 60 >out/animserverd.log 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    [[ -S $ANIMSERVER_SOCKET ]] && break
    kill -0 "$daemon" 2>/dev/null || { cat out/animserverd.log; exit 1; }
    sleep 0.05
done

step "run the demo client: seed 002's group (path + scale + fade) and cumulative rotation"
"$bin/animdemo" --hold 0.5 &
demo=$!
for _ in $(seq 100); do
    "$bin/animctl" status --json 2>/dev/null | grep -q '"layers":3' && break
    sleep 0.05
done
run "$bin/animctl" screenshot out/demo-live.png
wait "$demo"

step "what the server holds now"
run "$bin/animctl" status
run "$bin/animctl" clients

step "stop animserverd"
kill "$daemon"
wait "$daemon" || true
trap - EXIT
grep -m1 "renderer" out/animserverd.log || true
tail -n 3 out/animserverd.log

step "record the demo frame by frame: a second daemon on a manual clock, animctl record (out/frames/)"
export ANIMSERVER_SOCKET="$root/out/animserver-record.sock"
"$bin/animserverd" --output headless --size 640x480 --clock manual >out/animserverd-record.log 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    [[ -S $ANIMSERVER_SOCKET ]] && break
    kill -0 "$daemon" 2>/dev/null || { cat out/animserverd-record.log; exit 1; }
    sleep 0.05
done
"$bin/animdemo" --timeout 60 >out/animdemo-record.log 2>&1 &
demo=$!
for _ in $(seq 100); do
    "$bin/animctl" status --json 2>/dev/null | grep -q '"layers":3' && break
    sleep 0.05
done
rm -rf out/frames
# 21 frames 0.1 s apart cover the whole 2 s scene; moving the manual clock lets the demo's animations finish.
run "$bin/animctl" record --frames 21 --step 0.1 out/frames
"$bin/animctl" clock advance 1 >/dev/null
wait "$demo"
kill "$daemon"
wait "$daemon" || true
trap - EXIT
ls out/frames | sed -n '1p;$p'

step "input: the card demo (animdemo --card) driven by animctl input: a drag springs back, a tap toggles"
export ANIMSERVER_SOCKET="$root/out/animserver-input.sock"
"$bin/animserverd" --output headless --size 640x480 --refresh 60 >out/animserverd-input.log 2>&1 &
daemon=$!
trap 'kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    [[ -S $ANIMSERVER_SOCKET ]] && break
    kill -0 "$daemon" 2>/dev/null || { cat out/animserverd-input.log; exit 1; }
    sleep 0.05
done
"$bin/animdemo" --card --timeout 5 >out/animdemo-card.log 2>&1 &
demo=$!
for _ in $(seq 100); do
    grep -q "card ready" out/animdemo-card.log 2>/dev/null && break
    sleep 0.05
done
# The card sits at the centre of the 640x480 scene: drag it right and let go; it springs back with the pan's velocity.
run "$bin/animctl" input drag 320 240 480 300 --steps 12
sleep 0.3
run "$bin/animctl" screenshot out/card-springing.png
sleep 1
run "$bin/animctl" input tap 320 240
sleep 0.5
run "$bin/animctl" screenshot out/card-toggled.png
wait "$demo" || true
cat out/animdemo-card.log
kill "$daemon"
wait "$daemon" || true
trap - EXIT

step "offline: evaluate examples/seed002-group.json at five times"
run "$bin/animctl" eval examples/seed002-group.json --times 0,0.5,1,1.5,2

step "offline: plot the easeInEaseOut timing function"
run "$bin/animctl" plot --timing-function easeInEaseOut --output out/easeInEaseOut.png

step "offline: plot opacity of examples/seed002-group.json from 0 s to 2 s"
run "$bin/animctl" plot examples/seed002-group.json --key-path opacity --from 0 --to 2 --output out/opacity.png

printf '\ndemo.sh: done; logs, out/demo-live.png, out/frames/ and charts in %s/out/\n' "$root"
