#!/usr/bin/env bash
# Runs `torchsync-verify fix-check` on public programs of bench/public on a
# CUDA machine: for each program in ONLY (examples-mnist ppo-libtorch ...),
# its checkout is copied with the files it reads (prepare.py data) into a
# folder of its own, the fix-its of results/NAME.findings.json are applied
# to a copy of that, and the unfixed and fixed copies are built (the
# CMakeLists.txt here, CHECKOUT_<checkout> naming the copy) and run under the
# sync probe, one after the other. It leaves in $OUT:
#   log                 everything printed
#   NAME.fixcheck.json  fix-check's report (syncs and blocked time per
#                       finding before and after, the run's time, the
#                       outputs compared)
#   NAME.fixcheck.txt   the same as text
# Needs bench/public/src (carried: ignored by git) and results/NAME.findings.json
# (findings.py). The programs print timings (ppo's fps and elapsed time),
# which the comparison skips (IGNORE below); the rest of their output must
# be equal within RTOL (default 1e-4; the programs' own nondeterminism, such
# as atomics in backward passes, may need more: the report says what was used).
# The whole script keeps within DEADLINE_S seconds (default 560).
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=${OUT:-$PWD/public-fixcheck}
WORK=${WORK:-/tmp/torchsync-fixcheck}
DEADLINE_S=${DEADLINE_S:-560}
RTOL=${RTOL:-1e-4}
# RUNS=2: each copy runs twice, alternating, and the report also compares
# each copy's two outputs with each other (the program's own run-to-run
# differences, against which a fixed copy's difference is judged).
RUNS=${RUNS:-1}
ONLY=${ONLY:-examples-mnist ppo-libtorch}
IGNORE='fps|time_elapsed|Saving|[0-9]+(\.[0-9]+)? ?(s|ms|sec)\b'
export REPO IGNORE
mkdir -p "$OUT" "$WORK"
exec > >(tee "$OUT/log") 2>&1
T0=$SECONDS

nvidia-smi -L || true
TORCH_PREFIX=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
echo "environment: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1);" \
  "torch $(python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'); $(c++ --version | head -1)"
CUDA_ROOT=${CUDA_HOME:-/usr/local/cuda}
[ -x "$CUDA_ROOT/bin/nvcc" ] || CUDA_ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
export CUDACXX=$CUDA_ROOT/bin/nvcc
CUDA_ARGS="-DCMAKE_PREFIX_PATH=$TORCH_PREFIX -DCUDAToolkit_ROOT=$CUDA_ROOT -DCMAKE_CUDA_COMPILER=$CUDACXX"

RV=$WORK/rv
( cmake -S "$REPO/runtime-verify" -B "$RV" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    $CUDA_ARGS -DCMAKE_CUDA_ARCHITECTURES=native > "$WORK/rv.log" 2>&1 &&
  ninja -C "$RV" torchsync-probe >> "$WORK/rv.log" 2>&1 ) || { tail -30 "$WORK/rv.log"; exit 1; }
python3 "$HERE/prepare.py" data "$WORK/run" || { echo "data failed"; exit 1; }
PROBE=$RV/lib/libtorchsync-probe.so
echo "=== probe and data in $((SECONDS - T0)) s"

