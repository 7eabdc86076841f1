#!/usr/bin/env python3
"""The public LibTorch programs of bench/public: where they come from, how
their sources are checked out and how their data is replaced.

    prepare.py checkout [--mirrors DIR]   sources into bench/public/src/
    prepare.py data RUN_DIR               random data files under RUN_DIR
    prepare.py list                       one line per program (name, checkout, cwd,
                                          args apart by \\x1f, env)

The third-party code never enters git: `checkout` extracts the pinned
commits (`git archive`) from local mirrors of the upstream repositories
into bench/public/src/, which .gitignore ignores. Not one source file is
edited.

`data` writes the files the programs read, in the upstream file formats,
with the same sizes and shapes as the real data sets and random contents
(a fixed seed): MNIST (idx files, random pixels, labels 0-9), CIFAR-10
(binary version, random pixels, labels 0-9) and a Penn Treebank
`train.txt` with the same number of lines, words and distinct words as the
real one (random words). Only python3's standard library is used, so it runs
on the GPU machine too.
"""

import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "src")

# Upstream repositories, pinned. "paths" are what `checkout` extracts.
REPOS = {
    "examples": {
        "repo": "pytorch/examples",
        "commit": "77f55b912142e11fcfdf5b530231fb9c52f181e8",
        "paths": ["cpp/mnist", "cpp/dcgan", "LICENSE"],
    },
    "pytorch-cpp": {
        "repo": "prabhuomkar/pytorch-cpp",
        "commit": "4c4d060f94f4b06cf2ce8cf43fa48b320e319507",
        "paths": ["tutorials/intermediate/language_model",
                  "tutorials/intermediate/deep_residual_network", "LICENSE"],
    },
    # Issue 25: an independent reinforcement-learning trainer (PPO on C++
    # CartPole environments that a thread pool steps; toml++ vendored).
    "ppo-libtorch": {
        "repo": "AidanShipperley/PPO-LibTorch",
        "commit": "9f5c46b9ea214d62b70c9a7969ca1e73e364c03f",
        "paths": ["PPO", "Distributions", "Environments", "Utils", "driver.cpp",
                  "third_party/tomlplusplus", "LICENSE"],
    },
    # Issue 25: a batch-inference program (RWKV-7 decoding with custom CUDA
    # kernels); its `benchmark` target needs only LibTorch and CUDA.
    "rwkv-lightning": {
        "repo": "Alic-Li/rwkv_lightning_libtorch",
        "commit": "ee16cb8aa25ec7eab85c3c91deb7e884d8f1502e",
        "paths": ["src", "LICENSE"],
    },
    # Issue 25: a detection trainer (an SSD-style detector with FP16
    # autocast, a gradient scaler, mAP validation with NMS every epoch and a
    # test pass that draws its detections), written for Windows and OpenCV:
    # shims/ stands in for the calls it makes to both.
    "ssd-libtorch": {
        "repo": "shershunov/ssd.libtorch",
        "commit": "638296ec533b6fd41c821650d32b4fe712376f23",
        "paths": ["main.cpp", "main.h", "model", "train", "utils", "LICENSE"],
    },
    # Issue 25: a recurrent language model trainer from a port of the book
    # "Dive into Deep Learning" to LibTorch (chapter 9, gated recurrent
    # units: a GRU written from scratch, then torch::nn::RNN, each trained
    # with gradient clipping and sampled from every 10 epochs). Its helpers
    # include jsoncpp and Matplot++ headers: shims/ stands in for both.
    "d2l-libtorch": {
        "repo": "jiamny/Dive_into_deep_learning_with_libtorch",
        "commit": "13975bef3613443a6617d9a20d2a75fb805146f8",
        "paths": ["src/09_Recurrent_Modern/Gated_recurrent_units.cpp",
                  "src/09_Recurrent_Modern/CMakeLists.txt", "src/utils/ch_8_9_util.h",
                  "src/utils/ch_8_9_util.cpp", "src/utils.h", "src/TempHelpFunctions.hpp",
                  "LICENSE"],
    },
    # A dependency of cpp/dcgan (a header it includes); outside every root,
    # so the verifier never counts it as user code.
    "_deps/argparse": {
        "repo": "p-ranav/argparse",
        "commit": None,  # filled in from the mirror's HEAD, printed by checkout
        "paths": ["include/argparse/argparse.hpp", "LICENSE"],
    },
}
ARGPARSE_COMMIT = "d924b84eba1f0f0adf38b20b7b4829f6f65b6570"
REPOS["_deps/argparse"]["commit"] = ARGPARSE_COMMIT

