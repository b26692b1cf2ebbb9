#!/usr/bin/env bash
# Differential fuzzing of the server core (tools/fuzzserver): every input is one client record, given to one
# core as bytes (the daemon's path, with the batch path for plain property commits) and to another decoded
# first (the general path); the answers and the scene afterwards must be equal and nothing may crash.
# Usage: scripts/fuzz-server.sh [seconds, default 60]. Seeds: protocol/vectors and protocol/bad; the corpus
# grows in out/fuzz-server/corpus, crashes land in out/fuzz-server/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
# --sanitize fuzzer alone instruments only the fuzz target's own module (69 counters): the libraries need the
# coverage flags spelled out, or libFuzzer is blind to the server it fuzzes.
swift build --sanitize fuzzer --sanitize address --scratch-path .build-fuzz-server --product fuzzserver \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp 2>&1 \
    | grep -v "Cannot export local symbol" || true
binary=".build-fuzz-server/debug/fuzzserver"
[ -x "$binary" ] || { echo "fuzz-server: $binary was not built" >&2; exit 1; }
mkdir -p out/fuzz-server/corpus
cp protocol/vectors/*.bin protocol/bad/*.bin out/fuzz-server/corpus/
# The Swift backtracer keeps the pipe open after a crash; libFuzzer reports the crash itself.
SWIFT_BACKTRACE=enable=no "$binary" out/fuzz-server/corpus -use_value_profile=1 -max_len=65536 \
    -max_total_time="$seconds" -artifact_prefix=out/fuzz-server/ -print_final_stats=1
