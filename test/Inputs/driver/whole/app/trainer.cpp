#include "app.h"
// No loop here: hot because main.cpp calls it in a loop.
float step(torch::Tensor x) {
  return x.sum().item<float>() + scale(x);
}
// Called once, outside any loop: not hot anywhere.
float logged(torch::Tensor t) {
  return t.mean().item<float>();
}
// No loop: hot because a call of Stage::run in main.cpp's loop may
// dispatch here.
float Fast::run(torch::Tensor t) {
  return t.sum().item<float>();
}
// Hot because 'step' calls it and 'step' is hot; 'step' passes its CUDA
// parameter on.
float scale(torch::Tensor x) {
  auto twice = [&] { return (x * 2).max().item<float>(); };
  return twice();
}
