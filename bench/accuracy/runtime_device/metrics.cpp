#include "metrics.h"

#include <iostream>

void Metrics::update(const torch::Tensor& logits, const torch::Tensor& labels) {
  auto predicted = (logits > 0).to(torch::kFloat).cpu();
  auto truth = labels.cpu();
  hits_ += predicted.eq(truth).sum().item<double>();
  total_ += static_cast<double>(truth.numel());
}

void Metrics::report(int step, const torch::Tensor& loss) {
  std::cout << "step " << step << " loss " << loss.item<float>() << " accuracy "
            << (total_ > 0 ? hits_ / total_ : 0.0) << '\n';
}
