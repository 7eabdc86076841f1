#pragma once
// torchsync mock of torch/extension.h (1.13): the C++ frontend and the
// Python bindings (pybind11, with `namespace py = pybind11`).
#include <torch/all.h>
#include <torch/library.h>
#include <pybind11/pybind11.h>
#include <c10/cuda/CUDAGuard.h>

namespace py = pybind11;
