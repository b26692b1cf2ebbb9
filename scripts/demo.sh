#!/usr/bin/env bash
# The main job: installs what is missing, builds animctl in release mode, and evaluates and plots the example
# animations offline. Results go to out/ (the PNG charts) and to stdout (the evaluated values).
#
# Environment: ANIMSERVER_FORCE_APT=1 is passed on to install-deps.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
animctl=.build/release/animctl

step() { printf '\n=== %s ===\n' "$*"; }
run() {
    printf '$ %s\n' "$*"
    "$@"
}

step "system packages and Swift (scripts/install-deps.sh)"
scripts/install-deps.sh

step "build animctl (release)"
swift build -c release --product animctl

mkdir -p out

step "evaluate examples/seed002-group.json at five times"
run "$animctl" eval examples/seed002-group.json --times 0,0.5,1,1.5,2

step "plot the easeInEaseOut timing function"
run "$animctl" plot --timing-function easeInEaseOut --output out/easeInEaseOut.png

step "plot opacity of examples/seed002-group.json from 0 s to 2 s"
run "$animctl" plot examples/seed002-group.json --key-path opacity --from 0 --to 2 --output out/opacity.png

printf '\ndemo.sh: done; charts in %s/out/\n' "$root"
