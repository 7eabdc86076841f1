#include "trainer.h"

Trainer::Trainer(Classifier model, torch::Device device, double lr)
    : model_(std::move(model)), device_(device),
      optimizer_(model_->parameters(), torch::optim::AdamWOptions(lr)) {}

torch::Tensor Trainer::step(torch::data::Example<>& batch) {
  auto data = batch.data.to(device_);
  auto target = batch.target.to(device_);

  optimizer_.zero_grad();
  auto logits = model_->forward(data);
  auto loss = torch::nn::functional::cross_entropy(logits, target);
  loss.backward();
  optimizer_.step();

  loss_sum_ += loss.item<double>();
  correct_ += logits.argmax(1).eq(target).sum().item<int64_t>();
  seen_ += target.size(0);
  ++steps_;
  return loss.detach();
}

float Trainer::evaluate(const torch::Tensor& x, const torch::Tensor& y) {
  torch::NoGradGuard no_grad;
  model_->eval();
  auto pred = model_->forward(x).argmax(1);
  const float acc = pred.eq(y).to(torch::kFloat).mean().item<float>();
  model_->train();
  return acc;
}

void Trainer::reset() {
  loss_sum_ = 0.0;
  steps_ = 0;
  correct_ = 0;
  seen_ = 0;
}
