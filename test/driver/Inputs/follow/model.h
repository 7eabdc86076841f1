#pragma once
#include "loader.h"

class Model {
public:
  Model(const Archive &archive, torch::Device device);
  void reload(const Archive &archive, torch::Device device);
  int64_t size() const;

private:
  torch::Tensor emb_, head_, weight_, other_, gpu_, moved_, host_;
};
