#include "app.h"
// Every caller passes a CPU tensor: silent in a whole-project run.
float encode(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}
// main.cpp passes a CUDA tensor.
float decode(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}
// Its address is taken: callers are not all seen.
float callback(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}
// A virtual function: an override may be called from anywhere.
float Stage::run(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i)
    s += t[i].item<float>();
  return s;
}
torch::Tensor make_batch() { return torch::ones({4}, torch::kCUDA); }
