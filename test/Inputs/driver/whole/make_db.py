"""Copies the project PROJECT (a directory beside this script) to DEST and
writes DEST/build/compile_commands.json for its .cpp files (clang++
-std=c++17 -isystem MOCK [-include-pch PCH]).

make_db.py PROJECT DEST MOCK [PCH]: PCH (lit's %mock_pch, empty where it was
not built) is the mock <torch/torch.h> precompiled with those flags. A file
gets it when its first directive includes <torch/torch.h>, or includes a
header of the project whose first directive (after `#pragma once`) does, and
so on: the compiler then sees the same declarations in the same order as
without it (test/check_torchsync.py's uses_pch)."""
import json, os, re, shutil, sys

project, dest, mock = sys.argv[1], sys.argv[2], sys.argv[3]
pch = sys.argv[4] if len(sys.argv) > 4 else ""
src = os.path.join(os.path.dirname(os.path.abspath(__file__)), project)
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(src, dest)
os.makedirs(os.path.join(dest, "build"))

COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def torch_first(path, seen=()):
    """Whether PATH's first directive leads to <torch/torch.h> first."""
    if path in seen or not os.path.isfile(path):
        return False
    with open(path, encoding="utf-8") as f:
        text = COMMENTS.sub("", f.read())
    for line in text.splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"#\s*pragma\s+once", line):
            continue
        if re.fullmatch(r"#\s*include\s*<torch/torch\.h>", line):
            return True
        m = re.fullmatch(r'#\s*include\s*"([^"]+)"', line)
        return bool(m) and torch_first(
            os.path.join(os.path.dirname(path), m.group(1)), seen + (path,))
    return False


entries = []
for name in sorted(os.listdir(dest)):
    if name.endswith(".cpp"):
        path = os.path.join(dest, name)
        extra = ["-include-pch", pch] if pch and torch_first(path) else []
        entries.append({"directory": os.path.join(dest, "build"), "file": path,
                        "arguments": ["clang++", "-std=c++17", "-isystem", mock]
                                     + extra + ["-c", path]})
with open(os.path.join(dest, "build", "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
