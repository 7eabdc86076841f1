// A toy single-request inference server for the classifier trained by
// train_classifier.cpp.
//
// Requests arrive as plain float vectors in a queue. Each one is uploaded to
// the device, classified, corrected for a known class prior, and answered
// with the winning label, its probability and the time it took.
//
// Usage: inference_server [checkpoint-path]   (random weights if omitted)

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <iostream>
#include <memory>
#include <random>
#include <utility>
#include <vector>

namespace {

constexpr int64_t kInputs = 64;
constexpr int64_t kHidden = 256;
constexpr int64_t kClasses = 10;
constexpr int64_t kRequests = 1000;
constexpr float kMinConfidence = 0.2f;

struct Request {
  int64_t id;
  std::vector<float> features;
};

struct Response {
  int64_t id;
  int64_t label;
  float confidence;
  double latency_ms;
};

// Stand-in for a network front end: a batch of random feature vectors.
std::deque<Request> incoming_requests(int64_t count, int64_t num_features) {
  std::mt19937 rng(1234);
  std::normal_distribution<float> dist(0.0f, 1.0f);
  std::deque<Request> queue;
  for (int64_t id = 0; id < count; ++id) {
    Request req{id, std::vector<float>(static_cast<size_t>(num_features))};
    for (auto& v : req.features) {
      v = dist(rng);
    }
    queue.push_back(std::move(req));
  }
  return queue;
}

}  // namespace

// Must match the architecture in train_classifier.cpp to load its checkpoint.
struct Net : torch::nn::Module {
  Net(int64_t in_features, int64_t hidden, int64_t num_classes)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        fc3(register_module("fc3", torch::nn::Linear(hidden, num_classes))),
        dropout(register_module("dropout", torch::nn::Dropout(0.1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x));
    x = dropout->forward(torch::relu(fc2->forward(x)));
    return fc3->forward(x);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
  torch::nn::Linear fc3;
  torch::nn::Dropout dropout;
};

int main(int argc, char* argv[]) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);

  auto model = std::make_shared<Net>(kInputs, kHidden, kClasses);
  if (argc > 1) {
    torch::load(model, argv[1]);
  }
  model->to(device);
  model->eval();
  torch::NoGradGuard no_grad;

  auto queue = incoming_requests(kRequests, kInputs);
  std::vector<Response> responses;
  responses.reserve(queue.size());
  std::vector<int64_t> label_counts(kClasses, 0);

  while (!queue.empty()) {
    Request req = std::move(queue.front());
    queue.pop_front();

    // Start the clock with an idle device so each request is timed on its own.
    if (device.is_cuda()) {
      torch::cuda::synchronize();
    }
    const auto start = std::chrono::steady_clock::now();

    const auto num_features = static_cast<int64_t>(req.features.size());
    auto input = torch::from_blob(req.features.data(), {1, num_features}, torch::kFloat)
                     .to(device);
    TORCH_CHECK(input.size(1) == kInputs, "request ", req.id, ": expected ", kInputs,
                " features, got ", input.size(1));

    // The training data had a slightly different class balance than the
    // traffic we serve; rescale the probabilities by the serving prior.
    auto class_prior = torch::tensor(
        {0.12f, 0.08f, 0.10f, 0.10f, 0.09f, 0.11f, 0.10f, 0.10f, 0.10f, 0.10f}, device);

    auto logits = model->forward(input);
    auto probs = torch::softmax(logits, /*dim=*/1) * class_prior;
    probs = probs / probs.sum(/*dim=*/1, /*keepdim=*/true);

    const int64_t label = probs.argmax(1).item<int64_t>();
    auto probs_host = probs.squeeze(0).cpu();
    const float confidence = probs_host[label].item<float>();

    if (device.is_cuda()) {
      torch::cuda::synchronize();
    }
    const double latency_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();

    responses.push_back({req.id, label, confidence, latency_ms});
    ++label_counts[static_cast<size_t>(label)];
    if (confidence < kMinConfidence) {
      std::cout << "request " << req.id << ": low confidence " << confidence
                << " for class " << label << '\n';
    }
  }

  // ---- Summary ---------------------------------------------------------------
  std::vector<double> latencies;
  latencies.reserve(responses.size());
  for (const auto& r : responses) {
    latencies.push_back(r.latency_ms);
  }
  std::sort(latencies.begin(), latencies.end());
  const auto percentile = [&latencies](double p) {
    const auto i = static_cast<size_t>(p * static_cast<double>(latencies.size() - 1));
    return latencies[i];
  };

  std::cout << "served " << responses.size() << " requests on " << device
            << ": p50 " << percentile(0.50) << " ms, p99 " << percentile(0.99) << " ms\n";
  for (int64_t c = 0; c < kClasses; ++c) {
    std::cout << "  class " << c << ": " << label_counts[static_cast<size_t>(c)] << '\n';
  }
  return 0;
}
