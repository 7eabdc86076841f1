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
#include <algorithm>

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

  /// The location of P, named relative to the root: the printer writes
  /// the name it is given.
  SourceLocation location(const Place &P) {
    if (P.Path.empty())
      return {};
    OptionalFileEntryRef Entry = Files.getOptionalFileRef(P.Path);
    if (!Entry)
      return {};
    FileID ID = Sources.getOrCreateFileID(*Entry, SrcMgr::C_User);
    return Sources.getLocForStartOfFile(ID).getLocWithOffset(P.Offset);
  }

  CharSourceRange range(const Place &Begin, const Place &End) {
    SourceLocation B = location(Begin);
    return CharSourceRange::getCharRange(
        B, B.getLocWithOffset(End.Offset - Begin.Offset));
  }

  /// Diag at \p At with the ranges and the fix-it Fix (when given). The
  /// snippet shows the lines of the place and the ranges, and under them
  /// the edits on those lines; an edit elsewhere (a declaration the fix-it
  /// adds before the loop) is left out of the snippet: clang's printer
  /// would number the snippet with that edit's line.
  void add(DiagnosticBuilder &Diag, const Place &At,
           llvm::ArrayRef<Range> Ranges, const FixIt *Fix) {
    unsigned First = At.Line, Last = At.Line;
    for (const Range &R : Ranges) {
      Diag << range(R.Begin, R.End);
      if (R.Begin.File == At.File && R.Begin.Line && R.End.Line) {
        First = std::min(First, R.Begin.Line);
        Last = std::max(Last, R.End.Line);
      }
    }
    if (Fix)
      for (const Edit &E : Fix->Edits)
        if (E.Begin.File == At.File && E.Begin.Line >= First &&
            E.End.Line <= Last)
          Diag << FixItHint::CreateReplacement(range(E.Begin, E.End), E.Text);
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
  auto Level = F.Severity == "error" ? DiagnosticsEngine::Error
                                     : DiagnosticsEngine::Warning;
  // The check's name, with its aliases, as clang-tidy writes it.
  std::string Name = F.Check;
  if (!F.Aliases.empty())
    Name += "," + llvm::join(F.Aliases, ",");
  if (F.WarningAsError)
    Name += ",-warnings-as-errors";
  {
    DiagnosticBuilder Diag = P->Diags.Report(
        P->location(F.Where), P->Diags.getCustomDiagID(Level, "%0 [%1]"));
    Diag << F.Message << Name;
    P->add(Diag, F.Where, F.Ranges, warningFix(F));
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
    P->Diags.Report(P->location(Fix.Where), Fix.Applied
                                                ? diag::note_fixit_applied
                                                : diag::note_fixit_failed);
  for (const Note &N : F.Notes) {
    DiagnosticBuilder Diag = P->Diags.Report(
        P->location(N.Where),
        P->Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"));
    Diag << N.Message;
    P->add(Diag, N.Where, N.Ranges, N.Fix ? &F.Fixes[*N.Fix] : nullptr);
  }
}

} // namespace torchsync
