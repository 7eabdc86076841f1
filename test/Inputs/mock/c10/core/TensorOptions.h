#pragma once
// torchsync mock of c10/core/TensorOptions.h (1.13). The constructors and the
// device()/dtype() setters have the same (template) shapes as the real ones,
// so `t.to(kCPU)` binds to Tensor::to(TensorOptions, ...) through the
// variadic `TensorOptions(Args&&...)` constructor exactly as in LibTorch.
#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>
#include <c10/core/ScalarTypeToTypeMeta.h>
#include <c10/macros/Macros.h>
#include <c10/util/Optional.h>
#include <c10/util/typeid.h>

#include <ostream>
#include <string>
#include <type_traits>
#include <utility>

namespace c10 {

struct C10_API TensorOptions {
  TensorOptions()
      : requires_grad_(false),
        pinned_memory_(false),
        has_device_(false),
        has_dtype_(false),
        has_layout_(false),
        has_requires_grad_(false),
        has_pinned_memory_(false),
        has_memory_format_(false) {}

  /// Constructs a `TensorOptions` object with the given layout.
  /* implicit */ TensorOptions(Layout layout) : TensorOptions() {
    this->set_layout(layout);
  }

  /// Constructs a `TensorOptions` object with the given device.
  template <
      typename T,
      typename = std::enable_if_t<std::is_same<std::decay_t<T>, Device>::value>>
  /* implicit */ TensorOptions(T&& device) : TensorOptions() {
    this->set_device(std::forward<T>(device));
  }

  /// Constructs a `TensorOptions` object from arguments allowed in `Device`
  /// constructors (e.g. a DeviceType such as kCUDA, or "cuda:0").
  template <
      typename... Args,
      typename =
          std::enable_if_t<std::is_constructible<Device, Args&&...>::value>>
  /* implicit */ TensorOptions(Args&&... args)
      : TensorOptions(Device(std::forward<Args>(args)...)) {}

  /// Constructs a `TensorOptions` object with the given dtype.
  /* implicit */ TensorOptions(caffe2::TypeMeta dtype) : TensorOptions() {
    this->set_dtype(dtype);
  }

  /// legacy constructor to support ScalarType
  /* implicit */ TensorOptions(ScalarType dtype) : TensorOptions() {
    this->set_dtype(dtype);
  }

  /// Constructs a `TensorOptions` object with the given memory format.
  /* implicit */ TensorOptions(MemoryFormat memory_format) : TensorOptions() {
    set_memory_format(memory_format);
  }

  C10_NODISCARD TensorOptions
  device(c10::optional<Device> device) const noexcept {
    TensorOptions r = *this;
    r.set_device(device);
    return r;
  }

  template <typename... Args>
  C10_NODISCARD TensorOptions device(Args&&... args) const noexcept {
    return device(
        c10::optional<Device>(c10::in_place, std::forward<Args>(args)...));
  }

  C10_NODISCARD TensorOptions
  device_index(c10::DeviceIndex device_index) const noexcept {
    return device(Device::Type::CUDA, device_index);
  }

  C10_NODISCARD TensorOptions
  dtype(c10::optional<caffe2::TypeMeta> dtype) const noexcept {
    TensorOptions r = *this;
    r.set_dtype(dtype);
    return r;
  }

  // legacy function to support ScalarType
  C10_NODISCARD TensorOptions
  dtype(c10::optional<ScalarType> dtype) const noexcept {
    TensorOptions r = *this;
    r.set_dtype(dtype);
    return r;
  }

  // Since dtype is taken...
  template <typename T>
  TensorOptions& dtype() {
    dtype_ = caffe2::TypeMeta::Make<T>();
    has_dtype_ = true;
    return *this;
  }

  C10_NODISCARD TensorOptions
  layout(c10::optional<Layout> layout) const noexcept {
    TensorOptions r = *this;
    r.set_layout(layout);
    return r;
  }

  C10_NODISCARD TensorOptions
  requires_grad(c10::optional<bool> requires_grad) const noexcept {
    TensorOptions r = *this;
    r.set_requires_grad(requires_grad);
    return r;
  }

  C10_NODISCARD TensorOptions
  pinned_memory(c10::optional<bool> pinned_memory) const noexcept {
    TensorOptions r = *this;
    r.set_pinned_memory(pinned_memory);
    return r;
  }

  C10_NODISCARD TensorOptions
  memory_format(c10::optional<MemoryFormat> memory_format) const noexcept {
    TensorOptions r = *this;
    r.set_memory_format(memory_format);
    return r;
  }

  Device device() const noexcept {
    return has_device_ ? device_ : Device(kCPU);
  }
  bool has_device() const noexcept {
    return has_device_;
  }
  c10::optional<Device> device_opt() const noexcept {
    return has_device_ ? c10::make_optional(device_) : c10::nullopt;
  }
  int32_t device_index() const noexcept {
    return device().index();
  }

  caffe2::TypeMeta dtype() const noexcept {
    return dtype_;
  }
  bool has_dtype() const noexcept {
    return has_dtype_;
  }
  c10::optional<caffe2::TypeMeta> dtype_opt() const noexcept {
    return has_dtype_ ? c10::make_optional(dtype_) : c10::nullopt;
  }

  Layout layout() const noexcept {
    return has_layout_ ? layout_ : kStrided;
  }
  bool has_layout() const noexcept {
    return has_layout_;
  }
  c10::optional<Layout> layout_opt() const noexcept {
    return has_layout_ ? c10::make_optional(layout_) : c10::nullopt;
  }

