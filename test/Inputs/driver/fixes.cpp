#include <torch/torch.h>
// A fix-it on a warning (keeps the meaning), one on a note (changes it),
// and a note that points at the hot call.
float helper(torch::Tensor loss) { return loss.item<float>(); }
void train(torch::Tensor out) {
  for (int i = 0; i < 3; ++i) {
    auto b = torch::randn({4}).to(torch::kCUDA);
    auto h = out.cuda().cpu();
    helper(out);
  }
}