for name in $ONLY; do
  line=$(python3 "$HERE/prepare.py" list | awk -F'\t' -v n="$name" '$1 == n')
  [ -n "$line" ] || { echo "=== $name: no such program"; continue; }
  checkout=$(cut -f2 <<< "$line") cwd=$(cut -f3 <<< "$line")
  IFS=$'\x1f' read -r -a args <<< "$(cut -f4 <<< "$line")"
  read -r -a envs <<< "$(cut -f5 <<< "$line")"
  # The program runs in its checkout's copy, or in a folder of it (the
  # pytorch-cpp tutorials run in their build folder), which holds the files
  # it reads.
  sub=.
  if [ "$cwd" != "$checkout" ] && [ "$cwd" != "$name" ]; then
    case "$cwd" in
      "$checkout"/*) sub=${cwd#"$checkout"/} ;;
      *) echo "=== $name: it runs in $cwd, outside its checkout: skipped"; continue ;;
    esac
  fi
  tree=$WORK/trees/$name
  rm -rf "$tree" && mkdir -p "$tree/$sub"
  cp -a "$HERE/src/$checkout/." "$tree/"
  # The files it reads: its folder's, or (in a folder of the checkout,
  # reading ../../data) the whole checkout's.
  if [ "$sub" = . ]; then cp -a "$WORK/run/$cwd/." "$tree/"
  else cp -a "$WORK/run/$checkout/." "$tree/"; fi
  id=$(tr -c 'A-Za-z0-9\n' '_' <<< "$checkout")
  build="cmake -S $HERE -B $tree/build-fc -G Ninja -DCMAKE_BUILD_TYPE=None \
-DCMAKE_CXX_FLAGS='-g -O1' $CUDA_ARGS -DCHECKOUT_$id=$tree > /dev/null && ninja -C $tree/build-fc $name"
  left=$((DEADLINE_S - (SECONDS - T0) - 30))
  # Two builds side by side, then 2 x RUNS runs.
  timeout=$(( left / (2 * RUNS + 1) ))
  if [ "$timeout" -lt 30 ]; then echo "=== $name: no time left, skipped"; continue; fi
  echo "=== $name: each run within $timeout s, in $tree: ${args[*]}"
  rm -rf "$WORK/keep-$name"
  (cd "$tree/$sub" && env ${envs[@]+"${envs[@]}"} python3 "$REPO/runtime-verify/tools/torchsync-verify" \
     fix-check --root "$tree" --findings "$HERE/results/$name.findings.json" --probe "$PROBE" \
     --build "$build" --timeout "$timeout" --rtol "$RTOL" --runs "$RUNS" \
     --keep "$WORK/keep-$name" \
     --ignore-output "$IGNORE" \
     --format=json -o "$OUT/$name.fixcheck.json" -- "$tree/build-fc/$name" ${args[@]+"${args[@]}"})
  echo "=== $name: fix-check exit $? after $((SECONDS - T0)) s"
  python3 - "$OUT/$name.fixcheck.json" > "$OUT/$name.fixcheck.txt" <<'PY' || true
import json, sys
r = json.load(open(sys.argv[1]))
print(json.dumps(r.get("summary", r), indent=1, sort_keys=True))
b = r.get("before", {})
print("before: trace", json.dumps(b.get("trace")), "program", json.dumps(b.get("program", {}).get("wall_s")))
for v in r.get("variants", []):
    print("after: trace", json.dumps(v.get("run", {}).get("trace")), "syncs", json.dumps(v.get("syncs")))
    print("verdict:", v.get("verdict"), "time:", json.dumps(v.get("time")), "outputs:", json.dumps(v.get("outputs"))[:600])
    for f in v.get("findings", []):
        print(" ", "%s:%s" % (f.get("path"), f.get("line")), f.get("check"), "fixed" if f.get("fixed") else "-", json.dumps(f.get("before")), json.dumps(f.get("after")))
PY
  ls "$WORK/keep-$name" | tr '\n' ' '; echo
  # Each copy's runs against each other: the program's own differences.
  if [ "$RUNS" -gt 1 ]; then
    python3 - "$WORK/keep-$name" "$RTOL" >> "$OUT/$name.fixcheck.txt" <<'PY' || true
import os, re, sys
sys.path.insert(0, os.path.join(os.environ["REPO"], "runtime-verify", "tools"))
import fix_check
keep, rtol = sys.argv[1], float(sys.argv[2])
ignore = re.compile(os.environ["IGNORE"])
import itertools
runs = []
for v in ("before", "after"):
    for k in range(1, 10):
        path = os.path.join(keep, v + ("" if k == 1 else ".%d" % k) + ".stdout")
        if os.path.exists(path):
            runs.append(("%s.%d" % (v, k), open(path).read()))
# Every pair of runs: the largest relative difference of any number, and
# how many numbers differ by more than the tolerance.
for (na, a), (nb, b) in itertools.combinations(runs, 2):
    _, stats = fix_check.compare_text(a, b, 1e300, 1e300, ignore)
    la = [l for l in a.splitlines() if not ignore.search(l)]
    lb = [l for l in b.splitlines() if not ignore.search(l)]
    over = 0
    for x, y in zip(la, lb):
        for u, w in zip(fix_check.NUMBER.findall(x), fix_check.NUMBER.findall(y)):
            if not fix_check.same_number(u, w, rtol, 1e-6)[0]:
                over += 1
    print("%s vs %s: %d numbers, largest relative difference %.3g, %d beyond rtol %g"
          % (na, nb, stats["numbers"], stats["max_rel_diff"], over, rtol))
PY
  fi
  cat "$OUT/$name.fixcheck.txt"
done
echo "=== done in $((SECONDS - T0)) s"