# Each program: its checkout (the verifier's and torchsync's --root), the
# executable (bench/public/CMakeLists.txt), the folder it runs in, relative
# to the run folder (the programs read their data through relative paths
# such as "./data" or "../../../../data/mnist/"), and its arguments.
PROGRAMS = [
    {"name": "examples-mnist", "checkout": "examples", "dir": "cpp/mnist",
     "cwd": "examples-mnist", "args": [], "data": ["mnist:examples-mnist/data"]},
    # --epochs is the program's own option (default 30); one epoch of
    # 938 steps shows the steady state.
    {"name": "examples-dcgan", "checkout": "examples", "dir": "cpp/dcgan",
     "cwd": "examples-dcgan", "args": ["--epochs", "1"],
     "data": ["mnist:examples-dcgan/data"]},
    {"name": "pytorch-cpp-language-model", "checkout": "pytorch-cpp",
     "dir": "tutorials/intermediate/language_model",
     "cwd": "pytorch-cpp/build/tutorials/intermediate/language_model", "args": [],
     "mkdir": ["output"],  # its CMakeLists.txt makes it after the build
     "data": ["ptb:pytorch-cpp/data/penntreebank"]},
    {"name": "pytorch-cpp-deep-residual-network", "checkout": "pytorch-cpp",
     "dir": "tutorials/intermediate/deep_residual_network",
     "cwd": "pytorch-cpp/build/tutorials/intermediate/deep_residual_network", "args": [],
     "data": ["cifar10:pytorch-cpp/data/cifar10"]},
    # It reads ./PPOConfig.toml: the repository's recommended CartPole
    # settings with CUDA on and fewer steps (ppo_config). Its deterministic
    # mode wants cuBLAS's workspace setting, as PyTorch's docs say, or it
    # warns on every matrix product.
    {"name": "ppo-libtorch", "checkout": "ppo-libtorch", "dir": ".",
     "cwd": "ppo-libtorch", "args": [], "data": ["ppo-config:ppo-libtorch"],
     "env": {"CUBLAS_WORKSPACE_CONFIG": ":4096:8"}},
    # Batch mode of its benchmark: 8 prompts prefilled, then decoded step by
    # step (sampled on the GPU, read on the host, fed back). Weights of the
    # RWKV-7 0.1B shapes with random values (rwkv_weights); the vocabulary is
    # the repository's own file, copied beside them.
    {"name": "rwkv-lightning-benchmark", "checkout": "rwkv-lightning", "dir": "src",
     "cwd": "rwkv-lightning",
     "args": ["--weights", "rwkv/rwkv7-0.1b-random.st", "--vocab",
              "rwkv/rwkv_vocab_v20230424.txt", "--batch-prompts-text",
              "User: simulate SpaceX mars landing using python\\n\\nAssistant: <think",
              "--batch-size", "8", "--batch-steps", "512", "--batch-temp", "1.0"],
     "data": ["rwkv-weights:rwkv-lightning/rwkv"]},
    # It reads "C:/datasets/data/" (a relative folder on Linux): images and
    # YOLO-format labels of a train and a val split, and labels.txt
    # (ssd_images); its epochs and batch size are constants of main().
    {"name": "ssd-libtorch", "checkout": "ssd-libtorch", "dir": ".",
     "cwd": "ssd-libtorch", "args": [],
     "data": ["ssd-images:ssd-libtorch/C:/datasets/data"]},
    # It reads ./data/timemachine.txt (d2l_text), keeps its first 10000
    # characters and trains two models 200 epochs each (constants of main()).
    {"name": "d2l-gru", "checkout": "d2l-libtorch", "dir": "src",
     "cwd": "d2l-libtorch", "args": [], "data": ["d2l-text:d2l-libtorch/data"]},
]


