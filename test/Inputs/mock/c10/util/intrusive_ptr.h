#pragma once
// torchsync mock of c10/util/intrusive_ptr.h: only what is needed to give
// at::TensorBase the same non-trivial copy/move/destructor as the real one
// (so temporaries get CXXBindTemporaryExpr / ExprWithCleanups in the AST as
// with the real headers).
#include <c10/macros/Macros.h>

namespace c10 {

template <class TTarget, class NullType = void>
class intrusive_ptr final {
 public:
  intrusive_ptr() noexcept;
  intrusive_ptr(const intrusive_ptr& rhs);
  intrusive_ptr(intrusive_ptr&& rhs) noexcept;
  ~intrusive_ptr() noexcept;
  intrusive_ptr& operator=(const intrusive_ptr& rhs) & noexcept;
  intrusive_ptr& operator=(intrusive_ptr&& rhs) & noexcept;
  TTarget* get() const noexcept;
  TTarget& operator*() const noexcept;
  TTarget* operator->() const noexcept;
  operator bool() const noexcept;
  void reset() noexcept;

 private:
  TTarget* target_;
};

} // namespace c10
