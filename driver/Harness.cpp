//===--- Harness.cpp - Snippet-mode harnesses for the runtime verifier ----===//
//
// Part of torchsync. See Harness.h: this joins reading the spec
// (HarnessSpec.h), finding the functions (HarnessTargets.h) and writing the
// code (HarnessCodegen.h), and writes harness.json.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"
#include "Analysis.h"
#include "HarnessCodegen.h"
#include "HarnessTargets.h"
#include "SafeWrite.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace torchsync {

namespace {

llvm::Error writeFile(llvm::StringRef Dir, llvm::StringRef Name,
                      llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Name);
  // Through a temporary file and a rename: never half-written.
  if (llvm::Error E = writeOutputFile(Path, Write))
    return llvm::createStringError("cannot write '" + Path +
                                   "': " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

} // namespace

llvm::Expected<HarnessSettings> prepareHarness(llvm::StringRef Dir,
                                               llvm::StringRef SpecFile) {
  HarnessSettings S;
  if (Dir.empty())
    return llvm::createStringError("--emit-harness needs a directory");
  llvm::SmallString<256> Abs(Dir);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Abs))
    return llvm::createStringError("cannot resolve '" + Dir +
                                   "': " + EC.message());
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // The directory is made only when the harnesses are written, after the
  // analysis: a run that stops on bad input leaves no trace. Here the
  // closest existing folder must be a directory this user may write.
  llvm::StringRef Existing = Abs;
  while (!llvm::sys::fs::exists(Existing) &&
         !llvm::sys::path::parent_path(Existing).empty())
    Existing = llvm::sys::path::parent_path(Existing);
  if (!llvm::sys::fs::is_directory(Existing))
    return Existing == Abs
               ? llvm::createStringError("harness directory '" + Dir +
                                         "' is not a directory")
               : llvm::createStringError(
                     "cannot create harness directory '" + Dir + "': " +
                     std::make_error_code(std::errc::not_a_directory)
                         .message());
  if (std::error_code EC =
          llvm::sys::fs::access(Existing, llvm::sys::fs::AccessMode::Write))
    return llvm::createStringError((Existing == Abs
                                        ? "cannot write to harness directory '"
                                        : "cannot create harness directory '") +
                                   Dir + "': " + EC.message());
  S.Dir = std::string(Abs);
  if (!SpecFile.empty()) {
    llvm::Expected<HarnessSpec> Spec = readHarnessSpec(SpecFile);
    if (!Spec)
      return Spec.takeError();
    S.Spec = std::move(*Spec);
  }
  return S;
}

