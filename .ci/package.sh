#!/usr/bin/env bash
# CI, after the test suite: builds the Debian package from build/ (which
# .ci/setup.sh configured for /usr), installs it on this machine with
# apt-get, and runs the INSTALLED programs, not the build tree's, on the
# examples (parsed with Debian's LibTorch headers, as examples/demo.sh does):
# the driver, the plugin in clang-tidy-19, the verifier and the probe's
# build script. Safe to run again: the package is rebuilt and reinstalled.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
fail() { echo "package: FAILED: $*" >&2; exit 1; }
step() { echo "package: $*"; }

rm -f build/torchsync_*.deb
(cd build && cpack -G DEB > /dev/null)
debs=(build/torchsync_*_amd64.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack made no single torchsync_*_amd64.deb"
deb=${debs[0]}
step "built $deb"
# --reinstall: a re-run installs this build even when the version is the same.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --reinstall "./$deb" > /dev/null
[ "$(dpkg-query -W -f='${Status}' torchsync)" = "install ok installed" ] || fail "torchsync is not installed"
step "installed $(dpkg-query -W -f='${Package} ${Version}' torchsync)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-- -std=c++17 -isystem /usr/include/torch/csrc/api/include)
examples=(examples/*.cpp)

# The driver from PATH is the installed one.
[ "$(command -v torchsync)" = /usr/bin/torchsync ] || fail "torchsync on PATH is $(command -v torchsync)"
version=$(/usr/bin/torchsync --version)
[[ $version =~ ^torchsync\ [0-9]+\.[0-9]+\.[0-9]+\ \(LLVM\ 19\. ]] || fail "torchsync --version: $version"
step "$version"

# The examples have findings: exit 1, and a report that names them.
set +e
/usr/bin/torchsync --quiet --cache-dir="$work/cache" --format=json -o "$work/findings.json" \
  "${examples[@]}" "${flags[@]}"
status=$?
set -e
[ $status -eq 1 ] || fail "torchsync on the examples exited $status, expected 1 (findings)"
python3 - "$work/findings.json" > "$work/counts" << 'PY' || fail "the JSON report"
import collections, json, sys
findings = json.load(open(sys.argv[1]))["findings"]
assert findings, "no findings"
per_file = collections.Counter(f["path"] for f in findings)
for path, n in sorted(per_file.items()):
    print(path, n)
PY
step "driver: $(awk '{n += $2} END {print n}' "$work/counts") findings: $(tr '\n' ' ' < "$work/counts")"

# The SARIF report (from the cache this time) links check pages that the
# package installed.
set +e
/usr/bin/torchsync --quiet --cache-dir="$work/cache" --format=sarif -o "$work/findings.sarif" \
  "${examples[@]}" "${flags[@]}"
status=$?
set -e
[ $status -eq 1 ] || fail "torchsync --format=sarif exited $status, expected 1"
python3 - "$work/findings.sarif" << 'PY' || fail "SARIF links"
import json, os, sys, urllib.parse
driver = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]
uris = [r["helpUri"] for r in driver["rules"]] + [driver["informationUri"]]
missing = [u for u in uris if not (u.startswith("file:///usr/share/doc/torchsync/")
                                   and os.path.isfile(urllib.parse.urlparse(u).path))]
assert not missing, "links to no installed page: %s" % missing
PY
step "SARIF: every helpUri names a page in /usr/share/doc/torchsync"

# A tool error is exit 2 with one line.
set +e
/usr/bin/torchsync --quiet --no-cache "$work/no-such-file.cpp" "${flags[@]}" 2> "$work/err"
status=$?
set -e
[ $status -eq 2 ] && [ "$(wc -l < "$work/err")" -eq 1 ] || fail "a missing file: exit $status, $(cat "$work/err")"

# The installed plugin in clang-tidy-19 reports what the driver reports.
example=examples/train_classifier.cpp
set +e
clang-tidy-19 --load=/usr/lib/libTorchSyncTidy.so --checks='-*,torchsync-*' \
  --warnings-as-errors='torchsync-*' "$example" "${flags[@]}" > "$work/tidy.txt" 2> "$work/tidy.err"
status=$?
set -e
[ $status -ne 0 ] || fail "clang-tidy-19 with the plugin passed $example (warnings as errors)"
plugin=$(grep -c 'error: .*\[torchsync-[a-z-]*,-warnings-as-errors\]$' "$work/tidy.txt" || true)
driver=$(awk -v f="$example" '$1 == f {print $2}' "$work/counts")
[ "$plugin" -gt 0 ] && [ "$plugin" = "$driver" ] ||
  fail "the plugin found $plugin findings in $example, the driver ${driver:-0}"
step "plugin: $plugin findings in $example, as the driver"

# The installed verifier runs, with its modules, and links the installed docs.
torchsync-verify --help > /dev/null || fail "torchsync-verify --help"
inputs=test/runtime-verify/Inputs
(cd "$inputs" && torchsync-verify run --findings traces/empty.findings.json --trace traces/cut.jsonl \
  --root . --format=sarif -o "$work/verify.sarif") || fail "torchsync-verify run --trace"
grep -q '"informationUri": "file:///usr/share/doc/torchsync/verify-format.md"' "$work/verify.sarif" ||
  fail "torchsync-verify's report does not link the installed docs"
step "torchsync-verify: runs, links /usr/share/doc/torchsync/verify-format.md"

# The probe's installed sources build (the CPU self-test here; the probe too
# where the CUDA toolkit is).
set +e
torchsync-build-probe "$work/probe" > "$work/probe.log" 2>&1
status=$?
set -e
[ $status -le 1 ] && grep -q 'self-test passed' "$work/probe.log" ||
  { cat "$work/probe.log"; fail "torchsync-build-probe exited $status"; }
step "torchsync-build-probe: $(tail -n 1 "$work/probe.log" | sed 's/^torchsync-build-probe: //')"
# The recipes of docs/ci.md, against the installed torchsync.
python3 test/package/Inputs/check_ci_recipes.py --doc docs/ci.md --torchsync /usr/bin/torchsync \
  --mock-include "$PWD/test/Inputs/mock" --work "$work/recipes" > "$work/recipes.log" ||
  { grep -v '^ok:' "$work/recipes.log"; fail "the recipes of docs/ci.md"; }
step "docs/ci.md: $(grep -c '^ok:' "$work/recipes.log") recipe checks passed with /usr/bin/torchsync"
step "ok ($((SECONDS - t0)) s)"
