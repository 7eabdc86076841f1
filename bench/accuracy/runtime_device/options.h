#pragma once

#include <torch/torch.h>

#include <string>

struct Options {
  torch::Device device{torch::kCPU};
  int steps = 300;
  int log_every = 25;
};

// Reads --device NAME (cpu, cuda, cuda:1, ...), --steps N and --log-every N.
Options parse_options(int argc, char* argv[]);
