#include <torch/torch.h>

void train(torch::nn::Linear model, torch::optim::SGD &opt) {
  for (int step = 0; step < 100; ++step) {
    auto batch = torch::randn({8, 4}).to(torch::kCUDA);
    auto out = model(batch);
    auto loss = out.sum();
    opt.zero_grad();
    loss.backward();
    opt.step();
    auto host = out.cpu();
    float value = loss.item<float>();
    (void)host;
    (void)value;
  }
}
