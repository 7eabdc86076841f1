// Python bindings of the training helpers (train_ops.cpp).
#include <torch/extension.h>

#include "train_ops.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.doc() = "fused training helpers for the torchsync accuracy bench";
  m.def("sgd_step", &sgd_step, "one SGD step of a linear model; returns the loss",
        py::arg("w"), py::arg("b"), py::arg("x"), py::arg("y"), py::arg("lr"));
  m.def("clip_norm_", &clip_norm_, "rescale w to a norm of at most max_norm", py::arg("w"),
        py::arg("max_norm"));
  m.def("batch_stats", &batch_stats, "mean, std and max |x| of a batch", py::arg("x"));
}
