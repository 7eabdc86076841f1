#!/usr/bin/env bash
# House style of the project's own C++ sources (checks/, driver/,
# runtime-verify/, test/fuzz/, test/unit/, .ci/lint/): formatting against
# .clang-format (LLVM style), no include cycles among the checks' sources,
# and LLVM's style checks through .ci/self-lint.yaml, in the scope that
# .ci/lint's clang-tidy plugin sets (our own code). The lint configuration
# is passed with --config-file and lives here, not in a .clang-tidy at the
# root: clang-tidy looks .clang-tidy up through parent folders, and test
# output lives under build/ inside the repository, so a root .clang-tidy would
# switch the torchsync checks off in every test.
#
#   bash .ci/style.sh                 format + lint every project source
#   bash .ci/style.sh --base REV      only the lines / files changed since REV
#   bash .ci/style.sh --fix           apply clang-format in place
# Needs build/compile_commands.json (bash .ci/setup.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
base=""
fix=0
while (($#)); do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --fix) fix=1; shift ;;
    *) echo "style.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
start=$SECONDS
patterns=('checks/*.cpp' 'checks/*.h' 'driver/*.cpp' 'driver/*.h'
          'runtime-verify/*.cpp' 'runtime-verify/*.h' 'test/fuzz/*.cpp' 'test/unit/*.cpp'
          '.ci/lint/*.cpp')

# Formatting.
if [ -n "$base" ]; then
  mapfile -t files < <(git diff --name-only --diff-filter=d "$base" -- "${patterns[@]}")
else
  mapfile -t files < <(git ls-files -- "${patterns[@]}")
fi
status=0
if ((${#files[@]})); then
  if ((fix)); then
    clang-format-19 -i "${files[@]}"
  elif ! clang-format-19 --dry-run -Werror "${files[@]}" 2>/tmp/torchsync-format.$$; then
    grep -E '^[^ ].*: error:' /tmp/torchsync-format.$$ | cut -d: -f1 | sort -u |
      sed 's/^/style: not formatted: /' >&2
    echo "style: run 'bash .ci/style.sh --fix' (clang-format-19 -i on the files above)" >&2
    status=1
  fi
  rm -f /tmp/torchsync-format.$$
fi
echo "style: formatting of ${#files[@]} files checked in $((SECONDS - start))s"

# No include cycles among the checks' sources (a header and its source are
# one component; .ci/include_cycles.py prints each cycle with its lines).
if ! python3 .ci/include_cycles.py >&2; then
  echo "style: include cycles in checks/ (above)" >&2
  status=1
fi

# LLVM's style checks on every translation unit the build compiles (headers
# through -header-filter), or on the changed ones.
start=$SECONDS
tus=()
for f in "${files[@]}"; do
  case "$f" in *.cpp) tus+=("$PWD/$f") ;; esac
done
if [ -z "$base" ]; then
  mapfile -t tus < <(python3 -c '
import json, os, sys
root = os.getcwd() + "/"
seen = set()  # a file built into two targets is linted once
for e in json.load(open("build/compile_commands.json")):
    f = os.path.join(e["directory"], e["file"])
    rel = os.path.relpath(f, root)
    if rel.split("/")[0] in ("checks", "driver", "runtime-verify", "test", ".ci") and f not in seen:
        seen.add(f)
        print(f)')
fi
if ((${#tus[@]})) && ((! fix)); then
  # The plugin of .ci/lint (built with the project) keeps the checks to our
  # own declarations (.ci/self-lint.yaml says why).
  scope_plugin=build/lib/libTorchSyncLintScope.so
  if [ ! -f "$scope_plugin" ]; then
    echo "style: $scope_plugin is missing (cmake --build build)" >&2
    exit 2
  fi
  if ! run-clang-tidy-19 -p build -config-file=.ci/self-lint.yaml -quiet -j "$(nproc)" \
      -load="$scope_plugin" \
      -header-filter="^$PWD/(checks|driver|runtime-verify|\.ci)/" -warnings-as-errors='*' \
      "${tus[@]}" > /tmp/torchsync-lint.$$ 2>&1; then
    grep -E 'warning:|error:' /tmp/torchsync-lint.$$ | sort -u >&2 || tail -20 /tmp/torchsync-lint.$$ >&2
    echo "style: lint findings above (.ci/self-lint.yaml)" >&2
    status=1
  fi
  rm -f /tmp/torchsync-lint.$$
  echo "style: lint of ${#tus[@]} translation units in $((SECONDS - start))s"
fi
exit $status