def mirror_of(repo, mirrors):
    return os.path.join(mirrors, repo.replace("/", "+"), "repo")


def cmd_checkout(args):
    for folder, r in REPOS.items():
        git_dir = mirror_of(r["repo"], args.mirrors)
        dest = os.path.join(SRC, folder)
        os.makedirs(dest, exist_ok=True)
        archive = subprocess.run(
            ["git", "--git-dir", git_dir, "archive", "--format=tar", r["commit"]] + r["paths"],
            stdout=subprocess.PIPE, check=True).stdout
        subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
        print("%s: %s@%s -> %s" % (folder, r["repo"], r["commit"], os.path.relpath(dest)))


# ------------------------------------------------------------------ data

def idx_file(path, magic, dims, payload):
    with open(path, "wb") as f:
        f.write(struct.pack(">i", magic))
        for d in dims:
            f.write(struct.pack(">i", d))
        f.write(payload)


def labels(rng, n, classes=10):
    return bytes(rng.randrange(classes) for _ in range(n))


def mnist(folder, rng):
    # torch/csrc/api/src/data/datasets/mnist.cpp: 60000 / 10000 images of
    # 28x28 bytes, big-endian idx headers (2051 images, 2049 labels).
    for prefix, n in (("train", 60000), ("t10k", 10000)):
        idx_file(os.path.join(folder, prefix + "-images-idx3-ubyte"), 2051, (n, 28, 28),
                 rng.randbytes(n * 28 * 28))
        idx_file(os.path.join(folder, prefix + "-labels-idx1-ubyte"), 2049, (n,),
                 labels(rng, n))


def cifar10(folder, rng):
    # The binary version: 10000 rows of 1 label byte + 3072 pixel bytes per
    # file, data_batch_1..5.bin and test_batch.bin.
    names = ["data_batch_%d.bin" % i for i in range(1, 6)] + ["test_batch.bin"]
    for name in names:
        with open(os.path.join(folder, name), "wb") as f:
            for _ in range(10000):
                f.write(bytes((rng.randrange(10),)))
                f.write(rng.randbytes(3072))


# The real ptb.train.txt: 42068 lines, 887521 words, 9999 distinct words
# (with the <eos> the program appends to each line: 929589 ids, a
# vocabulary of 10000).
PTB_LINES, PTB_WORDS, PTB_VOCAB = 42068, 887521, 9999


def ptb(folder, rng):
    vocab = ["w%d" % i for i in range(PTB_VOCAB)]
    words = vocab[:]
    rng.shuffle(words)  # every word once, then random ones
    words += [rng.choice(vocab) for _ in range(PTB_WORDS - PTB_VOCAB)]
    base, extra = divmod(PTB_WORDS, PTB_LINES)
    at = 0
    with open(os.path.join(folder, "train.txt"), "w") as f:
        for i in range(PTB_LINES):
            n = base + (1 if i < extra else 0)
            f.write(" " + " ".join(words[at:at + n]) + " \n")
            at += n
    assert at == PTB_WORDS


# PPO-LibTorch's Environments/CartPoleRecommendedSettings.toml at the pinned
# commit, with two values changed: use_cuda (false upstream) and
# total_timesteps (100000 upstream: 390 updates, about 20 minutes under the
# probe; 8192 is 32 updates of 8 environments x 32 steps).
PPO_CONFIG = """# PPO Configuration File for CartPole (bench/public/prepare.py)

[environment]
obs_size = 4
action_size = 1
max_episode_steps = 500

[general]
seed = 2
total_timesteps = 8192
use_cuda = true
torch_deterministic = true
checkpoint_updates = 50

[ppo]
learning_rate = 0.001
num_envs = 8
num_steps = 32
anneal_lr = true
use_gae = true
gamma = 0.98
gae_lambda = 0.95
num_minibatches = 4
update_epochs = 10
norm_adv = true
clip_coef = 0.2
clip_vloss = true
ent_coef = 0.0
vf_coef = 0.5
max_grad_norm = 0.5
"""


