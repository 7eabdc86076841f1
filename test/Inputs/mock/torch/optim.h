#pragma once
// torchsync mock of torch/csrc/api/include/torch/optim.h.
#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/optim/lbfgs.h>
#include <torch/optim/optimizer.h>
#include <torch/optim/sgd.h>

#include <torch/optim/schedulers/lr_scheduler.h>
#include <torch/optim/schedulers/step_lr.h>
#if TORCH_MOCK_2X
#include <torch/optim/schedulers/reduce_on_plateau_scheduler.h>
#endif
