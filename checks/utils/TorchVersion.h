//===--- TorchVersion.h - LibTorch version of the parsed headers -*- C++
//-*-===//

#ifndef TORCHSYNC_UTILS_TORCHVERSION_H
#define TORCHSYNC_UTILS_TORCHVERSION_H

namespace clang {
class Preprocessor;
namespace tidy::torchsync {

/// The LibTorch version the translation unit was parsed against, read from
/// `TORCH_VERSION_MAJOR` / `TORCH_VERSION_MINOR` (torch/version.h).
struct TorchVersion {
  int Major = -1;
  int Minor = -1;

  bool isKnown() const { return Major >= 0; }
  /// True when the version is known and at least \p Maj.\p Min.
  bool atLeast(int Maj, int Min) const {
    return isKnown() && (Major > Maj || (Major == Maj && Minor >= Min));
  }
  /// True when the version is known and older than \p Maj.\p Min.
  bool before(int Maj, int Min) const {
    return isKnown() && !atLeast(Maj, Min);
  }
};

/// Reads the version macros as they stand at the end of the translation unit.
TorchVersion detectTorchVersion(const Preprocessor &PP);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_TORCHVERSION_H
