//===--- Facts.cpp - Facts about the program outside a file ---------------===//

#include "program/Facts.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <optional>

namespace clang::tidy::torchsync {

namespace {

/// A path as the last field of an encoded fact: the separators of the
/// note's text and of the list, '%' and control characters as %XX.
std::string escapePath(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    auto Byte = static_cast<unsigned char>(C);
    if (C == '%' || C == '|' || C == ';' || Byte < 0x20 || Byte == 0x7f) {
      Out += '%';
      Out += llvm::hexdigit(Byte >> 4);
      Out += llvm::hexdigit(Byte & 15);
    } else {
      Out += C;
    }
  }
  return Out;
}

std::optional<std::string> unescapePath(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '%') {
      Out += Text[I];
      continue;
    }
    unsigned Byte = 0;
    if (I + 2 >= Text.size() || Text.substr(I + 1, 2).getAsInteger(16, Byte))
      return std::nullopt;
    Out += static_cast<char>(Byte);
    I += 2;
  }
  return Out;
}

} // namespace

// USRs contain no spaces or '|'; names are identifiers (operators aside,
// whose spaces are replaced).
std::string encodeFacts(const std::vector<ProgramFact> &Facts) {
  std::vector<std::string> Parts;
  for (const ProgramFact &F : Facts) {
    std::string Name = F.Name;
    std::replace(Name.begin(), Name.end(), ' ', '_');
    std::replace(Name.begin(), Name.end(), '|', '_');
    std::replace(Name.begin(), Name.end(), ';', '_');
    const char *Kind = F.Kind == ProgramFact::Hot         ? "hot"
                       : F.Kind == ProgramFact::Parameter ? "param"
                       : F.Kind == ProgramFact::Returns   ? "returns"
                       : F.Kind == ProgramFact::Out       ? "out"
                                                          : "at";
    std::string Index = std::to_string(F.Index);
    if (F.Kind == ProgramFact::Out)
      Index += ":" + std::to_string(F.Element);
    std::string Text =
        std::string(Kind) + " " + Index + " " + Name + " " + F.Usr;
    if (F.Kind == ProgramFact::ReturnsAt)
      Text += " " + std::to_string(F.Offset) + " " + escapePath(F.File);
    Parts.push_back(std::move(Text));
  }
  return llvm::join(Parts, "|");
}

std::vector<ProgramFact> decodeFacts(llvm::StringRef Text) {
  std::vector<ProgramFact> Facts;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Text.split(Parts, '|', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    llvm::SmallVector<llvm::StringRef, 4> Fields;
    Part.split(Fields, ' ', 3);
    if (Fields.size() != 4)
      continue;
    ProgramFact F;
    if (Fields[0] == "hot")
      F.Kind = ProgramFact::Hot;
    else if (Fields[0] == "param")
      F.Kind = ProgramFact::Parameter;
    else if (Fields[0] == "returns")
      F.Kind = ProgramFact::Returns;
    else if (Fields[0] == "out")
      F.Kind = ProgramFact::Out;
    else if (Fields[0] == "at")
      F.Kind = ProgramFact::ReturnsAt;
    else
      continue;
    auto [Index, Element] = Fields[1].split(':');
    if (Index.getAsInteger(10, F.Index) ||
        (F.Kind == ProgramFact::Out && Element.getAsInteger(10, F.Element)))
      continue;
    F.Name = Fields[2].str();
    F.Usr = Fields[3].str();
    if (F.Kind == ProgramFact::ReturnsAt) {
      // "<usr> <offset> <file>": USRs have no spaces; the file is last.
      llvm::SmallVector<llvm::StringRef, 3> Place;
      Fields[3].split(Place, ' ', 2);
      std::optional<std::string> File =
          Place.size() == 3 ? unescapePath(Place[2]) : std::nullopt;
      if (!File || Place[1].getAsInteger(10, F.Offset))
        continue;
      F.Usr = Place[0].str();
      F.File = std::move(*File);
    }
    Facts.push_back(std::move(F));
  }
  return Facts;
}

/// The prefix that marks a condition note among a finding's notes.
static constexpr llvm::StringLiteral ConditionNotePrefix =
    "torchsync-condition: ";

std::string Condition::toNote() const {
  return (ConditionNotePrefix + "hot=" + encodeFacts(Hot) +
          ";device=" + encodeFacts(Devices) + ";host=" + encodeFacts(Host) +
          ";cuda=" + (Cuda ? "1" : "0"))
      .str();
}

std::optional<Condition> Condition::fromNote(llvm::StringRef NoteText) {
  if (!NoteText.consume_front(ConditionNotePrefix))
    return std::nullopt;
  Condition C;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  NoteText.split(Parts, ';');
  for (llvm::StringRef Part : Parts) {
    auto [Key, Value] = Part.split('=');
    if (Key == "hot")
      C.Hot = decodeFacts(Value);
    else if (Key == "device")
      C.Devices = decodeFacts(Value);
    else if (Key == "host")
      C.Host = decodeFacts(Value);
    else if (Key == "cuda")
      C.Cuda = Value == "1";
  }
  return C;
}

} // namespace clang::tidy::torchsync
