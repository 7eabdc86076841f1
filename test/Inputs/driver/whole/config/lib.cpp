#include <torch/torch.h>
float readLoss(const torch::Tensor &t) { return t.item<float>(); }
