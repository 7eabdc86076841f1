// RUN: %check_torchsync %s explicit-sync %t
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// ---- Macros and templates: reported, never fixed ---------------------------
