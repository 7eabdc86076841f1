"""Trains a linear model through the bench_ext extension, one call per step.

Usage: python3 driver.py BUILD_DIR [steps]   (BUILD_DIR holds bench_ext.so)
"""
import sys

import torch

sys.path.insert(0, sys.argv[1])
import bench_ext  # noqa: E402

steps = int(sys.argv[2]) if len(sys.argv) > 2 else 300
torch.manual_seed(0)
dev = torch.device("cuda")
true_w = torch.randn(32, 1, device=dev)
w = torch.zeros(32, 1, device=dev)
b = torch.zeros(1, device=dev)
for step in range(steps):
    x = torch.randn(256, 32, device=dev)
    y = x @ true_w + 0.1 * torch.randn(256, 1, device=dev)
    loss = bench_ext.sgd_step(w, b, x, y, 0.05)
    bench_ext.clip_norm_(w, 10.0)
    if step % 10 == 0:
        mean, std, peak = bench_ext.batch_stats(x)
print("final loss %.4f" % loss)
