#pragma once
#include <torch/torch.h>

// Host tensors made by functions of another file: their callers cannot see
// where the memory of what they return is, or, without the whole program,
// its device.
torch::Tensor load_image(int index);

struct Env {
  torch::Tensor action_mask();
};
