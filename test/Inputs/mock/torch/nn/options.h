#pragma once
#include <torch/nn/options/activation.h>
#include <torch/nn/options/conv.h>
#include <torch/nn/options/dropout.h>
#include <torch/nn/options/linear.h>
#include <torch/nn/options/loss.h>
