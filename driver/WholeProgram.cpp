//===--- WholeProgram.cpp - Findings decided over the whole program -------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "WholeProgram.h"

namespace torchsync {

namespace {
void addNote(Finding &F, const clang::tidy::torchsync::FactNote &N,
             SourceFiles &Sources) {
  if (N.File.empty())
    return;
  F.Notes.push_back({N.Text, Sources.place(N.File, N.Offset, "")});
  if (F.Diagnostic) {
    F.Diagnostic->Notes.push_back(clang::tooling::DiagnosticMessage(N.Text));
    clang::tooling::DiagnosticMessage &M = F.Diagnostic->Notes.back();
    M.FilePath = N.File;
    M.FileOffset = N.Offset;
  }
}
} // namespace

void decideFindings(const clang::tidy::torchsync::Index &Program,
                    std::vector<Finding> &Findings, SourceFiles &Sources) {
  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    if (F.Condition) {
      clang::tidy::torchsync::Decision D = Program.decide(*F.Condition);
      if (!D.Holds)
        continue;
      for (const clang::tidy::torchsync::FactNote &N : D.Notes)
        addNote(F, N, Sources);
      F.Condition.reset();
    }
    Kept.push_back(std::move(F));
  }
  Findings = std::move(Kept);
}

} // namespace torchsync
