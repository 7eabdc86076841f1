#include <torch/extension.h>
#include "ops.h"
PYBIND11_MODULE(ext, m) {
  m.def("sgd_step", &sgd_step);
  m.def("norm_of", &norm_of);
}