  bool requires_grad() const noexcept {
    return has_requires_grad_ ? requires_grad_ : false;
  }
  bool has_requires_grad() const noexcept {
    return has_requires_grad_;
  }
  c10::optional<bool> requires_grad_opt() const noexcept {
    return has_requires_grad_ ? c10::make_optional(requires_grad_)
                              : c10::nullopt;
  }

  bool pinned_memory() const noexcept {
    return has_pinned_memory_ ? pinned_memory_ : false;
  }
  bool has_pinned_memory() const noexcept {
    return has_pinned_memory_;
  }
  bool is_sparse() const {
    return layout_ == c10::Layout::Sparse;
  }
  bool is_sparse_csr() const {
    return layout_ == c10::Layout::SparseCsr;
  }
  c10::optional<bool> pinned_memory_opt() const noexcept {
    return has_pinned_memory_ ? c10::make_optional(pinned_memory_)
                              : c10::nullopt;
  }

  bool has_memory_format() const noexcept {
    return has_memory_format_;
  }
  c10::optional<MemoryFormat> memory_format_opt() const noexcept {
    return has_memory_format_ ? c10::make_optional(memory_format_)
                              : c10::nullopt;
  }

  TensorOptions merge_in(TensorOptions options) const noexcept;
  TensorOptions merge_memory_format(
      c10::optional<MemoryFormat> optional_memory_format) const noexcept {
    TensorOptions merged = *this;
    if (optional_memory_format.has_value()) {
      merged.set_memory_format(*optional_memory_format);
    }
    return merged;
  }

 private:
  void set_device(c10::optional<Device> device) & noexcept {
    if (device) {
      device_ = *device;
      has_device_ = true;
    } else {
      has_device_ = false;
    }
  }
  void set_dtype(c10::optional<caffe2::TypeMeta> dtype) & noexcept {
    if (dtype) {
      dtype_ = *dtype;
      has_dtype_ = true;
    } else {
      has_dtype_ = false;
    }
  }
  void set_dtype(c10::optional<ScalarType> dtype) & noexcept {
    if (dtype) {
      dtype_ = scalarTypeToTypeMeta(*dtype);
      has_dtype_ = true;
    } else {
      has_dtype_ = false;
    }
  }
  void set_layout(c10::optional<Layout> layout) & noexcept {
    if (layout) {
      layout_ = *layout;
      has_layout_ = true;
    } else {
      has_layout_ = false;
    }
  }
  void set_requires_grad(c10::optional<bool> requires_grad) & noexcept {
    if (requires_grad) {
      requires_grad_ = *requires_grad;
      has_requires_grad_ = true;
    } else {
      has_requires_grad_ = false;
    }
  }
  void set_pinned_memory(c10::optional<bool> pinned_memory) & noexcept {
    if (pinned_memory) {
      pinned_memory_ = *pinned_memory;
      has_pinned_memory_ = true;
    } else {
      has_pinned_memory_ = false;
    }
  }
  void set_memory_format(c10::optional<MemoryFormat> memory_format) & noexcept {
    if (memory_format) {
      memory_format_ = *memory_format;
      has_memory_format_ = true;
    } else {
      has_memory_format_ = false;
    }
  }

  Device device_ = at::kCPU;
  caffe2::TypeMeta dtype_ = caffe2::TypeMeta::fromScalarType(kFloat);
  Layout layout_ = at::kStrided;
  MemoryFormat memory_format_ = MemoryFormat::Contiguous;

  bool requires_grad_ : 1;
  bool pinned_memory_ : 1;
  bool has_device_ : 1;
  bool has_dtype_ : 1;
  bool has_layout_ : 1;
  bool has_requires_grad_ : 1;
  bool has_pinned_memory_ : 1;
  bool has_memory_format_ : 1;
};

/// Convenience function that returns a `TensorOptions` object with the `dtype`
/// set to the given one.
inline TensorOptions dtype(caffe2::TypeMeta dtype) {
  return TensorOptions().dtype(dtype);
}

// legacy function to support ScalarType
inline TensorOptions dtype(ScalarType dtype) {
  return TensorOptions().dtype(scalarTypeToTypeMeta(dtype));
}

inline TensorOptions layout(Layout layout) {
  return TensorOptions().layout(layout);
}

inline TensorOptions device(Device device) {
  return TensorOptions().device(std::move(device));
}

inline TensorOptions device_index(int16_t device_index) {
  return TensorOptions().device_index(
      static_cast<c10::DeviceIndex>(device_index));
}

inline TensorOptions requires_grad(bool requires_grad = true) {
  return TensorOptions().requires_grad(requires_grad);
}

inline TensorOptions memory_format(MemoryFormat memory_format) {
  return TensorOptions().memory_format(memory_format);
}

C10_API std::ostream& operator<<(
    std::ostream& stream,
    const TensorOptions& options);

template <typename T>
inline TensorOptions dtype() {
  return dtype(caffe2::TypeMeta::Make<T>());
}

std::string toString(const TensorOptions options);

inline Device device_or_default(optional<Device> device) {
  return device.has_value() ? *device : Device(kCPU);
}

inline caffe2::TypeMeta dtype_or_default(optional<caffe2::TypeMeta> dtype) {
  return dtype.has_value() ? *dtype : caffe2::TypeMeta::fromScalarType(kFloat);
}

inline Layout layout_or_default(optional<Layout> layout) {
  return layout.value_or(kStrided);
}

inline bool pinned_memory_or_default(optional<bool> pinned_memory) {
  return pinned_memory.value_or(false);
}

} // namespace c10
