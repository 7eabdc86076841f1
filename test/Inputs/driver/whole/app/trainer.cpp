#include "app.h"
// No loop here: hot because main.cpp calls it in a loop.
float step(torch::Tensor x) {
  return x.sum().item<float>();
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
