//===--- DynamicShapeCheck.h - torchsync-dynamic-shape ----------*- C++ -*-===//

#ifndef TORCHSYNC_DYNAMICSHAPECHECK_H
#define TORCHSYNC_DYNAMICSHAPECHECK_H

#include "utils/TorchSyncCheck.h"

namespace clang::tidy::torchsync {

/// Finds ops whose output shape depends on tensor values in hot code:
/// boolean-mask indexing, nonzero, masked_select, unique, repeat_interleave
/// without output_size and others read a size from the GPU.
///
/// For the user-facing documentation see docs/checks/dynamic-shape.md.
class DynamicShapeCheck : public TorchSyncCheck {
public:
  DynamicShapeCheck(StringRef Name, ClangTidyContext *Context);
  void registerCheckMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;

private:
  /// True when the parsed LibTorch runs `nonzero_static` on CUDA (2.6+ and
  /// the headers declare it), so suggesting it is sound.
  bool hasCudaNonzeroStatic(ASTContext &Ctx);

  /// hasCudaNonzeroStatic() for the translation unit it was computed for.
  const TranslationUnitDecl *NonzeroStaticTU = nullptr;
  bool NonzeroStatic = false;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_DYNAMICSHAPECHECK_H
