#pragma once
// torchsync mock of torch/version.h. Defaults to LibTorch 1.13; override with
// -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6 (see
// c10/macros/Macros.h, which every mock header includes).
#include <c10/macros/Macros.h>

/// Indicates the major version of LibTorch.
#define TORCH_VERSION_MAJOR TORCH_MOCK_VERSION_MAJOR

/// Indicates the minor version of LibTorch.
#define TORCH_VERSION_MINOR TORCH_MOCK_VERSION_MINOR

/// Indicates the patch version of LibTorch.
#define TORCH_VERSION_PATCH 0

/// Indicates the version of LibTorch.
#define TORCH_VERSION \
  C10_STRINGIZE(TORCH_VERSION_MAJOR) "." C10_STRINGIZE(TORCH_VERSION_MINOR) ".0"
