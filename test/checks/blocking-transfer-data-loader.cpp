// RUN: %check_torchsync %s blocking-transfer %t
// RUN: %check_torchsync %s blocking-transfer %t-ignore -check-suffix=IGNORE -config="{CheckOptions: {RuntimeDevice: ignore}}"
// Batches of torch::data data loaders are host tensors: the library's
// datasets (MNIST) and transforms (Normalize, Lambda, Stack) load on the
// host, and a user dataset does unless its get() is shown to return CUDA
// tensors. Moving them to a device chosen at run time is a blocking copy
// when that device is CUDA.
#include <torch/torch.h>
#include <map>
#include <utility>
#include <vector>

namespace data = torch::data;

// A user dataset that keeps its tensors in members: host tensors.
struct Images : data::datasets::Dataset<Images> {
  torch::Tensor images_, labels_;
  data::Example<> get(size_t index) override {
    return {images_[index], labels_[index]};
  }
  torch::optional<size_t> size() const override { return 100; }
};

// A user dataset that puts every example on the GPU.
struct OnGpu : data::datasets::Dataset<OnGpu> {
  torch::Tensor images_, labels_;
  data::Example<> get(size_t index) override {
    return {images_[index].to(torch::kCUDA), labels_[index].cuda()};
  }
  torch::optional<size_t> size() const override { return 100; }
};

// A user transform that moves the data to a device chosen at run time.
struct ToDevice : data::transforms::TensorTransform<> {
  explicit ToDevice(torch::Device device) : device_(device) {}
  torch::Tensor operator()(torch::Tensor input) override {
    return input.to(device_);
  }
  torch::Device device_;
};

void mnist(torch::nn::Linear model, bool cuda, int epochs) {
  torch::Device device(cuda ? torch::kCUDA : torch::kCPU);
  auto dataset = data::datasets::MNIST("./data")
                     .map(data::transforms::Normalize<>(0.1307, 0.3081))
                     .map(data::transforms::Stack<>());
  auto loader = data::make_data_loader(std::move(dataset), 64);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (auto &batch : *loader) {
      auto x = batch.data.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      auto y = batch.target.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.target' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      auto z = batch.data.to(torch::kCUDA);
      // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'batch.data' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:27: warning: 'to(torch::kCUDA)' waits for the GPU to copy host tensor 'batch.data' to the device; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // Negatives: the host batch stays on the host.
      auto h = batch.data.to(torch::kCPU);
      auto f = batch.data.to(torch::kFloat);
      auto n = batch.data.size(0);
      (void)x; (void)y; (void)z; (void)h; (void)f; (void)n;
    }
  }
}
// A batch's memory is not shown to be pageable (a dataset may return
// pinned tensors): the fix pins and copies without blocking only where the
// destination is CUDA and the batch is not pinned already, and otherwise
// makes the original copy.
// CHECK-FIXES: auto x = (device.is_cuda() && !batch.data.is_pinned() ? batch.data.pin_memory() : batch.data).to(device, /*non_blocking=*/device.is_cuda() && !batch.data.is_pinned());
// CHECK-FIXES: auto y = (device.is_cuda() && !batch.target.is_pinned() ? batch.target.pin_memory() : batch.target).to(device, /*non_blocking=*/device.is_cuda() && !batch.target.is_pinned());
// CHECK-FIXES: auto z = (!batch.data.is_pinned() ? batch.data.pin_memory() : batch.data).to(torch::kCUDA, /*non_blocking=*/!batch.data.is_pinned());
// CHECK-FIXES: auto h = batch.data.to(torch::kCPU);
// CHECK-FIXES-IGNORE: auto x = batch.data.to(device);
// CHECK-FIXES-IGNORE: auto z = (!batch.data.is_pinned() ? batch.data.pin_memory() : batch.data).to(torch::kCUDA, /*non_blocking=*/!batch.data.is_pinned());

// Batches as vectors of examples (no Stack), an iterator, a Lambda.
void vectors_and_iterators(torch::Device device, int steps) {
  auto loader = data::make_data_loader<data::samplers::SequentialSampler>(
      Images(), data::DataLoaderOptions().batch_size(8));
  for (int step = 0; step < steps; ++step) {
    for (auto &batch : *loader) {
      for (auto &example : batch) {
        auto x = example.data.to(device);
        // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'to(device)' waits for the GPU to copy host tensor 'example.data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
        (void)x;
      }
      auto first = batch[0].target.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'to(device)' waits for the GPU to copy host tensor 'batch[0].target' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      (void)first;
    }
  }
  auto lambda = data::make_data_loader(
      Images()
          .map(data::transforms::Lambda<data::Example<>>(
              [](data::Example<> e) { return e; }))
          .map(data::transforms::Stack<>()),
      16);
  for (auto it = lambda->begin(); it != lambda->end(); ++it) {
    auto x = it->data.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'to(device)' waits for the GPU to copy host tensor 'it->data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto &batch = *it;
    auto y = batch.target.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.target' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x; (void)y;
  }
}
// CHECK-FIXES: auto x = (device.is_cuda() && !example.data.is_pinned() ? example.data.pin_memory() : example.data).to(device, /*non_blocking=*/device.is_cuda() && !example.data.is_pinned());
// An element of a vector read with [] can be read twice: the same test.
// CHECK-FIXES: auto first = (device.is_cuda() && !batch[0].target.is_pinned() ? batch[0].target.pin_memory() : batch[0].target).to(device, /*non_blocking=*/device.is_cuda() && !batch[0].target.is_pinned());

