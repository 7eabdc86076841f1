#pragma once
// torchsync mock of c10/core/ScalarType.h (1.13).
#include <c10/macros/Macros.h>

#include <cstdint>
#include <ostream>

namespace c10 {

enum class ScalarType : int8_t {
  Byte, // 0: uint8_t
  Char, // 1: int8_t
  Short, // 2: int16_t
  Int, // 3: int
  Long, // 4: int64_t
  Half, // 5: at::Half
  Float, // 6: float
  Double, // 7: double
  ComplexHalf, // 8
  ComplexFloat, // 9
  ComplexDouble, // 10
  Bool, // 11: bool
  QInt8, // 12
  QUInt8, // 13
  QInt32, // 14
  BFloat16, // 15
  QUInt4x2, // 16
  QUInt2x4, // 17
  Undefined,
  NumOptions
};

constexpr uint16_t NumScalarTypes =
    static_cast<uint16_t>(ScalarType::NumOptions);

constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kComplexHalf = ScalarType::ComplexHalf;
constexpr ScalarType kComplexFloat = ScalarType::ComplexFloat;
constexpr ScalarType kComplexDouble = ScalarType::ComplexDouble;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kQInt8 = ScalarType::QInt8;
constexpr ScalarType kQUInt8 = ScalarType::QUInt8;
constexpr ScalarType kQInt32 = ScalarType::QInt32;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kQUInt4x2 = ScalarType::QUInt4x2;
constexpr ScalarType kQUInt2x4 = ScalarType::QUInt2x4;

static inline const char* toString(ScalarType t) {
  switch (t) {
    case ScalarType::Byte: return "Byte";
    case ScalarType::Char: return "Char";
    case ScalarType::Short: return "Short";
    case ScalarType::Int: return "Int";
    case ScalarType::Long: return "Long";
    case ScalarType::Half: return "Half";
    case ScalarType::Float: return "Float";
    case ScalarType::Double: return "Double";
    case ScalarType::Bool: return "Bool";
    case ScalarType::BFloat16: return "BFloat16";
    default: return "UNKNOWN_SCALAR";
  }
}
static inline size_t elementSize(ScalarType t) {
  switch (t) {
    case ScalarType::Byte: case ScalarType::Char: case ScalarType::Bool:
      return 1;
    case ScalarType::Short: case ScalarType::Half: case ScalarType::BFloat16:
      return 2;
    case ScalarType::Int: case ScalarType::Float:
      return 4;
    default:
      return 8;
  }
}
static inline bool isIntegralType(ScalarType t, bool includeBool) {
  return (t == ScalarType::Byte || t == ScalarType::Char ||
          t == ScalarType::Int || t == ScalarType::Long ||
          t == ScalarType::Short) ||
      (includeBool && t == ScalarType::Bool);
}
static inline bool isFloatingType(ScalarType t) {
  return (
      t == ScalarType::Double || t == ScalarType::Float ||
      t == ScalarType::Half || t == ScalarType::BFloat16);
}
static inline bool isComplexType(ScalarType t) {
  return (
      t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat ||
      t == ScalarType::ComplexDouble);
}

inline std::ostream& operator<<(
    std::ostream& stream,
    at::ScalarType scalar_type) {
  return stream << toString(scalar_type);
}

} // namespace c10
