#include "data.h"

// Each result is given a variable of its own (`img_host`, `masks_host`),
// which the fix tests at run time: the device, the CPU, not pinned.
void train(torch::nn::Linear &model, torch::Device &device, Env &env) {
  auto masks = torch::zeros({4, 3}, torch::TensorOptions().dtype(torch::kBool).device(device));
  for (int step = 0; step < 4; ++step) {
    auto img = load_image(step).to(device);
    masks[step] = env.action_mask();
    model->forward(img.reshape({-1, 4}));
  }
}

int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::nn::Linear model(4, 4);
  model->to(device);
  Env env;
  train(model, device, env);
}
