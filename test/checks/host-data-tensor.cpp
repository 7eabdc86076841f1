// RUN: %check_torchsync %s host-data-tensor %t
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// ---- Macros and templates: reported, never fixed ---------------------------
