#!/usr/bin/env bash
# Runs the public programs of bench/public under the runtime verifier on a
# CUDA machine (PyTorch's LibTorch, CUDA toolkit with CUPTI, cmake, ninja,
# GCC) and leaves in $OUT:
#   log                  everything printed
#   NAME.observed.json   every sync site the probe saw in NAME's user code
#                        (coverage.py observe), to be copied to results/
#   reports.tar.gz       per program: NAME.report.json / .txt (the run
#                        reconciled with results/NAME.findings.json) and
#                        NAME.empty.json (the same trace with no findings)
# Needs bench/public/src (prepare.py checkout, carried: it is ignored by git)
# and results/NAME.findings.json (findings.py, made where torchsync builds).
# The whole script keeps within DEADLINE_S seconds (default 560): each
# program's timeout is its cap or what is left, whichever is smaller; a
# program stopped at its timeout is reconciled from what the probe recorded
# (status "timeout" in its observation).
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=${OUT:-$PWD/public-reports}
WORK=${WORK:-/tmp/torchsync-public}
DEADLINE_S=${DEADLINE_S:-560}
mkdir -p "$OUT" "$WORK"
exec > >(tee "$OUT/log") 2>&1
T0=$SECONDS

nvidia-smi -L || true
TORCH_PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
TORCH_VERSION=$(python3 -c 'import torch; print(torch.__version__, torch.version.cuda)')
GPU=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
ENVIRONMENT="$GPU; torch $TORCH_VERSION; $(c++ --version | head -1)"
echo "environment: $ENVIRONMENT"
CUDA_ROOT=${CUDA_HOME:-/usr/local/cuda}
[ -x "$CUDA_ROOT/bin/nvcc" ] || CUDA_ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
export CUDACXX=$CUDA_ROOT/bin/nvcc
cuda_args=(-DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT"
           -DCMAKE_CUDA_COMPILER="$CUDACXX")

# The probe (runtime-verify, only its library) and the programs (-g -O1 and
# GCC's line coverage, as runtime-verify/gpu-check.sh builds the examples),
# configured and built side by side.
RV=$WORK/rv PB=$WORK/programs
( cmake -S "$REPO/runtime-verify" -B "$RV" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "${cuda_args[@]}" -DCMAKE_CUDA_ARCHITECTURES=native > "$WORK/rv.log" 2>&1 &&
  ninja -C "$RV" torchsync-probe >> "$WORK/rv.log" 2>&1 ) &
rv_pid=$!
cmake -S "$HERE" -B "$PB" -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="-g -O1 --coverage" -DCMAKE_EXE_LINKER_FLAGS="--coverage" \
  "${cuda_args[@]}" > "$WORK/pb.log" 2>&1 || { tail -30 "$WORK/pb.log"; exit 1; }
python3 "$HERE/prepare.py" data "$WORK/run" &
data_pid=$!
ninja -C "$PB" -k 0 -j14 >> "$WORK/pb.log" 2>&1 || { echo "program build failed:"; grep -B2 -A12 'error' "$WORK/pb.log" | head -80; }
wait $rv_pid || { echo "probe build failed:"; tail -30 "$WORK/rv.log"; exit 1; }
wait $data_pid || { echo "data failed"; exit 1; }
PROBE=$RV/lib/libtorchsync-probe.so
VERIFY=(python3 "$REPO/runtime-verify/tools/torchsync-verify")
echo "=== built in $((SECONDS - T0)) s"

echo '{"findings": [], "root": ".", "tool": {"name": "torchsync", "version": "(any)"}, "version": 1}' \
  > "$WORK/empty.findings.json"
