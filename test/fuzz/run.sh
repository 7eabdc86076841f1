#!/usr/bin/env bash
# Fuzzes torchsync for a bounded time (docs/robustness.md): the checks
# (torchsync-check-fuzzer) for two thirds of it, the readers of its files and
# streams (torchsync-input-fuzzer: facts and summary files, reports for merge
# and render-sarif, the verifier's report, baselines, harness specs, diffs,
# the LSP layer) for the rest.
#   bash test/fuzz/run.sh [BUILD_DIR] [SECONDS] [extra libFuzzer flags...]
# BUILD_DIR was configured with -DTORCHSYNC_FUZZ=ON
# -DTORCHSYNC_SANITIZE=address,undefined (.ci/sanitize.sh does). The seed
# corpora are read from the sources at run time: the check tests' inputs
# (test/checks) and test/fuzz/inputs (each file starts with the byte that
# picks its reader, InputFuzzer.cpp). What the fuzzers find is kept in
# BUILD_DIR/fuzz/corpus and BUILD_DIR/fuzz/input-corpus for the next run; a
# crashing input is written to BUILD_DIR/fuzz/crash-* (exit status 1).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$src/build-san}" && pwd)
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
for fuzzer in torchsync-check-fuzzer torchsync-input-fuzzer; do
  [ -x "$build/bin/$fuzzer" ] || {
    echo "run.sh: $build/bin/$fuzzer not built (configure with -DTORCHSYNC_FUZZ=ON)" >&2
    exit 2
  }
done
mkdir -p "$build/fuzz/corpus" "$build/fuzz/input-corpus"
# No leak checks: LLVM's first use of some statics would read as leaks of
# the first input.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
check_seconds=$(( seconds * 2 / 3 ))
input_seconds=$(( seconds - check_seconds ))
# Checks: inputs up to 32 kB (the largest test is 22 kB), each given at most
# 20 s (a slow input is reported as a timeout, as a crash is).
echo "run.sh: torchsync-check-fuzzer for ${check_seconds}s"
"$build/bin/torchsync-check-fuzzer" -max_total_time="$check_seconds" \
  -max_len=32768 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz/" "$@" "$build/fuzz/corpus" "$src/test/checks"
# Inputs: up to 64 kB, so that nesting past the readers' depth limits
# (about 1,000 levels) is reached; 10 s each.
echo "run.sh: torchsync-input-fuzzer for ${input_seconds}s"
exec "$build/bin/torchsync-input-fuzzer" -max_total_time="$input_seconds" \
  -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz/input-" "$@" "$build/fuzz/input-corpus" \
  "$src/test/fuzz/inputs"
