#!/usr/bin/env bash
# Builds the runtime verifier on a CUDA machine against PyTorch's LibTorch,
# runs the GPU tests and the snippet catalog, and leaves the reports in
# $OUT (or ./runtime-verify-reports):
#   log           everything printed
#   catalog.json  every measurement (torchsync-verify update-docs reads it)
#   catalog.md    the table
#   isolation.json, probe-injection.jsonl, probe-preload.jsonl
#   program-mode.tar.gz
#                 program mode: program-<example>.txt / .json for each CUDA
#                 example, built with -g, run under torchsync-verify run and
#                 reconciled with the committed
#                 runtime-verify/e2e/<example>.findings.json (the text
#                 reports are also in the log). The SARIF of a report is
#                 rendered where torchsync is built (the GPU machine has no
#                 LLVM): torchsync render-sarif --findings
#                 runtime-verify/e2e/<example>.findings.json
#                 --runtime-report program-<example>.json -o ....sarif
#                 slowdown.txt: each example's time alone and under the
#                 probe (the run under the probe is limited to
#                 PROBE_SLOWDOWN_LIMIT (5) times the time alone, plus 60 s)
#   fix-check.tar.gz
#                 torchsync-verify fix-check's reports (<name>.json and
#                 .txt): the demo runtime-verify/e2e/step_loop.cpp host-bound
#                 and GPU-bound, train_classifier (--fix-notes) and
#                 inference_server; docs/fix-check-results.md is written
#                 from them (runtime-verify/e2e/fix_check_page.py)
# Needs: nvcc + CUPTI (CUDA toolkit), python3 with torch (CUDA build), cmake,
# ninja. No LLVM: only runtime-verify/ is configured. Exit 0 when every step
# passed; the catalog's findings (as expected or not) are in its table.
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$PWD/runtime-verify-reports}
BUILD=${TORCHSYNC_GPU_BUILD:-$HERE/../build-gpu}
mkdir -p "$OUT"
exec > >(tee "$OUT/log") 2>&1

failed=()
step() { # step NAME COMMAND...: runs it, records a failure, goes on
  local name=$1; shift
  # TORCHSYNC_GPU_STEPS="build fix-check" runs only the steps named (with
  # configure); for trying one step, never for a result.
  if [ -n "${TORCHSYNC_GPU_STEPS:-}" ] && [ "$name" != configure ] &&
     [[ " $TORCHSYNC_GPU_STEPS " != *" $name "* ]]; then
    echo "=== $name: skipped (TORCHSYNC_GPU_STEPS)"; return 0
  fi
  echo "=== $name: $*"
  local t0=$SECONDS
  if "$@"; then echo "=== $name: ok ($((SECONDS - t0)) s)"
  else echo "=== $name: FAILED ($((SECONDS - t0)) s)"; failed+=("$name"); fi
}

nvidia-smi -L || true
TORCH_PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
TORCH_VERSION=$(python3 -c 'import torch; print(torch.__version__)')
TORCH_INC=$(python3 -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "include"))')
echo "torch $TORCH_VERSION at $TORCH_PREFIX"
if [ -f "$TORCH_INC/nlohmann/json.hpp" ]; then echo "torch ships nlohmann/json.hpp"
else echo "torch does not ship nlohmann/json.hpp"; fi
CUDA_ROOT=${CUDA_HOME:-/usr/local/cuda}
[ -x "$CUDA_ROOT/bin/nvcc" ] || CUDA_ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
export CUDACXX=$CUDA_ROOT/bin/nvcc

configure() {
  cmake -S "$HERE" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT" \
    -DCMAKE_CUDA_COMPILER="$CUDACXX" -DCMAKE_CUDA_ARCHITECTURES=native
}
step configure configure
step build ninja -C "$BUILD" -j16
BIN=$BUILD/bin
PROBE=$BUILD/lib/libtorchsync-probe.so
VERIFY="python3 $HERE/tools/torchsync-verify"

