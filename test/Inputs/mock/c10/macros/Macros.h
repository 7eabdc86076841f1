#pragma once
// torchsync mock of c10/macros/Macros.h (LibTorch 1.13).
// Parse-only: declarations mirror the real canonical names and namespaces.

// ---------------------------------------------------------------------------
// Version selection for the whole mock. Default: LibTorch 1.13.
// -DTORCH_MOCK_VERSION_MAJOR=2 -DTORCH_MOCK_VERSION_MINOR=6 simulates 2.6.
// ---------------------------------------------------------------------------
#ifndef TORCH_MOCK_VERSION_MAJOR
#define TORCH_MOCK_VERSION_MAJOR 1
#endif
#ifndef TORCH_MOCK_VERSION_MINOR
#if TORCH_MOCK_VERSION_MAJOR == 1
#define TORCH_MOCK_VERSION_MINOR 13
#else
#define TORCH_MOCK_VERSION_MINOR 0
#endif
#endif
// True when simulating any 2.x release (APIs that only exist there).
#define TORCH_MOCK_2X (TORCH_MOCK_VERSION_MAJOR >= 2)

#include <cstddef>
#include <cstdint>

// Export / attribute macros (visibility only in the real headers).
#define C10_API
#define TORCH_API
#define C10_CUDA_API
#define TORCH_CUDA_CPP_API
#define TORCH_CUDA_CU_API

#define C10_NODISCARD [[nodiscard]]
#define C10_UNUSED __attribute__((__unused__))
#define C10_ALWAYS_INLINE __attribute__((__always_inline__)) inline
#define C10_DEPRECATED [[deprecated]]
#define C10_DEPRECATED_MESSAGE(message) [[deprecated(message)]]
#define C10_HOST_CONSTEXPR_EXCEPT_WIN_CUDA constexpr

#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)
#define C10_MACRO_EXPAND(args) args
#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)
#define C10_ANONYMOUS_VARIABLE(str) C10_CONCATENATE(str, __COUNTER__)

// Simply define the namespace, in case a dependent library want to refer to
// the c10 namespace but not any nontrivial files.
namespace c10 {} // namespace c10
namespace c10 {
namespace cuda {}
} // namespace c10
namespace c10 {
namespace hip {}
} // namespace c10

// As in the real header: c10 is re-exported into caffe2 and at, and
// c10::cuda into at::cuda.
namespace caffe2 {
using namespace c10;
}
namespace at {
using namespace c10;
}
namespace at {
namespace cuda {
using namespace c10::cuda;
}
} // namespace at
namespace at {
namespace cuda {
using namespace c10::hip;
}
} // namespace at

#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
