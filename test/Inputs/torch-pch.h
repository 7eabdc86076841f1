// The preamble that the real-header tests share through a precompiled header
// (test/CMakeLists.txt builds it; test/check_torchsync.py says which inputs
// use it). Exactly the line a qualifying input starts with.
#include <torch/torch.h>
