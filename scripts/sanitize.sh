#!/usr/bin/env bash
# The unit tests under AddressSanitizer and UndefinedBehaviorSanitizer (issue 17): the fast paths read frames and
# node storage through raw pointers, and these catch an out-of-bounds read or an overflow that the differential
# tests (FastPathDifferentialTests, BatchDifferentialTests) would only see if it changed a result.
# Not in CI: the sanitized build takes longer than CI's budget allows (figure in the issue's closing note).
#
# Usage: scripts/sanitize.sh [swift test filter, default: every unit test target]
# Builds in its own scratch path (.build-asan, gitignored): sanitized objects would force a rebuild of .build.
# IntegrationTests and AnimctlTests start the built daemon and animctl, not unit code; they are left out, and so are
# AnimScenesTests' suites that start the daemon (its InteractiveClockTests stay).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${ANIMSERVER_SANITIZE_SCRATCH_PATH:-.build-asan}
filter=${1:-}
# Swift's compiler takes `-sanitize=undefined` on Darwin only ("unsupported option ... for target
# x86_64-unknown-linux-gnu"); Swift code traps on overflow and bad indices anyway. UBSan instruments the C targets
# (CIPC, CDRMShim) through clang, and its handlers come with the ASan runtime that Swift links.
sanitizers=(--sanitize=address -Xcc -fsanitize=undefined)

start=$(date +%s)
# ld.gold's "Cannot export local symbol __asan_*" lines are harmless noise (see the fuzz scripts).
status=0
swift build --build-tests "${sanitizers[@]}" --scratch-path "$scratch" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } || status=$?
[[ $status -eq 0 ]] || { echo "sanitize: the sanitized build failed ($status)" >&2; exit 1; }
built=$(date +%s)
echo "sanitize: build took $((built - start)) s"

# The Swift backtracer keeps the pipe open after a crash; the sanitizers report it themselves. The Swift runtime's
# caches live for the whole process, so leak detection only reports them.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
arguments=(--skip-build --scratch-path "$scratch" --sanitize=address --skip IntegrationTests --skip AnimctlTests)
arguments+=(--skip 'AnimScenesTests\.(Presentation|Navigation|InteractiveTransition|TransitionReentry|PausedContainer)')
if [[ -n $filter ]]; then arguments+=(--filter "$filter"); fi
swift test "${arguments[@]}"
echo "sanitize: tests took $(($(date +%s) - built)) s"
