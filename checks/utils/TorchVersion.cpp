//===--- TorchVersion.cpp - LibTorch version of the parsed headers --------===//

#include "TorchVersion.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::torchsync {

static int macroValue(const Preprocessor &PP, const char *Name) {
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Name));
  if (!MI || MI->getNumTokens() != 1)
    return -1;
  const Token &Tok = MI->getReplacementToken(0);
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
  V.Major = macroValue(PP, "TORCH_VERSION_MAJOR");
  V.Minor = macroValue(PP, "TORCH_VERSION_MINOR");
  if (V.Minor < 0)
    V.Major = -1;
  return V;
}

} // namespace clang::tidy::torchsync
