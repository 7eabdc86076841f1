#include <torch/torch.h>
float total(torch::Tensor t);
int main(int argc, char **argv) {
  auto t = torch::randn({4});
  return total(t) > 0 ? 0 : 1;
}
