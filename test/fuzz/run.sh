#!/usr/bin/env bash
# Fuzzes the torchsync checks for a bounded time (docs/robustness.md).
#   bash test/fuzz/run.sh [BUILD_DIR] [SECONDS] [extra libFuzzer flags...]
# BUILD_DIR was configured with -DTORCHSYNC_FUZZ=ON
# -DTORCHSYNC_SANITIZE=address,undefined (.ci/sanitize.sh does). The seed
# corpus is the check tests' inputs, read from test/checks at run time; what
# the fuzzer finds is kept in BUILD_DIR/fuzz/corpus for the next run, and a
# crashing input is written to BUILD_DIR/fuzz/crash-* (exit status 1).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$src/build-san}" && pwd)
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
fuzzer=$build/bin/torchsync-check-fuzzer
[ -x "$fuzzer" ] || { echo "run.sh: $fuzzer not built (configure with -DTORCHSYNC_FUZZ=ON)" >&2; exit 2; }
mkdir -p "$build/fuzz/corpus"
# Seeds: the check tests' sources; inputs up to 32 kB (the largest test is
# 22 kB), each given at most 20 s (a slow input is reported as a
# timeout, as a crash is).
# No leak checks: LLVM's first use of some statics would read as leaks of
# the first input.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
exec "$fuzzer" -max_total_time="$seconds" -max_len=32768 -timeout=20 \
  -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/fuzz/" \
  "$@" "$build/fuzz/corpus" "$src/test/checks"
