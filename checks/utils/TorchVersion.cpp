//===--- TorchVersion.cpp - LibTorch version of the parsed headers --------===//

#include "TorchVersion.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"

namespace clang::tidy::torchsync {

/// The integer a macro expands to, following `#define A B` chains.
static int macroValue(const Preprocessor &PP, IdentifierInfo *Name,
                      unsigned Depth = 0) {
  const MacroInfo *MI = Name ? PP.getMacroInfo(Name) : nullptr;
  if (!MI || MI->getNumTokens() != 1 || Depth > 8)
    return -1;
  const Token &Tok = MI->getReplacementToken(0);
  if (Tok.is(tok::identifier))
    return macroValue(PP, Tok.getIdentifierInfo(), Depth + 1);
  if (!Tok.isLiteral())
    return -1;
  // From the source, not Tok.getLiteralData(): a macro read from a
  // precompiled header has tokens without their text in memory.
  llvm::SmallString<16> Buffer;
  bool Invalid = false;
  llvm::StringRef Text = PP.getSpelling(Tok, Buffer, &Invalid);
  int Value = 0;
  if (Invalid || Text.getAsInteger(10, Value))
    return -1;
  return Value;
}

TorchVersion detectTorchVersion(const Preprocessor &PP) {
  TorchVersion V;
  V.Major = macroValue(PP, PP.getIdentifierInfo("TORCH_VERSION_MAJOR"));
  V.Minor = macroValue(PP, PP.getIdentifierInfo("TORCH_VERSION_MINOR"));
  if (V.Minor < 0)
    V.Major = -1;
  return V;
}

} // namespace clang::tidy::torchsync