REPORTS=$WORK/reports
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
# name cap_seconds, in the order they run
# ONLY="name ..." runs those programs alone (each within its cap).
for spec in examples-mnist:120 pytorch-cpp-language-model:120 examples-dcgan:90 \
            pytorch-cpp-deep-residual-network:600 ppo-libtorch:240 \
            rwkv-lightning-benchmark:240 ssd-libtorch:420 d2l-gru:240; do
  name=${spec%%:*} cap=${spec##*:}
  if [ -n "${ONLY:-}" ] && ! grep -qw -- "$name" <<< "$ONLY"; then continue; fi
  line=$(python3 "$HERE/prepare.py" list | awk -F'\t' -v n="$name" '$1 == n')
  checkout=$(cut -f2 <<< "$line") cwd=$WORK/run/$(cut -f3 <<< "$line")
  IFS=$'\x1f' read -r -a args <<< "$(cut -f4 <<< "$line")"
  # The environment the program's entry asks for (prepare.py: "env").
  read -r -a envs <<< "$(cut -f5 <<< "$line")"
  left=$((DEADLINE_S - (SECONDS - T0) - 30))
  timeout=$(( cap < left ? cap : left ))
  if [ ! -x "$PB/$name" ]; then echo "=== $name: not built, skipped"; continue; fi
  if [ "$timeout" -lt 20 ]; then echo "=== $name: no time left, skipped"; continue; fi
  echo "=== $name: timeout $timeout s, in $cwd: $PB/$name ${args[*]}"
  root=$HERE/src/$checkout findings=$HERE/results/$name.findings.json
  trace=$WORK/$name.trace.jsonl
  (cd "$cwd" && env ${envs[@]+"${envs[@]}"} "${VERIFY[@]}" run --root "$root" --findings "$findings" --probe "$PROBE" \
     --gcov-data "$PB" --keep-trace "$trace" --timeout "$timeout" \
     --format=json -o "$REPORTS/$name.report.json" -- "$PB/$name" ${args[@]+"${args[@]}"}) \
     > "$WORK/$name.program.log" 2>&1
  echo "=== $name: torchsync-verify exit $? after $((SECONDS - T0)) s"
  tail -n 4 "$WORK/$name.program.log"
  # The counters of this run (the verifier removed the old ones before it).
  gdir=$WORK/$name.gcov
  rm -rf "$gdir" && mkdir -p "$gdir"
  # One JSON file per object (--preserve-paths: a source built into two
  # objects keeps both; runtime-verify/tools/verify_program.py's run_gcov).
  (cd "$gdir" && find "$PB" -name '*.gcda' -exec gcov --json-format --preserve-paths \
     --hash-filenames {} + > /dev/null 2>&1)
  cov=()
  for f in "$gdir"/*.gcov.json.gz; do [ -e "$f" ] && cov+=(--coverage "$f"); done
  [ -f "$trace" ] || { echo "=== $name: no trace"; continue; }
  (cd "$cwd" && "${VERIFY[@]}" run --root "$root" --findings "$findings" --trace "$trace" \
     ${cov[@]+"${cov[@]}"} -o "$REPORTS/$name.report.txt")
  cat "$REPORTS/$name.report.txt"
  (cd "$cwd" && "${VERIFY[@]}" run --root "$root" --findings "$WORK/empty.findings.json" \
     --trace "$trace" --format=json -o "$REPORTS/$name.empty.json")
  # The status of the run itself, not of the --trace reconciliation.
  python3 - "$REPORTS/$name.report.json" "$REPORTS/$name.empty.json" <<'PY'
import json, sys
run, empty = (json.load(open(p)) for p in sys.argv[1:3])
empty["program"] = run["program"]
empty["trace"]["problems"] = run["trace"].get("problems", [])
empty["trace"]["status"] = run["trace"]["status"]
json.dump(empty, open(sys.argv[2], "w"), indent=1, sort_keys=True)
PY
  python3 "$HERE/coverage.py" observe --report "$REPORTS/$name.empty.json" \
    ${cov[@]+"${cov[@]}"} --program "$name" --environment "$ENVIRONMENT" \
    -o "$OUT/$name.observed.json"
  python3 "$HERE/coverage.py" score --findings "$findings" --observed "$OUT/$name.observed.json"
done
tar -C "$REPORTS" -czf "$OUT/reports.tar.gz" .
echo "=== done in $((SECONDS - T0)) s"
