#pragma once
// torchsync mock of c10/core/MemoryFormat.h (1.13).
#include <c10/macros/Macros.h>

#include <ostream>

namespace c10 {
enum class MemoryFormat : int8_t {
  Contiguous,
  Preserve,
  ChannelsLast,
  ChannelsLast3d,
  NumOptions
};

// If you are seeing this, it means that this call site was not checked if
// the memory format could be preserved, and it was switched to old default
// behaviour of contiguous
#define LEGACY_CONTIGUOUS_MEMORY_FORMAT c10::get_contiguous_memory_format()

inline MemoryFormat get_contiguous_memory_format() {
  return MemoryFormat::Contiguous;
}

std::ostream& operator<<(std::ostream& stream, at::MemoryFormat memory_format);
} // namespace c10
