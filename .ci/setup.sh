#!/usr/bin/env bash
# Installs what torchsync needs from Debian's archive (when missing) and
# builds it into build/. Safe to run again: it only installs what is absent
# and rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(clang-19 clang-tools-19 clang-tidy-19 clang-format-19 libclang-19-dev llvm-19-dev llvm-19-tools
          libtorch-dev cmake ninja-build python3 python3-jsonschema python3-yaml git binutils
          libclang-rt-19-dev lld-19 neovim libgtest-dev python3-dev pybind11-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Configured for /usr, the prefix of the Debian package that .ci/package.sh
# makes from this build (the programs name their installed docs).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
cmake --build build
