#include <torch/torch.h>
#include <vector>
class Corpus {
public:
  torch::Tensor get_data(int batch);
  torch::Tensor gpu_data(int batch);
  virtual torch::Tensor tokens(int batch);
  virtual ~Corpus() = default;
private:
  std::vector<int64_t> ids_;
};
