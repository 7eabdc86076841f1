#include <torch/torch.h>

#include "impl.h"

// The library's C API, called through dlsym or ctypes once per step.
extern "C" float mylib_loss(const torch::Tensor *x) { return x->sum().item<float>(); }

extern "C" float mylib_step(const torch::Tensor *x) { return step_impl(*x); }

#define MYLIB_HIDDEN __attribute__((visibility("hidden")))
// Not exported: hidden, file-local, or C++ linkage.
extern "C" MYLIB_HIDDEN float mylib_internal(const torch::Tensor *x) { return x->max().item<float>(); }
extern "C" {
static float file_local(const torch::Tensor *x) { return x->min().item<float>(); }
}
float cpp_api(const torch::Tensor &x) { return x.mean().item<float>(); }
// Called once by a loader: Python's module initialization, JNI's load hook,
// a constructor function.
extern "C" float PyInit_mylib(const torch::Tensor *x) { return x->prod().item<float>(); }
extern "C" int JNI_OnLoad(const torch::Tensor *x) { return x->numel() > 0 && x->any().item<bool>(); }
extern torch::Tensor mylib_state;
extern "C" __attribute__((constructor)) void mylib_init() { mylib_state.sum().item<float>(); }
#pragma GCC visibility push(hidden)
extern "C" float mylib_pushed_hidden(const torch::Tensor *x) { return x->norm().item<float>(); }
#pragma GCC visibility pop
