//===--- TorchVersion.cpp - LibTorch version of the parsed headers --------===//

#include "TorchVersion.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

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
  if (!Tok.isLiteral() || !Tok.getLiteralData())
    return -1;
  int Value = 0;
  llvm::StringRef Text(Tok.getLiteralData(), Tok.getLength());
  if (Text.getAsInteger(10, Value))
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
