#!/usr/bin/env bash
# Why are the programs slow under run-gpu.sh? examples-mnist for S seconds
# (default 25) three ways: built -g -O1 and run plainly; built -g -O1
# --coverage and run plainly; built -g -O1 under torchsync-verify (the probe).
# Prints how far each got (the last "Train Epoch" line).
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
S=${S:-25}
WORK=${WORK:-/tmp/torchsync-speed}
mkdir -p "$WORK"
TORCH_PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
CUDA_ROOT=${CUDA_HOME:-/usr/local/cuda}
[ -x "$CUDA_ROOT/bin/nvcc" ] || CUDA_ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
cuda_args=(-DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT"
           -DCMAKE_CUDA_COMPILER="$CUDA_ROOT/bin/nvcc")
( cmake -S "$REPO/runtime-verify" -B "$WORK/rv" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "${cuda_args[@]}" -DCMAKE_CUDA_ARCHITECTURES=native > "$WORK/rv.log" 2>&1 &&
  ninja -C "$WORK/rv" torchsync-probe >> "$WORK/rv.log" 2>&1 ) &
for v in plain:"-g -O1" cov:"-g -O1 --coverage"; do
  name=${v%%:*} flags=${v#*:}
  ( cmake -S "$HERE" -B "$WORK/$name" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="$([ "$name" = cov ] && echo --coverage)" "${cuda_args[@]}" \
      > "$WORK/$name.log" 2>&1 && ninja -C "$WORK/$name" -j7 examples-mnist >> "$WORK/$name.log" 2>&1 ) &
done
wait
python3 "$HERE/prepare.py" data "$WORK/run" > /dev/null
cd "$WORK/run/examples-mnist" || exit 1
last() { tr '\r' '\n' < "$1" | grep -a 'Train Epoch' | tail -1; }
timeout "$S" "$WORK/plain/examples-mnist" > "$WORK/plain.out" 2>&1
echo "plain -g -O1, ${S}s: $(last "$WORK/plain.out")"
timeout "$S" "$WORK/cov/examples-mnist" > "$WORK/cov.out" 2>&1
echo "--coverage, ${S}s: $(last "$WORK/cov.out")"
echo '{"findings": [], "root": ".", "tool": {"name": "torchsync", "version": "(any)"}, "version": 1}' > "$WORK/empty.json"
python3 "$REPO/runtime-verify/tools/torchsync-verify" run --root "$HERE/src/examples" \
  --findings "$WORK/empty.json" --probe "$WORK/rv/lib/libtorchsync-probe.so" --timeout "$S" \
  -o "$WORK/probe.txt" -- "$WORK/plain/examples-mnist" > "$WORK/probe.out" 2>&1
echo "probe, ${S}s: $(last "$WORK/probe.out")"
grep -a '^trace:' "$WORK/probe.txt"
nproc; python3 -c 'import torch; print(torch.get_num_threads())'
