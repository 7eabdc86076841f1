#include "dev.h"
float enc(torch::Tensor t) {
  float s = 0;
  for (int i = 0; i < 3; ++i) s += t[i].item<float>();
  return s;
}
