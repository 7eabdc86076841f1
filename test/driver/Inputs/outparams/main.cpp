#include "loader.h"
int main(int argc, char **argv) {
  torch::Device device(argc > 1 ? torch::kCUDA : torch::kCPU);
  Loader loader;
  int64_t n = 0;
  for (int step = 0; step < 10; ++step) {
    std::tuple<torch::Tensor, torch::Tensor> batch;
    loader.next(batch);
    auto x = std::get<0>(batch).to(device);
    std::pair<torch::Tensor, torch::Tensor> p;
    loader.fill(p);
    auto a = p.first.to(device) + p.second.to(device);
    std::vector<torch::Tensor> v;
    loader.fill_vec(v);
    auto f = v[0].to(device);
    torch::Tensor c, o;
    loader.on_device(c);
    loader.opaque(o);
    auto d = c.to(device) + o.to(device);
    n += x.size(0) + a.size(0) + f.size(0) + d.size(0);
  }
  torch::Tensor xb, yb;
  while (loader.next_batch(xb, yb)) {
    auto xd = xb.to(device);
    n += xd.size(0);
  }
  return n > 0;
}
