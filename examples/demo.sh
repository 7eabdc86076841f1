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
cp examples/*.cpp "$work/"
./build/bin/torchsync --fix --quiet "$work"/*.cpp "${flags[@]}" >/dev/null 2>&1
echo "== what --fix changes (fixes that keep the program's meaning)"
for f in examples/*.cpp; do
  diff -u --label "a/$f" --label "b/$f" "$f" "$work/$(basename "$f")"
done
exit 0
