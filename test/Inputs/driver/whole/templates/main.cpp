#include "batches.h"

// Function templates of this file: their parameters hold what the calls of
// every instantiation pass.
template <typename M>
double train_epoch(M &net, Batches iter, torch::Device device) {
  double total = 0;
  for (size_t i = 0; i < iter.size(); ++i) {
    auto X = iter[i].first.to(device);
    auto Y = iter[i].second.to(device);
    total += torch::mse_loss(net->forward(X.to(torch::kFloat)), Y.to(torch::kFloat))
                 .template item<double>();
  }
  return total;
}

template <typename M> void train(M &net, Batches iter, torch::Device device) {
  for (int epoch = 0; epoch < 10; ++epoch)
    train_epoch(net, iter, device);
}

// Called with host batches and with CUDA ones: not known.
template <typename M> void evaluate(M &net, Batches iter, torch::Device device) {
  for (size_t i = 0; i < iter.size(); ++i)
    net->forward(iter[i].first.to(device).to(torch::kFloat));
}

int main() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  std::vector<int> ids(100, 1);
  torch::nn::Linear net(4, 4);
  net->to(device);
  Batches iter = make_batches(ids, 8);
  train(net, iter, device);
  auto list = load_list(4);
  for (int epoch = 0; epoch < 3; ++epoch) {
    for (size_t i = 0; i < list.size(); ++i)
      net->forward(list[i].to(device));
    evaluate(net, iter, device);
    evaluate(net, load_cuda_batches(2), device);
  }
}
