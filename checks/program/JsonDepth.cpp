//===--- JsonDepth.cpp - Refusing JSON and YAML nested too deeply ---------===//
//
// Part of torchsync. See JsonDepth.h.
//
//===----------------------------------------------------------------------===//

#include "JsonDepth.h"
#include "llvm/ADT/Twine.h"

namespace clang::tidy::torchsync {

namespace {

llvm::Error tooDeep(unsigned Line) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "nested more than " + llvm::Twine(MaxNesting) +
                                     " levels deep (line " + llvm::Twine(Line) +
                                     ")");
}

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }

} // namespace

std::optional<size_t> findJsonTooDeep(llvm::StringRef Text, unsigned Limit) {
  unsigned Depth = 0;
  bool InString = false;
  // I < size, not I != size: a backslash that ends the text skips past it.
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // An escaped character never ends the string.
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > Limit)
        return I;
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return std::nullopt;
}

llvm::Error checkJsonNesting(llvm::StringRef Text) {
  if (std::optional<size_t> At = findJsonTooDeep(Text, MaxNesting))
    return tooDeep(1 + Text.take_front(*At).count('\n'));
  return llvm::Error::success();
}

llvm::Expected<llvm::json::Value> parseJsonBounded(llvm::StringRef Text) {
  if (llvm::Error E = checkJsonNesting(Text))
    return std::move(E);
  return llvm::json::parse(Text);
}

llvm::Error checkYamlNesting(llvm::StringRef Text) {
  unsigned Flow = 0, Line = 0;
  while (!Text.empty()) {
    auto [L, Rest] = Text.split('\n');
    Text = Rest;
    ++Line;
    // Every level of block nesting starts at a larger column than the one
    // around it, so the indentation bounds it; "- - x" and "? - x" open
    // nested collections without new lines, one per indicator.
    size_t Indent = 0;
    while (Indent < L.size() && isBlank(L[Indent]))
      ++Indent;
    size_t Block = Indent;
    // Quotes and comments end at the end of the line here: a bracket in a
    // quoted scalar that goes on over several lines is counted, which only
    // errs on the high side.
    char Quote = 0;
    char Before = 0; // The last character that is not blank.
    for (size_t I = Indent; I < L.size(); ++I) {
      char C = L[I];
      if (Quote) {
        if (C == '\\' && Quote == '"')
          ++I;
        else if (C == '\'' && Quote == '\'' && I + 1 < L.size() &&
                 L[I + 1] == '\'')
          ++I;
        else if (C == Quote)
          Quote = 0;
        continue;
      }
      bool AfterBlank = I == 0 || isBlank(L[I - 1]);
      if (C == '#' && AfterBlank)
        break;
      // A quote opens a scalar only where a node may start.
      if ((C == '"' || C == '\'') &&
          llvm::StringRef("\0:-?[{,", 7).contains(Before))
        Quote = C;
      else if (C == '[' || C == '{')
        ++Flow;
      else if ((C == ']' || C == '}') && Flow)
        --Flow;
      else if ((C == '-' || C == '?') && AfterBlank &&
               (I + 1 == L.size() || isBlank(L[I + 1])))
        ++Block;
      if (!isBlank(C))
        Before = C;
      if (Flow + Block > MaxNesting)
        return tooDeep(Line);
    }
    if (Flow + Block > MaxNesting)
      return tooDeep(Line);
  }
  return llvm::Error::success();
}

} // namespace clang::tidy::torchsync
