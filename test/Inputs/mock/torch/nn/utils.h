#pragma once
#include <torch/nn/utils/clip_grad.h>
#include <torch/nn/utils/rnn.h>
