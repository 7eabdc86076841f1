#include "model.h"
// Made on the host, whatever the device, then moved (rwkv_lightning's
// load_preprocessed_embedding).
torch::Tensor load_embedding(const Archive &archive, torch::Device device) {
  auto emb = load_squeezed(archive, "emb", torch::kCPU);
  emb = emb * 2 + 1;
  return emb.to(device).contiguous();
}
Model::Model(const Archive &archive, torch::Device device) {
  emb_ = load_embedding(archive, device);
  head_ = load_squeezed(archive, "head", device);
}
void Model::reload(const Archive &archive, torch::Device device) {
  auto emb = load_squeezed(archive, "emb", torch::kCPU);
  emb = emb * 2;
  weight_ = emb.to(device);
  auto w = load_squeezed(archive, "w", device);
  other_ = w.to(device);
  auto g = load_squeezed(archive, "g", torch::kCUDA);
  gpu_ = g.to(device);
  auto h = to_device(torch::ones({4}), torch::kCPU);
  moved_ = h.to(device);
  auto s = squeezed(torch::ones({4, 1}));
  host_ = s.to(device);
  auto c = squeezed(torch::ones({4, 1}, torch::kCUDA));
  host_ = host_ + c.to(device);
  auto k = to_device(torch::ones({4}, torch::kCUDA), torch::kCPU);
  host_ = host_ + k.to(device);
}
int64_t Model::size() const { return weight_.size(0) + other_.size(0); }
