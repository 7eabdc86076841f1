#pragma once
// torchsync mock of torch/data.h: only torch::data::Example<> is mocked.
#include <torch/data/example.h>
