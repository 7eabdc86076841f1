//===--- RenderSarif.cpp - SARIF of a JSON report and a verifier's report -===//
//
// Part of torchsync. See RenderSarif.h.
//
//===----------------------------------------------------------------------===//

#include "RenderSarif.h"
#include "Findings.h"
#include "Output.h"
#include "RuntimeReport.h"
#include "SafeWrite.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace json = llvm::json;

namespace torchsync {

namespace {

llvm::Error fail(llvm::StringRef File, const llvm::Twine &Why) {
  return llvm::createStringError("cannot render SARIF: '" + File + "': " + Why);
}

llvm::Expected<json::Value> readJson(llvm::StringRef File) {
  llvm::Expected<json::Value> Parsed = readJsonObject(File);
  if (!Parsed)
    return fail(File, llvm::toString(Parsed.takeError()));
  return Parsed;
}

unsigned number(const json::Object &O, llvm::StringRef Key) {
  std::optional<int64_t> N = O.getInteger(Key);
  return N && *N > 0 ? static_cast<unsigned>(*N) : 0;
}

llvm::StringRef string(const json::Object &O, llvm::StringRef Key) {
  return O.getString(Key).value_or("");
}

/// The place a JSON report gives in O: its root-relative "path" (else its
/// "file"), the line and the byte column under the keys given.
Place placeOf(const json::Object &O, SourceFiles &Sources,
              llvm::StringRef LineKey = "line",
              llvm::StringRef ColumnKey = "column") {
  llvm::StringRef File = string(O, "path");
  if (File.empty())
    File = string(O, "file");
  return Sources.placeAt(File, number(O, LineKey), number(O, ColumnKey));
}

/// A finding of torchsync's JSON report (docs/json-format.md), its places
/// read against Sources for their UTF-16 columns.
llvm::Expected<Finding> findingFromJson(const json::Object &O,
                                        SourceFiles &Sources,
                                        llvm::StringRef File, size_t Index) {
  Finding F;
  std::optional<llvm::StringRef> Check = O.getString("check");
  if (!Check)
    return fail(File, "finding " + llvm::Twine(Index) + " has no 'check'");
  F.Check = Check->str();
  F.Severity = O.getString("severity").value_or("warning").str();
  F.Message = string(O, "message").str();
  F.Fingerprint = string(O, "fingerprint").str();
  F.Suppressed = O.getBoolean("suppressed").value_or(false);
  F.Where = placeOf(O, Sources);
  if (O.getInteger("endLine"))
    F.End = placeOf(O, Sources, "endLine", "endColumn");
  if (const json::Array *Notes = O.getArray("notes"))
    for (const json::Value &V : *Notes)
      if (const json::Object *N = V.getAsObject())
        F.Notes.push_back({string(*N, "message").str(), placeOf(*N, Sources)});
  if (const json::Array *Fixes = O.getArray("fixes"))
    for (const json::Value &V : *Fixes) {
      const json::Object *X = V.getAsObject();
      if (!X)
        continue;
      FixIt Fix;
      Fix.Description = string(*X, "description").str();
      Fix.KeepsMeaning = X->getBoolean("keepsMeaning").value_or(true);
      if (const json::Array *Replacements = X->getArray("replacements"))
        for (const json::Value &RV : *Replacements) {
          const json::Object *R = RV.getAsObject();
          if (!R)
            continue;
          Edit E{placeOf(*R, Sources),
                 placeOf(*R, Sources, "endLine", "endColumn"),
                 string(*R, "text").str()};
          E.Begin.Offset = number(*R, "offset");
          E.End.Offset = E.Begin.Offset + number(*R, "length");
          Fix.Edits.push_back(std::move(E));
        }
      F.Fixes.push_back(std::move(Fix));
    }
  return F;
}

llvm::Expected<VerifierReport> readVerifier(llvm::StringRef File) {
  llvm::Expected<VerifierReport> Read = readVerifierReport(File);
  if (!Read)
    return fail(File, llvm::toString(Read.takeError()));
  return Read;
}

} // namespace

llvm::Error renderSarif(const RenderOptions &Options) {
  llvm::Expected<json::Value> Report = readJson(Options.FindingsFile);
  if (!Report)
    return Report.takeError();
  const json::Object &Top = *Report->getAsObject();
  const json::Array *Items = Top.getArray("findings");
  const json::Object *Tool = Top.getObject("tool");
  if (Top.getInteger("version") != JsonFormatVersion || !Items || !Tool ||
      Tool->getString("name") != "torchsync")
    return fail(Options.FindingsFile,
                "not a version " + llvm::Twine(JsonFormatVersion) +
                    " JSON report of torchsync (torchsync --format=json)");

  std::optional<VerifierReport> Verifier;
  if (!Options.RuntimeReportFile.empty()) {
    llvm::Expected<VerifierReport> Read =
        readVerifier(Options.RuntimeReportFile);
    if (!Read)
      return Read.takeError();
    Verifier = std::move(*Read);
  }
  const json::Object *VerifierTop =
      Verifier ? Verifier->Doc.getAsObject() : nullptr;

  // The verifier's root is where it matched paths and read the sources.
  llvm::SmallString<256> Root(Options.Root);
  if (Root.empty())
    Root = VerifierTop ? string(*VerifierTop, "root") : string(Top, "root");
  if (Root.empty())
    Root = ".";
  Root = findRoot(Root);
  SourceFiles Sources(std::string(Root.str()));

  std::vector<Finding> Findings;
  for (size_t I = 0; I < Items->size(); ++I) {
    const json::Object *O = (*Items)[I].getAsObject();
    if (!O)
      return fail(Options.FindingsFile,
                  "finding " + llvm::Twine(I) + " is not an object");
    llvm::Expected<Finding> F =
        findingFromJson(*O, Sources, Options.FindingsFile, I);
    if (!F)
      return F.takeError();
    Findings.push_back(std::move(*F));
  }

  // What the run measured, as --runtime-report gives it; but the verifier
  // renders the findings it ran with, so every finding and every entry
  // must have its counterpart.
  std::optional<RuntimeCosts> Costs;
  if (Verifier) {
    Costs = applyRuntimeReport(*Verifier, Options.RuntimeReportFile, {Findings},
                               Sources);
    auto Missing =
        llvm::find_if(Findings, [](const Finding &F) { return !F.Runtime; });
    if (Missing != Findings.end())
      return fail(
          Options.RuntimeReportFile,
          llvm::formatv(
              "no entry for finding {0} of '{1}' ({2} at "
              "{3}:{4}, fingerprint {5}): the verifier "
              "ran with other findings",
              Missing - Findings.begin(), Options.FindingsFile, Missing->Check,
              Missing->Where.Path, Missing->Where.Line,
              Missing->Fingerprint.empty() ? "none" : Missing->Fingerprint));
    if (Verifier->Unmatched)
      return fail(Options.RuntimeReportFile,
                  llvm::formatv("{0} of its findings are not in '{1}': the "
                                "verifier ran with other findings",
                                Verifier->Unmatched, Options.FindingsFile));
  }

  if (llvm::Error E =
          writeOutputFile(Options.Output, [&](llvm::raw_ostream &OS) {
            writeSarif(OS, Findings, Root, Costs ? &*Costs : nullptr);
          }))
    return llvm::createStringError("cannot write " +
                                   describeOutput(Options.Output) + ": " +
                                   llvm::toString(std::move(E)));
  return llvm::Error::success();
}

} // namespace torchsync
