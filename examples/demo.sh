#!/usr/bin/env bash
# Runs torchsync on the example programs (parsed with Debian's LibTorch
# headers) and shows the diff that --fix would make, on a copy.
set -uo pipefail
cd "$(dirname "$0")/.."
flags=(-- -std=c++17 -isystem /usr/include/torch/csrc/api/include)

echo "== torchsync examples/*.cpp"
./build/bin/torchsync examples/*.cpp "${flags[@]}"
status=$?
echo "== exit code: $status (0: no findings, 1: findings, 2: error)"
[ "$status" -le 1 ] || exit "$status"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Shows the diff one fixing mode makes on a fresh copy of the examples.
show_fixes() {
  rm -f "$work"/*.cpp
  cp examples/*.cpp "$work/"
  ./build/bin/torchsync --no-cache "$1" --quiet "$work"/*.cpp "${flags[@]}" >/dev/null 2>&1
  local changed=0
  for f in examples/*.cpp; do
    diff -u --label "a/$f" --label "b/$f" "$f" "$work/$(basename "$f")" || changed=1
  done
  [ "$changed" -eq 1 ] || echo "(nothing)"
}
echo "== what --fix changes (fixes that keep the program's meaning on every device)"
show_fixes --fix
echo "== what --fix-notes also changes (each note says what the rewrite changes;"
echo "   the examples pick their device at run time, so pinning is on notes)"
show_fixes --fix-notes
exit 0
