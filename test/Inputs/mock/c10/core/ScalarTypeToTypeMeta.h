#pragma once
// torchsync mock of c10/core/ScalarTypeToTypeMeta.h (1.13).
#include <c10/core/ScalarType.h>
#include <c10/util/Optional.h>
#include <c10/util/typeid.h>

namespace c10 {

static inline caffe2::TypeMeta scalarTypeToTypeMeta(ScalarType scalar_type) {
  return caffe2::TypeMeta::fromScalarType(scalar_type);
}

static inline ScalarType typeMetaToScalarType(caffe2::TypeMeta dtype) {
  return dtype.toScalarType();
}

static inline optional<at::ScalarType> optTypeMetaToScalarType(
    optional<caffe2::TypeMeta> type_meta) {
  if (!type_meta.has_value()) {
    return c10::nullopt;
  }
  return type_meta->toScalarType();
}

static inline bool operator==(ScalarType t, caffe2::TypeMeta m) {
  return m.isScalarType(t);
}

static inline bool operator==(caffe2::TypeMeta m, ScalarType t) {
  return t == m;
}

static inline bool operator!=(ScalarType t, caffe2::TypeMeta m) {
  return !(t == m);
}

static inline bool operator!=(caffe2::TypeMeta m, ScalarType t) {
  return !(t == m);
}

} // namespace c10
