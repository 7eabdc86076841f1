#!/usr/bin/env bash
# CI: an ASan+UBSan build of the driver and the checks in build-san/ (with
# the libFuzzer target), the driver and check suites under it, and a
# one-minute fuzzing run. docs/robustness.md says what each step covers.
# Safe to run again: it rebuilds what changed.
#
#   bash .ci/sanitize.sh           build, suites, fuzz
#   bash .ci/sanitize.sh build     only build-san/ (what the other two need)
#   bash .ci/sanitize.sh suites    only the suites (after build)
#   bash .ci/sanitize.sh fuzz      only the minute of fuzzing (after build)
# .ci/run calls the phases apart: it fuzzes (one core) while the package
# step runs (mostly one process at a time too).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
phase=${1:-all}

build() {
  # The plugin is instrumented too; stock clang-tidy-19 is not, so it gets
  # the sanitizer runtime preloaded through this wrapper, which the test
  # configuration of build-san/ names as its clang-tidy.
  local asan_rt
  asan_rt=$(clang-19 -print-file-name=libclang_rt.asan-x86_64.so)
  mkdir -p build-san
  cat > build-san/clang-tidy-asan <<WRAPPER
#!/bin/sh
LD_PRELOAD="$asan_rt\${LD_PRELOAD:+:\$LD_PRELOAD}" \\
ASAN_OPTIONS="\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0" exec clang-tidy-19 "\$@"
WRAPPER
  chmod +x build-san/clang-tidy-asan

  # -O1: about as fast under the sanitizers as -O3, and quicker to build.
  # UBSan without its alignment and object-size checks: ASan reports every
  # out-of-bounds access that object-size would, and more; our code reads no
  # memory through a cast pointer that alignment could catch. Together they
  # were 40% of the compile time (DeviceInference.cpp: 67 s -> 41 s).
  cmake -S . -B build-san -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DTORCHSYNC_SANITIZE=address,undefined -DTORCHSYNC_NO_SANITIZE=alignment,object-size \
    -DTORCHSYNC_FUZZ=ON \
    -DTORCHSYNC_CLANG_TIDY="$PWD/build-san/clang-tidy-asan" >/dev/null
  # Only what the suites and the fuzzer run: the driver, the plugin, the
  # fuzz targets and the mock headers' PCHs that the check tests parse on
  # (the runtime verifier is built as usual, in build/, and tested by its
  # own suite there).
  cmake --build build-san --target torchsync TorchSyncTidy torchsync-check-fuzzer \
    torchsync-input-fuzzer torchsync-test-pch-mock torchsync-test-pch-mock-v26
  echo "sanitize: built in $((SECONDS - start))s"
}

# Any ASan or UBSan report, leaks included, ends the process with an error,
# which fails the test that ran it. The tests of a compiler crash turn leak
# checking off for that run (the crashed analysis is leaked by design), and
# so does the clang-tidy wrapper (clang-tidy itself does not free all it
# allocates before it exits).
#
# allow_user_poisoning=0: LLVM's inline allocator code (BumpPtrAllocator,
# compiled into our instrumented objects) poisons the slabs it starts, and
# Debian's uninstrumented libclang-cpp then allocates from the same slabs
# without unpoisoning them: a parse that loads a precompiled header (the
# check tests' mock PCH) reads such memory through an intercepted memcpy and
# ASan reports a use-after-poison that is not there. Ignoring manual
# poisoning keeps every other report (heap, stack, globals, leaks).
export ASAN_OPTIONS=detect_leaks=1:allow_user_poisoning=0
export UBSAN_OPTIONS=print_stacktrace=1

suites() {
  local lit=/usr/lib/llvm-19/build/utils/lit/lit.py suite
  # TORCHSYNC_SANITIZE_SUITES picks a subset (e.g. "driver") where CI time is short.
  local suites=()
  for suite in ${TORCHSYNC_SANITIZE_SUITES:-driver checks}; do
    suites+=("build-san/test/$suite")
  done
  # Each check test is one driver run with --fix under the sanitizers
  # (test/check_torchsync.py, --driver-only): every check's code runs on
  # every input; the plugin's runs and the second round are the plain
  # suite's, in the README's test command.
  python3 "$lit" -sv --param driver-only=1 "${suites[@]}"
  echo "sanitize: suites done at $((SECONDS - start))s"
}

fuzz() {
  bash test/fuzz/run.sh build-san 60
}

case "$phase" in
  all) build; suites; fuzz ;;
  build) build ;;
  suites) suites ;;
  fuzz) fuzz ;;
  *) echo "sanitize.sh: unknown phase '$phase' (build, suites or fuzz)" >&2; exit 2 ;;
esac
echo "sanitize: $phase done in $((SECONDS - start))s"
