#!/usr/bin/env bash
# A longer fuzzing run of the torchsync checks and input readers than CI's minute
# (docs/robustness.md): builds build-san/ as .ci/sanitize.sh does, then
# fuzzes with one job per core for the given time (default one hour).
#   bash bench/fuzz.sh [SECONDS] [JOBS]
# Crashing inputs land in build-san/fuzz/crash-*; turn each into a test
# under test/checks or test/driver before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
jobs=${2:-$(nproc)}
cmake -S . -B build-san -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DTORCHSYNC_SANITIZE=address,undefined -DTORCHSYNC_FUZZ=ON >/dev/null
cmake --build build-san --target torchsync-check-fuzzer torchsync-input-fuzzer
# -fork keeps fuzzing after a crash (each crash is saved) and uses the cores.
bash test/fuzz/run.sh build-san "$seconds" -fork="$jobs" -ignore_crashes=1 \
  -ignore_timeouts=1 -ignore_ooms=1
