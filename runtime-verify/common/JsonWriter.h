//===--- JsonWriter.h - Minimal JSON output for the runtime tools -*- C++
//-*-===//
//
// Purpose: the probe writes JSON lines from inside CUDA callbacks of programs
// that have no JSON library (and must not depend on LibTorch), and the catalog
// runner writes its per-pair results; both use this one writer. Strings are
// escaped per RFC 8259 and invalid UTF-8 becomes U+FFFD, so every line parses.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_COMMON_JSONWRITER_H
#define TORCHSYNC_RUNTIME_COMMON_JSONWRITER_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace torchsync::json {

/// Length of the well-formed UTF-8 sequence starting at S[I], or 0.
inline size_t utf8SequenceLength(std::string_view S, size_t I) {
  auto Byte = [&](size_t K) { return static_cast<unsigned char>(S[K]); };
  unsigned char C = Byte(I);
  size_t Len;
  uint32_t Min;
  if (C < 0x80)
    return 1;
  if ((C & 0xE0) == 0xC0) {
    Len = 2;
    Min = 0x80;
  } else if ((C & 0xF0) == 0xE0) {
    Len = 3;
    Min = 0x800;
  } else if ((C & 0xF8) == 0xF0) {
    Len = 4;
    Min = 0x10000;
  } else {
    return 0;
  }
  if (I + Len > S.size())
    return 0;
  uint32_t Code = C & (0x7F >> Len);
  for (size_t K = 1; K < Len; ++K) {
    if ((Byte(I + K) & 0xC0) != 0x80)
      return 0;
    Code = (Code << 6) | (Byte(I + K) & 0x3F);
  }
  // Overlong forms, UTF-16 surrogates and values past U+10FFFF are invalid.
  if (Code < Min || (Code >= 0xD800 && Code <= 0xDFFF) || Code > 0x10FFFF)
    return 0;
  return Len;
}

/// S as a JSON string literal, quotes included.
inline std::string quote(std::string_view S) {
  std::string Out;
  Out.reserve(S.size() + 2);
  Out += '"';
  for (size_t I = 0; I < S.size();) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    switch (C) {
    case '"':
      Out += "\\\"";
      ++I;
      continue;
    case '\\':
      Out += "\\\\";
      ++I;
      continue;
    case '\n':
      Out += "\\n";
      ++I;
      continue;
    case '\r':
      Out += "\\r";
      ++I;
      continue;
    case '\t':
      Out += "\\t";
      ++I;
      continue;
    case '\b':
      Out += "\\b";
      ++I;
      continue;
    case '\f':
      Out += "\\f";
      ++I;
      continue;
    default:
      break;
    }
    if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
      ++I;
      continue;
    }
    size_t Len = utf8SequenceLength(S, I);
    if (Len == 0) {
      Out += "\\ufffd";
      ++I;
      continue;
    }
    Out.append(S.data() + I, Len);
    I += Len;
  }
  Out += '"';
  return Out;
}

/// A number as JSON; NaN and infinities have no JSON form and become null.
inline std::string number(double V) {
  if (!std::isfinite(V))
    return "null";
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%.17g", V);
  return Buf;
}

/// Builds one JSON object (or array) in order of the add calls.
class Object {
public:
  Object &raw(std::string_view Key, std::string_view Json) {
    sep();
    Body += quote(Key);
    Body += ':';
    Body += Json;
    return *this;
  }
  Object &str(std::string_view Key, std::string_view V) {
    return raw(Key, quote(V));
  }
  Object &num(std::string_view Key, double V) { return raw(Key, number(V)); }
  Object &integer(std::string_view Key, long long V) {
    return raw(Key, std::to_string(V));
  }
  Object &uinteger(std::string_view Key, unsigned long long V) {
    return raw(Key, std::to_string(V));
  }
  Object &boolean(std::string_view Key, bool V) {
    return raw(Key, V ? "true" : "false");
  }
  std::string done() const { return "{" + Body + "}"; }

private:
  void sep() {
    if (!Body.empty())
      Body += ',';
  }
  std::string Body;
};

class Array {
public:
  Array &raw(std::string_view Json) {
    if (!Body.empty())
      Body += ',';
    Body += Json;
    return *this;
  }
  Array &str(std::string_view V) { return raw(quote(V)); }
  bool empty() const { return Body.empty(); }
  std::string done() const { return "[" + Body + "]"; }

private:
  std::string Body;
};

} // namespace torchsync::json

#endif // TORCHSYNC_RUNTIME_COMMON_JSONWRITER_H
