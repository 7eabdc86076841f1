"""Copies this project to DEST and writes DEST/build/compile_commands.json
for its .cpp files (clang++ -std=c++17 -isystem MOCK [-include-pch PCH]).

make_db.py DEST MOCK [PCH]: PCH (lit's %mock_pch, empty where it was not
built) is the mock <torch/torch.h> precompiled with those flags; every file
of this project starts with that include, so it sees the same on it
(test/check_torchsync.py's uses_pch)."""
import json, os, shutil, sys

src, dest, mock = os.path.dirname(os.path.abspath(__file__)), sys.argv[1], sys.argv[2]
pch = ["-include-pch", sys.argv[3]] if len(sys.argv) > 3 and sys.argv[3] else []
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(src, dest, ignore=shutil.ignore_patterns("*.py"))
os.makedirs(os.path.join(dest, "build"))
entries = []
for rel in ("src/a.cpp", "src/b.cpp", "src/c.cpp", "tests/t_test.cpp"):
    path = os.path.join(dest, rel)
    entries.append({"directory": os.path.join(dest, "build"), "file": path,
                    "arguments": ["clang++", "-std=c++17", "-isystem", mock]
                                 + pch + ["-c", path]})
with open(os.path.join(dest, "build", "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
