#!/usr/bin/env bash
# The whole check, as CI runs it: system packages, lint, a warning-free build, then the tests.
#
# Environment:
#   ANIMSERVER_SCRATCH_PATH  SwiftPM build folder (default .build); e.g. .build-<name> in a shared checkout.
#   ANIMSERVER_FORCE_APT=1   passed on to install-deps.sh: run apt-get even when everything is installed.
#   ANIMSERVER_KIOSK_VM=1    also run tools/kiosk-vm/run last: the daemon on a real kernel DRM driver under QEMU
#                            (needs root and a Debian mirror; a few minutes; see docs/kiosk.md).
# Exits non-zero at the first failing step.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
scratch=${ANIMSERVER_SCRATCH_PATH:-.build}
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT

step() { printf '\n=== %s ===\n' "$*"; }
fail() {
    printf '\ntest.sh: FAILED: %s\n' "$*" >&2
    exit 1
}

step "1/4 system packages and Swift (scripts/install-deps.sh)"
scripts/install-deps.sh || fail "install-deps.sh"

step "2/4 lint (swift format lint --strict)"
lint_status=0
lint_output=$(swift format lint --strict -r Sources Tests tools Package.swift 2>&1) || lint_status=$?
if [[ -n $lint_output || $lint_status -ne 0 ]]; then
    printf '%s\n' "$lint_output"
    fail "lint: fix the findings above, e.g. with: swift format format -i -r Sources Tests tools Package.swift"
fi
echo "no findings"

step "3/4 build with tests, no warnings from this repository, every import declared (swift build --build-tests)"
# A target that imports a module it does not list in Package.swift fails the build (it builds only by the luck of
# the build order otherwise).
import_check=(--explicit-target-dependency-import-check error)
swift build --scratch-path "$scratch" --build-tests "${import_check[@]}" 2>&1 | tee "$build_log" || fail "swift build"
# Only warnings in our own files count; dependencies under $scratch/checkouts are not ours to fix. An
# incremental build reports warnings only for files it recompiles, so a fresh checkout (as in CI) checks them all.
root_pattern=$(printf '%s' "$root" | sed 's/[][\\.*^$+?(){}|]/\\&/g')
warnings=$(grep -E "^(${root_pattern}/)?(Sources|Tests|tools)/[^:]+:[0-9]+:([0-9]+:)? warning:" "$build_log" | sort -u || true)
if [[ -n $warnings ]]; then
    printf '%s\n' "$warnings"
    fail "swift build printed $(wc -l <<<"$warnings") warning(s) in Sources/, Tests/ or tools/ (listed above)"
fi
echo "no warnings in Sources/, Tests/ or tools/"

step "4/4 tests (swift test; Swift Testing runs tests in parallel)"
swift test --scratch-path "$scratch" --skip-build "${import_check[@]}" || fail "swift test"

if [[ ${ANIMSERVER_KIOSK_VM:-0} == 1 ]]; then
    step "5/5 the kiosk VM (ANIMSERVER_KIOSK_VM=1): tools/kiosk-vm/run"
    tools/kiosk-vm/run || fail "tools/kiosk-vm/run (report: .build-kiosk-vm/report.txt)"
fi

printf '\ntest.sh: all steps passed\n'