llvm::Error emitHarnesses(llvm::ArrayRef<Finding> Findings,
                          const clang::tooling::CompilationDatabase &DB,
                          const SourceFiles &Sources,
                          const HarnessSettings &Settings) {
  // The files with findings, in a stable order, and each finding's offset.
  std::map<std::string, std::vector<size_t>> ByFile;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].Where.known())
      ByFile[Findings[I].Where.File].push_back(I);

  std::vector<std::string> Files;
  for (const auto &KV : ByFile)
    Files.push_back(KV.first);
  std::vector<std::vector<Target>> Targets(Files.size());
  forEachInParallel(Files.size(), /*Jobs=*/0, [&](size_t F) {
    std::vector<unsigned> Offsets;
    for (size_t I : ByFile[Files[F]])
      Offsets.push_back(Findings[I].Where.Offset);
    Targets[F] = findTargets(Files[F], Offsets, DB, Settings.ExtraArgsBefore,
                             Settings.ExtraArgs,
                             Settings.Overlay ? &*Settings.Overlay : nullptr);
  });

  // Each finding's target; one harness per file, one call per function.
  // What became of each finding: its target (or why there is none) and,
  // when harnessed, its harness and call.
  struct Outcome {
    Target T;
    std::optional<std::pair<size_t, size_t>> HarnessAndCall;
  };
  std::vector<Outcome> Of(Findings.size());
  std::vector<HarnessFile> Harnesses;
  llvm::StringSet<> Stems, UsedSpecs;
  for (size_t F = 0; F < Files.size(); ++F) {
    const std::vector<size_t> &Indices = ByFile[Files[F]];
    HarnessFile H;
    H.Source = Files[F];
    H.Path = Sources.relativePath(Files[F]);
    for (size_t J = 0; J < Indices.size(); ++J) {
      size_t I = Indices[J];
      if (Targets[F].empty()) {
        Of[I].T.Reason = "cannot parse " + H.Path +
                         " again to find the function around the finding";
        continue;
      }
      Of[I].T = Targets[F][J];
      if (!Of[I].T.Supported)
        continue;
      auto It = llvm::find_if(
          H.Calls, [&](const Call &C) { return C.T.Offset == Of[I].T.Offset; });
      if (It == H.Calls.end()) {
        H.Calls.push_back({Of[I].T, "", "", {}});
        It = std::prev(H.Calls.end());
        if (llvm::Error E = makeCall(*It, Settings.Spec, UsedSpecs))
          return E;
      }
      It->Where.push_back(Findings[I].Check + " at line " +
                          std::to_string(Findings[I].Where.Line));
      Of[I].HarnessAndCall = {Harnesses.size(), size_t(It - H.Calls.begin())};
    }
    if (H.Calls.empty())
      continue;
    std::vector<std::string> Extra = Settings.ExtraArgsBefore;
    llvm::append_range(Extra, Settings.ExtraArgs);
    H.IncludeDirs = projectIncludeDirs(H.Source, DB, Extra, Sources.root());
    // Two sources with the same stem get distinct harnesses.
    std::string Stem = safeStem(H.Path);
    for (unsigned N = 2; !Stems.insert(Stem).second; ++N)
      Stem = safeStem(H.Path) + "-" + std::to_string(N);
    H.Stem = Stem;
    Harnesses.push_back(std::move(H));
  }
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Findings[I].Where.known())
      Of[I].T.Reason = "the finding has no place in a source file";

  // The harnesses include the user's file by a path relative to them when
  // both lie under the root, so that the folder can move with the project
  // (to the GPU machine, say).
  if (std::error_code EC = llvm::sys::fs::create_directories(Settings.Dir))
    return llvm::createStringError("cannot create harness directory '" +
                                   Settings.Dir + "': " + EC.message());
  for (const HarnessFile &H : Harnesses) {
    std::string Include = pathUnder(H.Source, Sources.root()) &&
                                  pathUnder(Settings.Dir, Sources.root())
                              ? relativeTo(H.Source, Settings.Dir)
                              : llvm::sys::path::convert_to_slash(H.Source);
    if (llvm::Error E = writeFile(
            Settings.Dir, H.Stem + ".harness.cpp",
            [&](llvm::raw_ostream &OS) { writeHarnessSource(OS, H, Include); }))
      return E;
  }
  if (llvm::Error E =
          writeFile(Settings.Dir, "CMakeLists.txt", [&](llvm::raw_ostream &OS) {
            writeCMakeLists(
                OS, Harnesses, Settings.Dir,
                pathUnder(Settings.Dir, Sources.root()).has_value());
          }))
    return E;

  unsigned Harnessed = 0;
  if (llvm::Error E =
          writeFile(Settings.Dir, "harness.json", [&](llvm::raw_ostream &OS) {
            llvm::json::OStream J(OS, 2);
            J.object([&] {
              J.attribute("version", 1);
              J.attribute("root", Sources.root());
              J.attribute("callsPerFunction", CallsPerFunction);
              J.attributeArray("harnesses", [&] {
                for (const HarnessFile &H : Harnesses)
                  J.object([&] {
                    J.attribute("source", H.Path);
                    J.attribute("harness", H.Stem + ".harness.cpp");
                    J.attribute("target", H.Stem + "_harness");
                    J.attributeArray("functions", [&] {
                      for (const Call &C : H.Calls)
                        J.value(C.T.Name);
                    });
                  });
              });
              J.attributeArray("findings", [&] {
                for (size_t I = 0; I < Findings.size(); ++I) {
                  const Finding &F = Findings[I];
                  const Target &T = Of[I].T;
                  J.object([&] {
                    J.attribute("check", F.Check);
                    J.attribute("path", F.Where.Path);
                    J.attribute("line", F.Where.Line);
                    J.attribute("column", F.Where.Column);
                    J.attribute("fingerprint", F.Fingerprint);
                    if (T.Name.empty())
                      J.attribute("function", nullptr);
                    else
                      J.attribute("function", T.Name);
                    if (auto At = Of[I].HarnessAndCall) {
                      ++Harnessed;
                      const HarnessFile &H = Harnesses[At->first];
                      J.attribute("status", "harnessed");
                      J.attribute("harness", H.Stem + ".harness.cpp");
                      J.attribute("target", H.Stem + "_harness");
                      J.attribute("call", H.Calls[At->second].CallExpr);
                    } else {
                      J.attribute("status", "unsupported");
                      J.attribute("reason", T.Reason);
                    }
                  });
                }
              });
            });
            OS << "\n";
          }))
    return E;

  if (!Settings.Quiet) {
    for (size_t I = 0; I < Findings.size(); ++I)
      if (!Of[I].HarnessAndCall)
        llvm::errs() << "torchsync: note: no harness for "
                     << Findings[I].Where.Path << ":" << Findings[I].Where.Line
                     << " (" << Findings[I].Check << "): " << Of[I].T.Reason
                     << "\n";
    // A misspelt name would silently leave a function on default inputs.
    for (const auto &KV : Settings.Spec.Functions)
      if (!UsedSpecs.contains(KV.first))
        llvm::errs() << "torchsync: warning: the harness spec names '"
                     << KV.first << "', which holds no harnessed finding\n";
    llvm::errs() << "torchsync: harnesses for " << Harnessed << " of "
                 << Findings.size() << " finding"
                 << (Findings.size() == 1 ? "" : "s") << " in " << Settings.Dir
                 << "\n";
  }
  return llvm::Error::success();
}

} // namespace torchsync
