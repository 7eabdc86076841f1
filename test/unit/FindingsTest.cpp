//===--- FindingsTest.cpp - One representation of a finding ---------------===//
//
// Part of torchsync. makeFinding turns clang-tidy's error into the driver's
// Finding and keeps nothing else: the text report, --fix (chosenFix) and
// --export-fixes read its fields, so they must carry everything the error
// had (aliases, warnings made errors, ranges, which note has which fix-it).
//
//===----------------------------------------------------------------------===//

#include "Findings.h"
#include "FixApply.h"
#include "Output.h"
#include "TextReport.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace torchsync;
using clang::tidy::ClangTidyError;
using clang::tooling::DiagnosticMessage;
using clang::tooling::Replacement;

namespace {

constexpr llvm::StringLiteral Code = "void f() {\n  auto h = x.cpu();\n}\n";

class FindingsTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("findings-test", Dir));
    File = (Dir + "/t.cpp").str();
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
    OS << Code;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  /// A message at Offset of t.cpp, with a fix-it replacing [Offset,
  /// Offset + Length) by Text when Text is not empty.
  DiagnosticMessage message(llvm::StringRef Text, unsigned Offset,
                            unsigned Length = 0,
                            llvm::StringRef Replacement = "") {
    DiagnosticMessage M(Text);
    M.FilePath = File;
    M.FileOffset = Offset;
    if (!Replacement.empty())
      llvm::cantFail(M.Fix[File].add(
          ::Replacement(File, Offset, Length, Replacement)));
    return M;
  }

  /// The error of a warning at "x.cpu()" (offset 22, line 2 column 12),
  /// highlighted up to its end, made an error by WarningsAsErrors.
  ClangTidyError error() {
    ClangTidyError E("torchsync-blocking-transfer", ClangTidyError::Warning,
                     Dir, /*IsWarningAsError=*/true);
    E.EnabledDiagnosticAliases = {"alias-check"};
    E.Message = message("blocking copy", 22);
    clang::tooling::FileByteRange R;
    R.FilePath = File;
    R.FileOffset = 22;
    R.Length = 7;
    E.Message.Ranges.push_back(R);
    return E;
  }

  llvm::SmallString<128> Dir;
  std::string File;
};

TEST_F(FindingsTest, FieldsOfTheError) {
  ClangTidyError E = error();
  E.Message = message("blocking copy", 22, 7, "x.to(d, true)");
  E.Message.Ranges = error().Message.Ranges;
  E.Notes.push_back(message("a note without a fix-it", 13));
  E.Notes.push_back(message("a note with one", 24, 5, "to(kCPU, true)"));
  SourceFiles Sources(Dir.str().str());
  Finding F = makeFinding(E, File, Sources);

  EXPECT_EQ(F.Check, "torchsync-blocking-transfer");
  EXPECT_EQ(F.Aliases, std::vector<std::string>{"alias-check"});
  EXPECT_EQ(F.Severity, "error");
  EXPECT_TRUE(F.WarningAsError);
  EXPECT_EQ(F.Where.Line, 2u);
  EXPECT_EQ(F.Where.Column, 12u);
  ASSERT_EQ(F.Ranges.size(), 1u);
  ASSERT_TRUE(F.End);
  EXPECT_EQ(F.End->Column, 19u);
  // The warning's fix-it first, then the note's, which names it.
  ASSERT_EQ(F.Fixes.size(), 2u);
  EXPECT_TRUE(F.Fixes[0].KeepsMeaning);
  EXPECT_FALSE(F.Fixes[1].KeepsMeaning);
  ASSERT_EQ(F.Notes.size(), 2u);
  EXPECT_FALSE(F.Notes[0].Fix);
  ASSERT_TRUE(F.Notes[1].Fix);
  EXPECT_EQ(*F.Notes[1].Fix, 1u);
  EXPECT_EQ(F.Fixes[1].Edits.front().Text, "to(kCPU, true)");
  EXPECT_EQ(F.Notes[1].Where.Column, 14u);
}

// The fix-it --fix applies is the warning's; --fix-notes takes a note's
// only where the warning has none and exactly one note has one, as
// clang-tidy chooses.
TEST_F(FindingsTest, ChosenFix) {
  SourceFiles Sources(Dir.str().str());
  ClangTidyError Warned = error();
  Warned.Message = message("blocking copy", 22, 7, "x.to(d, true)");
  Warned.Notes.push_back(message("note", 24, 5, "to(kCPU, true)"));
  Finding F = makeFinding(Warned, File, Sources);
  ASSERT_TRUE(chosenFix(F, /*FromNotes=*/false));
  EXPECT_TRUE(chosenFix(F, false)->KeepsMeaning);
  EXPECT_TRUE(chosenFix(F, /*FromNotes=*/true)->KeepsMeaning);

  ClangTidyError OneNote = error();
  OneNote.Notes.push_back(message("first", 24, 5, "to(kCPU, true)"));
  OneNote.Notes.push_back(message("second", 13));
  F = makeFinding(OneNote, File, Sources);
  EXPECT_FALSE(chosenFix(F, false));
  ASSERT_TRUE(chosenFix(F, true));
  EXPECT_EQ(chosenFix(F, true)->Description, "first");

  ClangTidyError TwoNotes = OneNote;
  TwoNotes.Notes.push_back(message("third", 13, 4, "auto"));
  F = makeFinding(TwoNotes, File, Sources);
  EXPECT_FALSE(chosenFix(F, true));
}

// The text report prints from the finding's fields: name with aliases and
// -warnings-as-errors, the error level, the notes at their places.
TEST_F(FindingsTest, TextReportReadsTheFields) {
  ClangTidyError E = error();
  E.Notes.push_back(message("a note", 13));
  SourceFiles Sources(Dir.str().str());
  Finding F = makeFinding(E, File, Sources);
  std::string Out;
  {
    llvm::raw_string_ostream OS(Out);
    TextReport Report(OS, Dir, /*Colors=*/false);
    Report.print(F);
  }
  EXPECT_NE(Out.find("t.cpp:2:12: error: blocking copy "
                     "[torchsync-blocking-transfer,alias-check,-warnings-as-"
                     "errors]"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("t.cpp:2:3: note: a note"), std::string::npos) << Out;
}

// --export-fixes writes the warning's fix-it, and the notes' only with
// --fix-notes.
TEST_F(FindingsTest, ExportedFixes) {
  ClangTidyError E = error();
  E.Message = message("blocking copy", 22, 7, "x.to(d, true)");
  E.Notes.push_back(message("note", 24, 5, "to(kCPU, true)"));
  SourceFiles Sources(Dir.str().str());
  std::vector<Finding> Findings{makeFinding(E, File, Sources)};
  std::string Yaml = (Dir + "/fixes.yaml").str();
  for (bool FromNotes : {false, true}) {
    ASSERT_FALSE(bool(exportFixes(Yaml, File, Findings, FromNotes)));
    auto Text = llvm::MemoryBuffer::getFile(Yaml);
    ASSERT_TRUE(bool(Text));
    std::string T = (*Text)->getBuffer().str();
    auto Has = [&](llvm::StringRef S) {
      return T.find(S.str()) != std::string::npos;
    };
    EXPECT_TRUE(Has("ReplacementText: 'x.to(d, true)'")) << T;
    EXPECT_EQ(Has("ReplacementText: 'to(kCPU, true)'"), FromNotes) << T;
    EXPECT_TRUE(Has("DiagnosticName:  torchsync-blocking-transfer")) << T;
  }
}

} // namespace