def ppo_config(folder, rng):
    with open(os.path.join(folder, "PPOConfig.toml"), "w") as f:
        f.write(PPO_CONFIG)


# RWKV-7 0.1B (what rwkv_lightning's convert_safetensors.py writes): width
# 768 in 12 heads of 64, 12 layers, a vocabulary of 65536, feed-forward 3072,
# low-rank widths 64 (decay, a), 32 (v, from layer 1) and 128 (gate).
RWKV_C, RWKV_L, RWKV_H, RWKV_V, RWKV_F = 768, 12, 12, 65536, 3072


def rwkv_tensors():
    C, F = RWKV_C, RWKV_F
    yield "emb.weight", [RWKV_V, C]
    for n in ("blocks.0.ln0.weight", "blocks.0.ln0.bias", "ln_out.weight", "ln_out.bias"):
        yield n, [C]
    yield "head.weight", [RWKV_V, C]
    for i in range(RWKV_L):
        b, att, ffn = "blocks.%d." % i, "blocks.%d.att." % i, "blocks.%d.ffn." % i
        for n in ("ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias"):
            yield b + n, [C]
        for n in ("x_r", "x_w", "x_k", "x_v", "x_a", "x_g", "w0", "a0", "k_k", "k_a"):
            yield att + n, [1, 1, C]
        for n, r in (("w", 64), ("a", 64), ("g", 128)) + ((("v", 32),) if i else ()):
            yield att + n + "1", [r, C]
            yield att + n + "2", [C, r]
        if i:
            yield att + "v0", [1, 1, C]
        yield att + "r_k", [RWKV_H, C // RWKV_H]
        for n in ("receptance", "key", "value", "output"):
            yield att + n + ".weight", [C, C]
        yield att + "ln_x.weight", [C]
        yield att + "ln_x.bias", [C]
        yield ffn + "x_k", [1, 1, C]
        yield ffn + "key.weight", [F, C]
        yield ffn + "value.weight", [C, F]


def rwkv_weights(folder, rng):
    """A safetensors file (8-byte little-endian header length, a JSON header
    of F16 tensors with their shapes and data offsets, the data) of random
    half floats below 2^-3 in magnitude (no inf or NaN: the exponent field
    of each high byte is kept below 12), and the repository's vocabulary."""
    header, offset = {}, 0
    for name, shape in rwkv_tensors():
        n = 2
        for d in shape:
            n *= d
        header[name] = {"dtype": "F16", "shape": shape, "data_offsets": [offset, offset + n]}
        offset += n
    text = json.dumps(header, separators=(",", ":")).encode()
    capped = bytes((b & 0x83) | ((((b >> 2) & 0x1F) % 12) << 2) for b in range(256))
    chunk = 1 << 23  # randbytes takes at most 2^31 bits at a time; even
    with open(os.path.join(folder, "rwkv7-0.1b-random.st"), "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for at in range(0, offset, chunk):
            data = bytearray(rng.randbytes(min(chunk, offset - at)))
            data[1::2] = bytes(data[1::2]).translate(capped)
            f.write(data)
    shutil.copy(os.path.join(SRC, "rwkv-lightning", "src", "infer", "rwkv_vocab_v20230424.txt"),
                folder)


# ssd-libtorch's data set: the program reads every file of images/<split>/
# with cv::imread (the stand-in in shims/ reads binary PPM), the label file
# of the same stem in labels/<split>/ ("class cx cy w h" per object,
# normalized; main() sets 5 classes, background included, and the program
# adds 1 to each class), and labels.txt ("<class>: <name>") in its test pass.
SSD_SPLITS = {"train": 64, "val": 16}
SSD_W, SSD_H = 320, 240


def ssd_images(folder, rng):
    with open(os.path.join(folder, "labels.txt"), "w") as f:
        for c, name in enumerate(["background", "car", "person", "sign", "light"]):
            f.write("%d: %s\n" % (c, name))
    for split, n in SSD_SPLITS.items():
        images = os.path.join(folder, "images", split)
        labels = os.path.join(folder, "labels", split)
        os.makedirs(images, exist_ok=True)
        os.makedirs(labels, exist_ok=True)
        for i in range(n):
            stem = "%s_%04d" % (split, i)
            with open(os.path.join(images, stem + ".ppm"), "wb") as f:
                f.write(b"P6\n%d %d\n255\n" % (SSD_W, SSD_H))
                f.write(rng.randbytes(SSD_W * SSD_H * 3))
            with open(os.path.join(labels, stem + ".txt"), "w") as f:
                for _ in range(rng.randint(1, 6)):
                    w, h = rng.uniform(0.05, 0.5), rng.uniform(0.05, 0.5)
                    f.write("%d %.6f %.6f %.6f %.6f\n" % (
                        rng.randrange(4), rng.uniform(w / 2, 1 - w / 2),
                        rng.uniform(h / 2, 1 - h / 2), w, h))


# The Time Machine as "Dive into Deep Learning" ships it (data/timemachine.txt
# of the repository): 3221 lines, 373 of them blank once the program has
# replaced every run of non-letters by a space; 170580 letters and spaces in
# the rest. Random lower-case words in lines of the same lengths on average.
D2L_LINES, D2L_BLANK, D2L_CHARS = 3221, 373, 170580


def d2l_text(folder, rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    width = D2L_CHARS // (D2L_LINES - D2L_BLANK)
    blank = set(rng.sample(range(D2L_LINES), D2L_BLANK))
    with open(os.path.join(folder, "timemachine.txt"), "w") as f:
        for i in range(D2L_LINES):
            words, n = [], 0
            while i not in blank and n < width:
                w = "".join(rng.choice(letters) for _ in range(rng.randint(1, 9)))
                words.append(w)
                n += len(w) + 1
            f.write(" ".join(words) + "\n")


MAKERS = {"mnist": mnist, "cifar10": cifar10, "ptb": ptb, "ppo-config": ppo_config,
          "rwkv-weights": rwkv_weights, "ssd-images": ssd_images,
          "d2l-text": d2l_text}


def cmd_data(args):
    made = set()
    for p in PROGRAMS:
        for item in p["data"]:
            kind, rel = item.split(":", 1)
            folder = os.path.join(args.run_dir, rel)
            if folder in made:
                continue
            os.makedirs(folder, exist_ok=True)
            MAKERS[kind](folder, random.Random(13))
            made.add(folder)
            print("data: %s -> %s" % (kind, folder))
        cwd = os.path.join(args.run_dir, p["cwd"])
        os.makedirs(cwd, exist_ok=True)
        for d in p.get("mkdir", []):
            os.makedirs(os.path.join(cwd, d), exist_ok=True)


def cmd_list(args):
    for p in PROGRAMS:
        env = " ".join("%s=%s" % kv for kv in sorted(p.get("env", {}).items()))
        # The arguments apart by the unit separator: one may hold spaces.
        print("%s\t%s\t%s\t%s\t%s" % (p["name"], p["checkout"], p["cwd"],
                                      "\x1f".join(p["args"]), env))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("checkout")
    c.add_argument("--mirrors", default="/work/.mirror")
    c.set_defaults(func=cmd_checkout)
    d = sub.add_parser("data")
    d.add_argument("run_dir")
    d.set_defaults(func=cmd_data)
    sub.add_parser("list").set_defaults(func=cmd_list)
    args = ap.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main(sys.argv[1:])