step probe-selftest "$BIN/torchsync-probe-selftest"
step probe-linked "$BIN/torchsync-probe-check"
injection() {
  rm -f "$OUT/probe-injection.jsonl"
  CUDA_INJECTION64_PATH=$PROBE TORCHSYNC_PROBE_OUT=$OUT/probe-injection.jsonl \
    "$BIN/torchsync-probe-calls" &&
    python3 "$HERE/tests/check_probe_log.py" "$OUT/probe-injection.jsonl" &&
    # A step marked before CUDA starts (and so before the probe): its marks
    # reach the probe only with NVTX_INJECTION64_PATH set from the start;
    # the early one is not seen.
    NVTX_INJECTION64_PATH=$PROBE CUDA_INJECTION64_PATH=$PROBE \
      TORCHSYNC_PROBE_OUT=$BUILD/probe-injection-early.jsonl \
      "$BIN/torchsync-probe-calls" --mark-first &&
    python3 "$HERE/tests/check_probe_log.py" "$BUILD/probe-injection-early.jsonl"
}
step probe-injection injection
preload() {
  rm -f "$OUT/probe-preload.jsonl"
  LD_PRELOAD=$PROBE TORCHSYNC_PROBE_OUT=$OUT/probe-preload.jsonl \
    "$BIN/torchsync-probe-calls" &&
    python3 "$HERE/tests/check_probe_log.py" "$OUT/probe-preload.jsonl" &&
    # The probe starts before main: a mark before CUDA starts is seen, with
    # no GPU time (no context yet).
    LD_PRELOAD=$PROBE TORCHSYNC_PROBE_OUT=$BUILD/probe-preload-early.jsonl \
      "$BIN/torchsync-probe-calls" --mark-first &&
    python3 "$HERE/tests/check_probe_log.py" "$BUILD/probe-preload-early.jsonl" \
      --steps 4 --untimed-steps 1
}
step probe-preload preload
isolation() {
  # crash, hang and CUDA error are reported with their reason; exit 1.
  $VERIFY catalog --runner "$BIN/torchsync-catalog" --out "$BUILD/isolation" --timeout 15 \
    --only _selftest/crash --only _selftest/hang --only _selftest/cuda-error
  local rc=$?
  cp "$BUILD/isolation/catalog.json" "$OUT/isolation.json"
  [ $rc -eq 1 ] && python3 - "$BUILD/isolation/catalog.json" <<'PY'
import json, sys
got = {r["pair"]: r["status"] for r in json.load(open(sys.argv[1]))["results"]}
want = {"_selftest/crash": "crash", "_selftest/hang": "timeout", "_selftest/cuda-error": "cuda-error"}
print("isolation:", got)
sys.exit(0 if got == want else 1)
PY
}
step isolation isolation
catalog() {
  $VERIFY catalog --runner "$BIN/torchsync-catalog" --out "$BUILD/catalog" \
    --env "libtorch=$TORCH_VERSION" --timeout 120 &&
    cp "$BUILD/catalog/catalog.json" "$BUILD/catalog/catalog.md" "$OUT/"
}
step catalog catalog

