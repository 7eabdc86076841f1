#include "postprocess.h"

std::vector<Response> respond(const torch::Tensor& logits, const std::vector<int64_t>& ids) {
  auto probs = torch::softmax(logits, 1);
  if (!torch::isfinite(probs).all().item<bool>())
    return {};
  auto best = probs.max(1);
  auto labels = std::get<1>(best).cpu();
  auto scores = std::get<0>(best).cpu();
  auto l = labels.accessor<int64_t, 1>();
  auto s = scores.accessor<float, 1>();
  std::vector<Response> out;
  for (size_t i = 0; i < ids.size(); ++i)
    out.push_back({ids[i], l[static_cast<int64_t>(i)], s[static_cast<int64_t>(i)]});
  return out;
}
