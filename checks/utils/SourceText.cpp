//===--- SourceText.cpp - The source text of expressions ------------------===//

#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torchsync {

bool isPlainFileRange(SourceRange R) {
  return R.isValid() && R.getBegin().isFileID() && R.getEnd().isFileID();
}

std::optional<std::string> sourceText(SourceRange R, const ASTContext &Ctx) {
  // Text passed as a macro argument is spelled in the file: read it there.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Spelled = [&](SourceLocation L) {
    return L.isMacroID() && SM.isMacroArgExpansion(L) ? SM.getSpellingLoc(L)
                                                      : L;
  };
  R = SourceRange(Spelled(R.getBegin()), Spelled(R.getEnd()));
  if (!isPlainFileRange(R) ||
      SM.getFileID(R.getBegin()) != SM.getFileID(R.getEnd()))
    return std::nullopt;
  bool Invalid = false;
  StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                           Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid || Text.empty())
    return std::nullopt;
  return Text.str();
}

std::string exprText(const Expr *E, const ASTContext &Ctx, unsigned MaxLen) {
  if (!E)
    return "?";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  Range = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  std::string Text;
  if (Range.isValid())
    Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  if (Text.empty()) {
    // Inside a macro body: fall back to the spelling of the expansion.
    Range = CharSourceRange::getTokenRange(SM.getSpellingLoc(E->getBeginLoc()),
                                           SM.getSpellingLoc(E->getEndLoc()));
    Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  }
  if (Text.empty()) {
    // Made of a macro argument and the macro's body (`c[0]` in
    // `#define FIRST(c) c[0]`): the body's text, with the parameter's
    // name where an argument goes.
    auto InBody = [&](SourceLocation L) {
      while (L.isMacroID() && SM.isMacroArgExpansion(L))
        L = SM.getImmediateExpansionRange(L).getBegin();
      return SM.getSpellingLoc(L);
    };
    Range = CharSourceRange::getTokenRange(InBody(E->getBeginLoc()),
                                           InBody(E->getEndLoc()));
    Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  }
  // One line, single spaces.
  std::string Flat;
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !Flat.empty();
      continue;
    }
    if (Space)
      Flat.push_back(' ');
    Space = false;
    Flat.push_back(C);
  }
  if (Flat.empty())
    return "?";
  if (Flat.size() <= MaxLen)
    return Flat;
  // Shortened between two tokens, never inside one: the longest run of
  // whole tokens that fits with the "...", at least the first token.
  Lexer Raw(SourceLocation(), Ctx.getLangOpts(), Flat.c_str(), Flat.c_str(),
            Flat.c_str() + Flat.size());
  size_t Keep = 0;
  Token Tok;
  while (true) {
    bool AtEnd = Raw.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    size_t End = Raw.getBufferLocation() - Flat.c_str();
    if (Keep && End + 3 > MaxLen)
      break;
    Keep = End;
    if (AtEnd)
      break;
  }
  if (Keep == 0 || Keep >= Flat.size())
    return Flat;
  return Flat.substr(0, Keep) + "...";
}

} // namespace clang::tidy::torchsync
