"""Copies the project PROJECT (a directory beside this script) to DEST and
writes DEST/build/compile_commands.json for its .cpp files (clang++
-std=c++17 -isystem MOCK)."""
import json, os, shutil, sys

project, dest, mock = sys.argv[1], sys.argv[2], sys.argv[3]
src = os.path.join(os.path.dirname(os.path.abspath(__file__)), project)
shutil.rmtree(dest, ignore_errors=True)
shutil.copytree(src, dest)
os.makedirs(os.path.join(dest, "build"))
entries = []
for name in sorted(os.listdir(dest)):
    if name.endswith(".cpp"):
        path = os.path.join(dest, name)
        entries.append({"directory": os.path.join(dest, "build"), "file": path,
                        "arguments": ["clang++", "-std=c++17", "-isystem", mock,
                                      "-c", path]})
with open(os.path.join(dest, "build", "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
