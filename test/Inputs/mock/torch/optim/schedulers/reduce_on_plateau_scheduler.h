#pragma once
// torchsync mock of torch/optim/schedulers/reduce_on_plateau_scheduler.h.
// This header does not exist in LibTorch 1.13; the class is only declared in
// 2.x mode (-DTORCH_MOCK_VERSION_MAJOR=2). step(float) takes a host float,
// which forces the caller to read the metric with item().
#include <torch/optim/optimizer.h>
#include <torch/optim/schedulers/lr_scheduler.h>

#include <vector>

#if TORCH_MOCK_2X
namespace torch {
namespace optim {

class TORCH_API ReduceLROnPlateauScheduler {
 public:
  enum SchedulerMode { min, max };
  enum ThresholdMode { rel, abs };
  ReduceLROnPlateauScheduler(
      Optimizer& optimizer,
      SchedulerMode mode = min,
      float factor = 0.1,
      int patience = 10,
      double threshold = 1e-4,
      ThresholdMode threshold_mode = rel,
      int cooldown = 0,
      const std::vector<float>& min_lr = std::vector<float>(),
      double eps = 1e-8,
      bool verbose = false);

  virtual ~ReduceLROnPlateauScheduler() = default;

  void step(float metric);

 private:
  void reset();
  void reduce_lr(int epoch);
  bool in_cooldown();
  bool is_better(float a);
  void init_is_better(
      SchedulerMode mode,
      double threshold,
      ThresholdMode threshold_mode);

  Optimizer& optimizer;
  SchedulerMode mode;
  float mode_worse;
  float factor;
  int patience;
  double threshold;
  ThresholdMode threshold_mode;
  int cooldown;
  int cooldown_counter;
  std::vector<float> min_lrs;
  double eps;
  float best;
  bool verbose;
  int last_epoch;
  int num_bad_epochs;
};

} // namespace optim
} // namespace torch
#endif
