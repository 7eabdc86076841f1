//===--- TextReport.cpp - Findings as compiler-style text -----------------===//
//
// Part of torchsync. See TextReport.h.
//
//===----------------------------------------------------------------------===//

#include "TextReport.h"
#include "Findings.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendDiagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace torchsync {

struct TextReport::Impl {
  Impl(llvm::raw_ostream &OS, llvm::StringRef Root, bool Colors)
      : Root(Root.str()), Files(FileSystemOptions{Root.str()}),
        Options(new DiagnosticOptions()), Printer(OS, Options.get()),
        Diags(new DiagnosticIDs(), Options, &Printer,
              /*ShouldOwnClient=*/false),
        Sources(Diags, Files) {
    Options->ShowColors = Colors;
    OS.enable_colors(Colors);
    Diags.setSourceManager(&Sources);
    Printer.BeginSourceFile(LangOpts, /*PP=*/nullptr);
  }
  ~Impl() { Printer.EndSourceFile(); }

  /// The place of Offset in File, named relative to the root: the printer
  /// writes the name it is given.
  SourceLocation location(llvm::StringRef File, unsigned Offset,
                          llvm::StringRef BuildDir) {
    if (File.empty())
      return {};
    std::string Abs = absoluteFilePath(File, BuildDir);
    std::string Name = pathUnder(Abs, Root).value_or(Abs);
    OptionalFileEntryRef Entry = Files.getOptionalFileRef(Name);
    if (!Entry)
      return {};
    FileID ID = Sources.getOrCreateFileID(*Entry, SrcMgr::C_User);
    return Sources.getLocForStartOfFile(ID).getLocWithOffset(Offset);
  }

  CharSourceRange range(const tooling::FileByteRange &R,
                        llvm::StringRef BuildDir) {
    SourceLocation Begin = location(R.FilePath, R.FileOffset, BuildDir);
    return CharSourceRange::getCharRange(Begin,
                                         Begin.getLocWithOffset(R.Length));
  }

  void addFixIts(DiagnosticBuilder &Diag,
                 const llvm::StringMap<tooling::Replacements> &Fix,
                 llvm::StringRef BuildDir) {
    for (const auto &Entry : Fix)
      for (const tooling::Replacement &R : Entry.second)
        if (R.isApplicable()) {
          tooling::FileByteRange Where;
          Where.FilePath = R.getFilePath().str();
          Where.FileOffset = R.getOffset();
          Where.Length = R.getLength();
          Diag << FixItHint::CreateReplacement(range(Where, BuildDir),
                                               R.getReplacementText());
        }
  }

  std::string Root;
  FileManager Files;
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> Options;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Diags;
  SourceManager Sources;
  LangOptions LangOpts;
};

TextReport::TextReport(llvm::raw_ostream &OS, llvm::StringRef Root, bool Colors)
    : P(std::make_unique<Impl>(OS, Root, Colors)) {}

TextReport::~TextReport() = default;

void TextReport::print(const Finding &F) {
  if (!F.Diagnostic)
    return;
  const tidy::ClangTidyError &E = *F.Diagnostic;
  const std::string &BuildDir = E.BuildDirectory;
  auto Level = static_cast<DiagnosticsEngine::Level>(E.DiagLevel);
  // The check's name, with its aliases, as clang-tidy writes it.
  std::string Name = E.DiagnosticName;
  if (!E.EnabledDiagnosticAliases.empty())
    Name += "," + llvm::join(E.EnabledDiagnosticAliases, ",");
  if (E.IsWarningAsError) {
    Name += ",-warnings-as-errors";
    Level = DiagnosticsEngine::Error;
  }
  {
    DiagnosticBuilder Diag = P->Diags.Report(
        P->location(E.Message.FilePath, E.Message.FileOffset, BuildDir),
        P->Diags.getCustomDiagID(Level, "%0 [%1]"));
    Diag << E.Message.Message << Name;
    for (const tooling::FileByteRange &R : E.Message.Ranges)
      Diag << P->range(R, BuildDir);
    P->addFixIts(Diag, E.Message.Fix, BuildDir);
  }
  // What torchsync-verify measured (--runtime-report), on a note of its
  // own without a place: the place is the warning's.
  if (F.Runtime) {
    const RuntimeVerdict &R = *F.Runtime;
    double Rank = 0;
    if (const llvm::json::Value *V = R.Properties.get("rank"))
      Rank = V->getAsNumber().value_or(0);
    P->Diags.Report(SourceLocation(),
                    P->Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"))
        << llvm::formatv("measured by torchsync-verify: {0}, {1} syncs, "
                         "{2:F3} ms blocked ({3:F1}% of the blocked time in "
                         "user code)",
                         R.Verdict, R.Syncs, R.BlockedNs / 1e6, Rank)
               .str();
  }
  for (const FixPlace &Fix : F.AppliedFixes)
    P->Diags.Report(P->location(Fix.File, Fix.Offset, ""),
                    Fix.Applied ? diag::note_fixit_applied
                                : diag::note_fixit_failed);
  for (const tooling::DiagnosticMessage &Note : E.Notes) {
    DiagnosticBuilder Diag = P->Diags.Report(
        P->location(Note.FilePath, Note.FileOffset, BuildDir),
        P->Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"));
    Diag << Note.Message;
    for (const tooling::FileByteRange &R : Note.Ranges)
      Diag << P->range(R, BuildDir);
    P->addFixIts(Diag, Note.Fix, BuildDir);
  }
}

} // namespace torchsync
