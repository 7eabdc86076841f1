#pragma once
// torchsync mock of torch/serialize/{input,output}-archive.h (1.13), reduced.
#include <ATen/core/Tensor.h>

#include <string>

namespace torch {
namespace serialize {

class TORCH_API OutputArchive final {
 public:
  OutputArchive();
  void write(const std::string& key, const at::Tensor& tensor, bool is_buffer = false);
  void write(const std::string& key, OutputArchive& nested_archive);
  void save_to(const std::string& filename);
  void save_to(std::ostream& stream);
};

class TORCH_API InputArchive final {
 public:
  InputArchive();
  void read(const std::string& key, at::Tensor& tensor, bool is_buffer = false);
  bool try_read(const std::string& key, at::Tensor& tensor, bool is_buffer = false);
  void read(const std::string& key, InputArchive& archive);
  void load_from(const std::string& filename);
  void load_from(std::istream& stream);
};

} // namespace serialize
} // namespace torch
