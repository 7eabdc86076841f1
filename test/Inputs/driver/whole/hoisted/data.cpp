#include "data.h"

torch::Tensor load_image(int index) {
  return torch::rand({3, 8, 8}) + index;
}

torch::Tensor Env::action_mask() { return torch::ones({3}, torch::kBool); }
