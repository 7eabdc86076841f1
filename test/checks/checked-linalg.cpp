// RUN: %check_torchsync %s checked-linalg %t
#include <torch/torch.h>

// ---- Positives -------------------------------------------------------------

// ---- Negatives (CPU tensors, metadata, NO-SYNC look-alikes) ----------------

// ---- Macros and templates: reported, never fixed ---------------------------
