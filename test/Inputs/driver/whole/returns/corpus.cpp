#include "corpus.h"
// A host tensor: a clone of the host buffer.
torch::Tensor Corpus::get_data(int batch) {
  return torch::from_blob(ids_.data(), {int64_t(ids_.size())}, torch::kLong)
      .clone()
      .view({batch, -1});
}
// A CUDA tensor.
torch::Tensor Corpus::gpu_data(int batch) { return get_data(batch).cuda(); }
// Virtual: an override may return anything.
torch::Tensor Corpus::tokens(int batch) { return get_data(batch); }