program_mode() {
  # The CUDA examples built with -g (and GCC's line coverage, which tells a
  # finding that ran without syncing from one that never ran), each run
  # under the probe and reconciled with the findings committed for it.
  # Passes when every run finishes and every finding is confirmed or
  # explained (runtime-verify/e2e/explanations.json); unpredicted syncs are
  # reported, not failed on (setup code outside the loops syncs too).
  # Each program runs once without the probe first: its time sets the
  # limit of the run under the probe (PROBE_SLOWDOWN_LIMIT times it, plus a
  # minute for CUDA's start and the probe's), and the two times give the
  # probe's slowdown (slowdown.txt).
  local ex=$BUILD/examples flags="-g -O1" linkflags="" gcov=()
  if "${CXX:-c++}" --version 2>/dev/null | grep -q "Free Software Foundation" &&
     command -v gcov >/dev/null; then
    flags="$flags --coverage"; linkflags="--coverage"; gcov=(--gcov-data "$ex")
  else
    echo "program-mode: no GCC + gcov: unconfirmed findings stay 'not observed'"
  fi
  cmake -S "$HERE/../examples" -B "$ex" -G Ninja -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$linkflags" \
    -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCUDAToolkit_ROOT="$CUDA_ROOT" \
    -DCMAKE_CUDA_COMPILER="$CUDACXX" >/dev/null &&
    ninja -C "$ex" -j16 train_classifier inference_server || return 1
  # The reports go into one archive: only 8 files come back from $OUT.
  local reports=$ex/reports rc=0 name
  rm -rf "$reports" && mkdir -p "$reports"
  for name in train_classifier inference_server; do
    local run=$ex/run-$name
    rm -rf "$run" && mkdir -p "$run"
    # train_classifier's one argument is where it saves its checkpoint (20
    # epochs of 157 steps at most: seconds on a GPU); inference_server
    # without one uses random weights and serves 1000 requests.
    local args=()
    [ "$name" = train_classifier ] && args=("$run/classifier.pt")
    local common=(--root "$HERE/.." --findings "$HERE/e2e/$name.findings.json"
                  --explanations "$HERE/e2e/explanations.json")
    local bare_args=()
    [ "$name" = train_classifier ] && bare_args=("$run/bare-classifier.pt")
    local t0 bare limit
    t0=$(date +%s.%N)
    if ! (cd "$run" && timeout "${TORCHSYNC_BARE_TIMEOUT:-900}" "$ex/$name" \
            ${bare_args[@]+"${bare_args[@]}"}) > "$run/bare.log" 2>&1; then
      echo "program-mode: $name fails without the probe:"; tail -n 5 "$run/bare.log"
      rc=1; continue
    fi
    bare=$(python3 -c 'import sys, time; print("%.1f" % (time.time() - float(sys.argv[1])))' "$t0")
    limit=$(python3 -c 'import sys; print(int(float(sys.argv[1]) * float(sys.argv[2])) + 60)' \
              "$bare" "${PROBE_SLOWDOWN_LIMIT:-5}")
    echo "program-mode: $name: ${bare} s without the probe; limit under the probe ${limit} s"
    (cd "$run" && $VERIFY run "${common[@]}" --timeout "$limit" --probe "$PROBE" \
      ${gcov[@]+"${gcov[@]}"} --keep-trace "$run/trace.jsonl" \
      --format=json -o "$reports/program-$name.json" \
      -- "$ex/$name" ${args[@]+"${args[@]}"}) > "$run/program.log" 2>&1
    local status=$?
    tail -n 3 "$run/program.log"
    # The text report of the same trace and counters (SARIF is rendered
    # from the JSON report by the driver, which this machine cannot build).
    local cov=() f
    if [ ${#gcov[@]} -gt 0 ]; then
      mkdir -p "$run/gcov"
      (cd "$run/gcov" && find "$ex" -name '*.gcda' -exec gcov --json-format {} + >/dev/null 2>&1)
      for f in "$run"/gcov/*.gcov.json.gz; do [ -e "$f" ] && cov+=(--coverage "$f"); done
    fi
    if [ -f "$run/trace.jsonl" ]; then
      (cd "$run" && $VERIFY run "${common[@]}" --trace "$run/trace.jsonl" ${cov[@]+"${cov[@]}"} \
          -o "$reports/program-$name.txt")
      cat "$reports/program-$name.txt"
    fi
    echo "program-mode: $name: torchsync-verify exit $status"
    python3 - "$reports/program-$name.json" "$bare" "$name" <<'PY' | tee -a "$reports/slowdown.txt"
import json, sys
p = json.load(open(sys.argv[1]))["program"]
bare = float(sys.argv[2])
print("%s: %.1f s without the probe, %.1f s under it (%s): %.2fx" % (
    sys.argv[3], bare, p["wall_s"], p["status"], p["wall_s"] / bare if bare else 0))
PY
    # The issue's bar: the program ran, and every finding (all are in the
    # training or serving loop) is confirmed or explained.
    [ $status -eq 0 ] && python3 - "$reports/program-$name.json" <<'PY' || rc=1
import json, sys
r = json.load(open(sys.argv[1]))
bad = [(f["path"], f["line"], f["check"], f["verdict"]) for f in r["findings"]
       if f["verdict"] != "confirmed" and "explanation" not in f]
print("program-mode: %s: %d findings, %d confirmed, %d explained, %d unpredicted places; "
      "unconfirmed and unexplained: %s" % (
          sys.argv[1].rsplit("/", 1)[-1], len(r["findings"]), r["summary"]["confirmed"],
          r["summary"]["explained"], len(r["unpredicted"]), bad or "none"))
sys.exit(1 if bad or not r["findings"] else 0)
PY
  done
  tar -C "$reports" -czf "$OUT/program-mode.tar.gz" . || rc=1
  return $rc
}
step program-mode program_mode

fix_check() {
  # torchsync-verify fix-check: the committed findings' fix-its applied to a
  # copy of this checkout, both copies built (-g -O1) and run under the
  # probe. The demo (runtime-verify/e2e/step_loop.cpp, whose three warnings
  # have fix-its) at three sizes: bound by the host's launches (tiny),
  # host and GPU taking turns (balanced), and GPU-bound (deep);
  # then train_classifier with the notes' fix-its too (its device is chosen
  # at run time, so its fix-its are on notes), and inference_server (none).
  # Passes when every fixed copy builds, runs and prints the same numbers.
  local reports=$BUILD/fix-check rc=0 root
  root=$(cd "$HERE/.." && pwd)
  rm -rf "$reports" && mkdir -p "$reports"
  local cmake_flags="-G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS='-g -O1'"
  cmake_flags+=" -DCMAKE_PREFIX_PATH='$TORCH_PREFIX' -DCUDAToolkit_ROOT='$CUDA_ROOT'"
  cmake_flags+=" -DCMAKE_CUDA_COMPILER='$CUDACXX'"
  local demo="cmake -S runtime-verify/e2e -B build-fc $cmake_flags >/dev/null && ninja -C build-fc step_loop"
  local ex="cmake -S examples -B build-fc $cmake_flags >/dev/null && ninja -C build-fc"
  fc() { # fc NAME FIX-CHECK-ARGS...: one fix-check (3 runs of each copy), its reports kept
    local name=$1; shift
    echo "fix-check: $name"
    (cd "$root" && $VERIFY fix-check --root "$root" --probe "$PROBE" --timeout 600 --runs 3 \
       --format=json -o "$reports/$name.json" "$@")
    local status=$?
    # The text report of the same JSON (exit 2 writes none: the error line
    # above says why).
    [ -f "$reports/$name.json" ] && (cd "$root" && python3 - "$reports/$name.json" \
        > "$reports/$name.txt" <<'PY'
import json, sys
sys.path.insert(0, "runtime-verify/tools")
import fix_check
print(fix_check.render_text(json.load(open(sys.argv[1]))), end="")
PY
    ) && cat "$reports/$name.txt"
    echo "fix-check: $name: torchsync-verify exit $status"
    [ $status -eq 0 ] || rc=1
  }
  # The demo's copies are made and built once (--keep), then run at each
  # size (--reuse: the builds only catch up).
  local demo_copies=$BUILD/fix-check-demo
  rm -rf "$demo_copies"
  fc step_loop-launch-bound --findings "$HERE/e2e/step_loop.findings.json" \
     --build "$demo" --keep "$demo_copies" -- ./build-fc/step_loop 256 64 2 400
  fc step_loop-balanced --findings "$HERE/e2e/step_loop.findings.json" \
     --build "$demo" --reuse "$demo_copies" -- ./build-fc/step_loop 2048 512 2 300
  fc step_loop-gpu-bound --findings "$HERE/e2e/step_loop.findings.json" \
     --build "$demo" --reuse "$demo_copies" -- ./build-fc/step_loop 4096 512 48 40
  fc train_classifier --findings "$HERE/e2e/train_classifier.findings.json" --fix-notes \
     --build "$ex train_classifier" -- ./build-fc/train_classifier classifier.pt
  fc inference_server --findings "$HERE/e2e/inference_server.findings.json" --fix-notes \
     --build "$ex inference_server" -- ./build-fc/inference_server
  python3 - "$reports/env.json" "$TORCH_VERSION" "$CUDA_ROOT" <<'PY'
import datetime, json, subprocess, sys
def out(cmd):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
    except OSError:
        return "?"
gpu = out(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"])
nvcc = out([sys.argv[3] + "/bin/nvcc", "--version"]).splitlines()
json.dump({"gpu": gpu.splitlines()[0].replace(", ", ", driver ") if gpu else "?",
           "libtorch": sys.argv[2], "cuda": nvcc[-1] if nvcc else "?",
           "date": datetime.date.today().isoformat()}, open(sys.argv[1], "w"), indent=1)
PY
  tar -C "$reports" -czf "$OUT/fix-check.tar.gz" . || rc=1
  return $rc
}
step fix-check fix_check

if [ -n "${TORCHSYNC_GPU_STEPS:-}" ]; then
  echo "gpu-check: only the steps $TORCHSYNC_GPU_STEPS ran (TORCHSYNC_GPU_STEPS)"
fi
if [ ${#failed[@]} -eq 0 ]; then echo "gpu-check: all steps passed; reports in $OUT"; exit 0; fi
echo "gpu-check: FAILED steps: ${failed[*]}; reports in $OUT"
exit 1
