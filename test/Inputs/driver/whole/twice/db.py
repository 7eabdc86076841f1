"""db.py DEST MOCK ORDER: writes DEST/compile_commands.json listing enc.cpp
once and main.cpp twice (a target without and one with -DUSE_CUDA), in the
ORDER given ("plain-first" or "cuda-first")."""
import json, os, sys

dest, mock, order = sys.argv[1], sys.argv[2], sys.argv[3]


def entry(name, extra=()):
    path = os.path.join(dest, name)
    return {"directory": dest, "file": path,
            "arguments": ["clang++", "-std=c++17", "-isystem", mock, *extra, "-c", path]}


mains = [entry("main.cpp"), entry("main.cpp", ["-DUSE_CUDA"])]
if order == "cuda-first":
    mains.reverse()
with open(os.path.join(dest, "compile_commands.json"), "w") as f:
    json.dump([entry("enc.cpp")] + mains, f, indent=1)
