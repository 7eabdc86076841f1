#!/usr/bin/env bash
# Builds the runtime verifier's probe and every accuracy-bench program on a
# CUDA machine (PyTorch's LibTorch, nvcc, CUPTI), runs each program under
# `torchsync-verify run` (program mode, docs/verify-format.md) with NO
# findings, so that every sync the probe attributes to user code comes back
# as an "unpredicted" place with its count, blocked time and kinds, and
# leaves in $OUT (default build-acc/reports):
#   log                    everything printed (device, versions, builds, runs)
#   accuracy-results.tar.gz  <program>.json: the verifier's JSON report of
#                          each program; env.json: device and versions
# Commit them as bench/accuracy/results/<device>/ (score.py reads them):
#   mkdir -p bench/accuracy/results/h100 &&
#   tar -C bench/accuracy/results/h100 -xzf accuracy-results.tar.gz
# Run from the repository root or anywhere: paths are found from this file.
# Exit 0 when every program built and ran with a complete trace.
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${TORCHSYNC_ACC_BUILD:-$ROOT/build-acc}
OUT=${OUT:-$BUILD/reports}
mkdir -p "$OUT" "$BUILD"
exec > >(tee "$OUT/log") 2>&1

nvidia-smi -L || true
DEVICE=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
TORCH_PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
TORCH_VERSION=$(python3 -c 'import torch; print(torch.__version__)')
CUDA_ROOT=${CUDA_HOME:-/usr/local/cuda}
[ -x "$CUDA_ROOT/bin/nvcc" ] || CUDA_ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
export CUDACXX=$CUDA_ROOT/bin/nvcc
echo "device: $DEVICE; torch $TORCH_VERSION at $TORCH_PREFIX; nvcc at $CUDACXX"
python3 -c 'import sysconfig, os; p = sysconfig.get_paths()["include"]; print("python headers:", p, os.path.exists(os.path.join(p, "Python.h")))'

failed=()
t0=$SECONDS
# The probe only (not the catalog or the tests).
cmake -S "$ROOT/runtime-verify" -B "$BUILD/verify" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT" \
  -DCMAKE_CUDA_COMPILER="$CUDACXX" -DCMAKE_CUDA_ARCHITECTURES=native >/dev/null &&
  ninja -C "$BUILD/verify" torchsync-probe >/dev/null || failed+=(probe)
PROBE=$BUILD/verify/lib/libtorchsync-probe.so
echo "=== probe built ($((SECONDS - t0)) s)"

# The programs, with debug info for the verifier's attribution.
configure() {
  cmake -S "$HERE" -B "$BUILD/programs" -G Ninja -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_FLAGS="-g -O1" -DCMAKE_CUDA_FLAGS="-g -O1" \
    -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT" \
    -DCMAKE_CUDA_COMPILER="$CUDACXX" -DCMAKE_CUDA_ARCHITECTURES=native \
    -DPython3_EXECUTABLE="$(command -v python3)" "$@"
}
if ! configure -DBENCH_ACCURACY_PYEXT=ON >"$BUILD/configure.log" 2>&1; then
  tail -n 30 "$BUILD/configure.log"
  echo "=== configure with pyext failed; again without it"
  failed+=(pyext-configure)
  configure -DBENCH_ACCURACY_PYEXT=OFF >"$BUILD/configure.log" 2>&1 ||
    { tail -n 30 "$BUILD/configure.log"; failed+=(configure); }
fi
ninja -C "$BUILD/programs" -k 0 -j16 >"$BUILD/build.log" 2>&1 ||
  { grep -E "error|FAILED" "$BUILD/build.log" | head -n 40; failed+=(build); }
echo "=== programs built ($((SECONDS - t0)) s)"

RESULTS=$BUILD/results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
printf '{"version": 1, "findings": []}\n' >"$BUILD/no-findings.json"
P=$BUILD/programs
run() { # run NAME COMMAND...: the program under the probe, reconciled with no findings
  local name=$1; shift
  # TORCHSYNC_ACC_ONLY="rl_envs server": run only these programs.
  if [ -n "${TORCHSYNC_ACC_ONLY:-}" ] && [[ " $TORCHSYNC_ACC_ONLY " != *" $name "* ]]; then
    return
  fi
  local dir=$BUILD/run-$name
  rm -rf "$dir" && mkdir -p "$dir"
  if [ ! -e "$1" ] && [ "$1" != python3 ]; then
    echo "=== $name: not built"; failed+=("$name"); return
  fi
  local t=$SECONDS
  (cd "$dir" && python3 "$ROOT/runtime-verify/tools/torchsync-verify" run --root "$ROOT" \
      --findings "$BUILD/no-findings.json" --timeout 240 --probe "$PROBE" \
      --format=json -o "$RESULTS/$name.json" -- "$@") >"$dir/program.log" 2>&1
  local rc=$?
  tail -n 4 "$dir/program.log"
  echo "=== $name: torchsync-verify exit $rc ($((SECONDS - t)) s)"
  [ $rc -eq 0 ] || [ "$name" = cpu_only ] || failed+=("$name")
  [ -f "$RESULTS/$name.json" ] && python3 - "$RESULTS/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("  %s; trace %s: %d syncs, %.3f ms blocked; outside user code %d" % (
    r["program"]["status"], r["trace"]["status"], r["trace"].get("events", 0),
    r["trace"].get("blocked_ns", 0) / 1e6, r["outside_user_code"]["count"]))
for u in r["unpredicted"]:
    print("  %6d %10.3f ms  %s:%d  %s" % (u["count"], u["blocked_ns"] / 1e6, u["path"],
                                           u["line"], ", ".join(sorted(u["kinds"]))))
PY
}
run trainer "$P/trainer/trainer" 3
run model_helpers "$P/model_helpers/model_helpers" 200
run runtime_device "$P/runtime_device/runtime_device" --device cuda --steps 300
run oplib "$P/oplib/oplib" 200
if [ -e "$P/pyext/bench_ext.so" ]; then
  run pyext python3 "$HERE/pyext/driver.py" "$P/pyext" 300
else
  echo "=== pyext: not built"; failed+=(pyext)
fi
run server "$P/server/server" 2000
run rl_envs "$P/rl_envs/rl_envs" 300
# No CUDA at all: the probe is never loaded, so the trace is absent (exit 2).
run cpu_only "$P/cpu_only/cpu_only" 50

python3 - "$RESULTS/env.json" "$DEVICE" "$TORCH_VERSION" "$("$CUDACXX" --version | tail -n 1)" <<'PY'
import json, sys
json.dump({"device": sys.argv[2], "torch": sys.argv[3], "nvcc": sys.argv[4]},
          open(sys.argv[1], "w"), indent=1)
PY
tar -C "$RESULTS" -czf "$OUT/accuracy-results.tar.gz" .
echo "=== done ($((SECONDS - t0)) s); failed: ${failed[*]:-none}"
[ ${#failed[@]} -eq 0 ]