// A dataset whose get() returns CUDA tensors: its batches are CUDA.
void gpu_dataset(torch::Device device) {
  auto loader = data::make_data_loader(OnGpu().map(data::transforms::Stack<>()),
                                       32);
  for (auto &batch : *loader) {
    auto h = batch.data.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'batch.data' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // CHECK-MESSAGES-IGNORE: :[[@LINE-2]]:25: warning: 'cpu()' waits for the GPU to copy CUDA tensor 'batch.data' to the host; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    // Already on the GPU: no copy.
    auto g = batch.target.to(torch::kCUDA);
    (void)h; (void)g;
  }
}

// A user transform that moves the data to a device chosen at run time.
void moving_transform(torch::Device device) {
  auto loader = data::make_data_loader(
      Images().map(ToDevice(device)).map(data::transforms::Stack<>()), 32);
  for (auto &batch : *loader) {
    auto h = batch.data.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'cpu()' waits for the GPU to copy 'batch.data' to the host if it is on CUDA; copy with non_blocking=true into pinned memory and read it after a CUDA event [torchsync-blocking-transfer]
    (void)h;
  }
}

// The CPU everywhere: nothing to report.
void cpu_only(int epochs) {
  torch::Device device(torch::kCPU);
  auto loader = data::make_data_loader(
      data::datasets::MNIST("./data").map(data::transforms::Stack<>()), 64);
  for (int epoch = 0; epoch < epochs; ++epoch)
    for (auto &batch : *loader) {
      auto x = batch.data.to(device);
      auto y = batch.target.to(torch::Device("cpu"));
      (void)x; (void)y;
    }
}

// A list of minibatches made by the program (the memory of its elements is
// not shown to be pageable): an element read with [] at a variable index
// can be read twice, so it gets the same test at run time. A map's [] would
// insert: no fix there.
void minibatches(torch::Device device, std::vector<float> &buf, int epochs) {
  std::vector<std::pair<torch::Tensor, torch::Tensor>> batches;
  std::map<int, torch::Tensor> by_id;
  for (int k = 0; k < 4; ++k) {
    batches.push_back({torch::from_blob(buf.data(), {8}), torch::rand({2})});
    by_id[k] = torch::from_blob(buf.data(), {8});
  }
  for (int e = 0; e < epochs; ++e)
    for (size_t i = 0; i < batches.size(); ++i) {
      auto X = batches[i].first.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'to(device)' waits for the GPU to copy host tensor 'batches[i].first' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      auto M = by_id[1].to(device);
      (void)X; (void)M;
    }
}
// CHECK-FIXES: auto X = (device.is_cuda() && !batches[i].first.is_pinned() ? batches[i].first.pin_memory() : batches[i].first).to(device, /*non_blocking=*/device.is_cuda() && !batches[i].first.is_pinned());
// CHECK-FIXES: auto M = by_id[1].to(device);

// ---- Macros and templates --------------------------------------------------

#define TO_DEVICE(b, d) (b).data.to(d)

template <typename Loader> void generic(Loader &loader, torch::Device device) {
  for (auto &batch : loader) {
    auto x = batch.data.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'to(device)' waits for the GPU to copy host tensor 'batch.data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto y = TO_DEVICE(batch, device);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to()' waits for the GPU to copy host tensor '(b).data' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)x; (void)y;
  }
}

void use_generic(torch::Device device) {
  auto loader = data::make_data_loader(
      data::datasets::MNIST("./data").map(data::transforms::Stack<>()), 64);
  generic(*loader, device);
}
// One instantiation, in this file: the fix is made for its types
// (test/checks/host-read-templates.cpp has the rules).
// CHECK-FIXES: auto x = (device.is_cuda() && !batch.data.is_pinned() ? batch.data.pin_memory() : batch.data).to(device, /*non_blocking=*/device.is_cuda() && !batch.data.is_pinned());
// CHECK-FIXES-NEXT: //
// CHECK-FIXES-NEXT: auto y = TO_DEVICE(batch, device);
