// Functions a harness cannot call; each is reported with the reason.
#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  float step(torch::Tensor x) {
    float r = 0;
    for (int i = 0; i < 3; ++i)
      r += x.sum().item<float>();
    return r;
  }
};

template <typename T> T reduce(torch::Tensor x) {
  T r = 0;
  for (int i = 0; i < 3; ++i)
    r += x.sum().item<T>();
  return r;
}

float sumAll(const std::vector<torch::Tensor> &xs) {
  float r = 0;
  for (const auto &x : xs)
    r += x.sum().item<float>();
  return r;
}

float evaluate(Net &net, torch::Tensor x) {
  float r = 0;
  for (int i = 0; i < 3; ++i)
    r += net.step(x) + x.sum().item<float>();
  return r;
}

float logged(torch::Tensor x, ...) {
  float r = 0;
  for (int i = 0; i < 3; ++i)
    r += x.sum().item<float>();
  return r;
}

float viaLambda(torch::Tensor x) {
  float r = 0;
  for (int i = 0; i < 3; ++i) {
    auto f = [&] { return x.sum().item<float>(); };
    r += f();
  }
  return r;
}

float run() {
  auto x = torch::randn({4}, torch::kCUDA);
  return reduce<float>(x);
}
