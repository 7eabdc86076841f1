#pragma once
// torchsync mock of ATen/ATen.h (1.13).
#include <ATen/Context.h>
#include <ATen/Formatting.h>
#include <ATen/Functions.h>
#include <ATen/Tensor.h>
#include <ATen/TensorIndexing.h>
#include <ATen/TensorOperators.h>
#include <ATen/core/Generator.h>
#include <ATen/core/Reduction.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/Event.h>
#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/Exception.h>
