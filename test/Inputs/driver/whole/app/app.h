// The functions of a small training program, defined in several files.
#include <torch/torch.h>
float step(torch::Tensor x);
float encode(torch::Tensor t);
float decode(torch::Tensor t);
float logged(torch::Tensor t);
float callback(torch::Tensor t);
torch::Tensor make_batch();
struct Stage {
  virtual ~Stage() = default;
  virtual float run(torch::Tensor t);
};
// An override: main.cpp's hot call of Stage::run may dispatch here.
struct Fast : Stage {
  float run(torch::Tensor t) override;
};
float scale(torch::Tensor x);
