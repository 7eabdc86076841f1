//===--- Output.cpp - Report formats: JSON, SARIF, GitHub annotations -----===//
//
// Part of torchsync. See Output.h.
//
//===----------------------------------------------------------------------===//

#include "Output.h"
#include "InputFiles.h"
#include "SafeWrite.h"
#include "TextReport.h"
#include "clang-tidy/ClangTidy.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace json = llvm::json;

namespace torchsync {

namespace {

/// The check registry, as the module registers it: SARIF lists one rule per
/// check with the summary as its help text.
struct CheckInfo {
  llvm::StringRef Class;
  llvm::StringRef Name;
  llvm::StringRef Summary;
};
constexpr CheckInfo Registry[] = {
#define TORCHSYNC_CHECK(Class, Name, Summary) {#Class, Name, Summary},
#include "Checks.def"
};

constexpr llvm::StringLiteral CheckPrefix = "torchsync-";
constexpr llvm::StringLiteral SarifSchema =
    "https://json.schemastore.org/sarif-2.1.0.json";
constexpr llvm::StringLiteral RootBase = "%SRCROOT%";

std::string docsUrl(llvm::StringRef Check) {
  return (llvm::Twine(TORCHSYNC_DOCS_URL) + "/checks/" + Check + ".md").str();
}

/// Percent-encodes what may not appear in a URI path.
std::string uriPath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

std::string fileUri(llvm::StringRef AbsolutePath) {
  std::string Path = llvm::sys::path::convert_to_slash(AbsolutePath);
  if (!llvm::StringRef(Path).starts_with("/"))
    Path = "/" + Path; // C:/x -> /C:/x
  return "file://" + uriPath(Path);
}

void addPlace(json::Object &O, const Place &P, llvm::StringRef Prefix = "") {
  if (P.File.empty())
    return;
  O[(Prefix + "file").str()] = P.File;
  O[(Prefix + "path").str()] = P.Path;
  if (P.Line == 0)
    return;
  O[(Prefix + "line").str()] = P.Line;
  O[(Prefix + "column").str()] = P.Column;
}

json::Value findingToJson(const Finding &F) {
  json::Object O{
      {"check", F.Check}, {"severity", F.Severity}, {"message", F.Message}};
  addPlace(O, F.Where);
  if (F.End && F.End->known()) {
    O["endLine"] = F.End->Line;
    O["endColumn"] = F.End->Column;
  }
  O["fingerprint"] = F.Fingerprint;
  if (F.Suppressed)
    O["suppressed"] = true;
  json::Array Fixes;
  for (const FixIt &Fix : F.Fixes) {
    json::Array Replacements;
    for (const Edit &E : Fix.Edits) {
      json::Object R;
      addPlace(R, E.Begin);
      R["offset"] = E.Begin.Offset;
      R["length"] = E.End.Offset - E.Begin.Offset;
      if (E.End.known()) {
        R["endLine"] = E.End.Line;
        R["endColumn"] = E.End.Column;
      }
      R["text"] = E.Text;
      Replacements.push_back(std::move(R));
    }
    Fixes.push_back(json::Object{{"description", Fix.Description},
                                 {"keepsMeaning", Fix.KeepsMeaning},
                                 {"replacements", std::move(Replacements)}});
  }
  O["fixes"] = std::move(Fixes);
  json::Array Notes;
  for (const Note &N : F.Notes) {
    json::Object NO{{"message", N.Message}};
    addPlace(NO, N.Where);
    Notes.push_back(std::move(NO));
  }
  O["notes"] = std::move(Notes);
  if (F.Runtime)
    O["runtime"] = json::Object(F.Runtime->Properties);
  return O;
}

/// The top-level "runtime" object of a JSON report (--runtime-report).
json::Value runtimeJson(const RuntimeCosts &Costs) {
  json::Array Unpredicted;
  for (const Finding &F : Costs.Unpredicted) {
    json::Object O{
        {"check", F.Check}, {"severity", F.Severity}, {"message", F.Message}};
    // The verifier gives a line, not a column.
    if (!F.Where.File.empty()) {
      O["file"] = F.Where.File;
      O["path"] = F.Where.Path;
    }
    if (F.Where.Line)
      O["line"] = F.Where.Line;
    O["runtime"] = json::Object(F.Runtime->Properties);
    Unpredicted.push_back(std::move(O));
  }
  json::Object Verifier{{"name", "torchsync-verify"}};
  if (!Costs.VerifierVersion.empty())
    Verifier["version"] = Costs.VerifierVersion;
  return json::Object{{"report", Costs.ReportFile},
                      {"tool", std::move(Verifier)},
                      {"userBlockedNs", Costs.UserBlockedNs},
                      {"unpredicted", std::move(Unpredicted)}};
}

json::Value toolJson() {
  return json::Object{{"name", "torchsync"}, {"version", TORCHSYNC_VERSION}};
}

json::Value artifactLocation(const Place &P) {
  if (llvm::sys::path::is_absolute(P.Path))
    return json::Object{{"uri", fileUri(P.Path)}};
  return json::Object{{"uri", uriPath(P.Path)}, {"uriBaseId", RootBase}};
}

/// A SARIF text region from Begin to End (End may be absent or unknown).
/// Columns count UTF-16 code units; one that is not known (0) is left out.
json::Value region(const Place &Begin, const Place *End) {
  json::Object R{{"startLine", Begin.Line}};
  if (Begin.Utf16Column)
    R["startColumn"] = Begin.Utf16Column;
  if (End && End->known()) {
    R["endLine"] = End->Line;
    if (End->Utf16Column)
      R["endColumn"] = End->Utf16Column;
  }
  return R;
}

json::Value physicalLocation(const Place &Begin, const Place *End) {
  json::Object PL{{"artifactLocation", artifactLocation(Begin)}};
  if (Begin.known())
    PL["region"] = region(Begin, End);
  return PL;
}

json::Value sarifRule(llvm::StringRef Id, const CheckInfo *Info) {
  json::Object Rule{{"id", Id.str()}}; // json::Value would not copy a StringRef
  if (!Info)
    return Rule;
  std::string Url = docsUrl(Info->Name);
  Rule["name"] = Info->Class;
  Rule["shortDescription"] = json::Object{{"text", Info->Summary}};
  Rule["fullDescription"] = json::Object{{"text", Info->Summary}};
  Rule["helpUri"] = Url;
  Rule["help"] = json::Object{
      {"text", (Info->Summary + "\n\nDocumentation: " + Url).str()},
      {"markdown", (Info->Summary + "\n\n[Documentation](" + Url + ")").str()}};
  Rule["defaultConfiguration"] = json::Object{{"level", "warning"}};
  Rule["properties"] =
      json::Object{{"tags", json::Array{"performance", "cuda", "libtorch"}}};
  return Rule;
}

/// The rule of UnpredictedSyncRule, documented with torchsync-verify's
/// report.
json::Value unpredictedRule() {
  llvm::StringRef Summary = "A host-device sync observed at run time by "
                            "torchsync-verify that no static finding "
                            "predicted";
  std::string Url =
      (llvm::Twine(TORCHSYNC_DOCS_URL) + "/verify-format.md").str();
  return json::Object{
      {"id", UnpredictedSyncRule},
      {"name", "UnpredictedSync"},
      {"shortDescription", json::Object{{"text", Summary}}},
      {"fullDescription", json::Object{{"text", Summary}}},
      {"helpUri", Url},
      {"help",
       json::Object{
           {"text", (Summary + "\n\nDocumentation: " + Url).str()},
           {"markdown", (Summary + "\n\n[Documentation](" + Url + ")").str()}}},
      {"defaultConfiguration", json::Object{{"level", "warning"}}},
      {"properties",
       json::Object{{"tags", json::Array{"performance", "cuda", "runtime"}}}}};
}

std::string milliseconds(int64_t Ns) {
  return llvm::formatv("{0:F3}", Ns / 1e6).str();
}

/// The message of a finding, with what the verifier saw there.
std::string resultMessage(const Finding &F) {
  if (!F.Runtime || F.Runtime->Verdict == "unpredicted")
    return F.Message;
  const RuntimeVerdict &R = *F.Runtime;
  std::string What =
      R.Verdict == "confirmed"
          ? llvm::formatv("confirmed: {0} syncs, {1} ms blocked", R.Syncs,
                          milliseconds(R.BlockedNs))
                    .str() +
                (R.SharedSyncs
                     ? llvm::formatv(", and {0} syncs ({1} ms) that another "
                                     "finding on the line may have made",
                                     R.SharedSyncs,
                                     milliseconds(R.SharedBlockedNs))
                           .str()
                     : std::string())
      : R.Verdict == "refuted"
          ? "refuted: the line ran and no sync was attributed to it"
      : R.Verdict == "not-reached"
          ? "not reached: the line never ran"
          : "not observed: no sync was attributed to the line";
  if (R.Explanation)
    What += " (explained: " + *R.Explanation + ")";
  return (F.Message.empty() ? F.Check : F.Message) + " [" + What + "]";
}

/// A finding's level; a runtime verdict other than a sync makes it a note.
llvm::StringRef resultLevel(const Finding &F) {
  if (F.Runtime && F.Runtime->Verdict != "confirmed" &&
      F.Runtime->Verdict != "unpredicted")
    return "note";
  return F.Severity;
}

json::Value sarifResult(const Finding &F, unsigned RuleIndex) {
  json::Object Result{{"ruleId", F.Check},
                      {"ruleIndex", RuleIndex},
                      {"level", resultLevel(F)},
                      {"message", json::Object{{"text", resultMessage(F)}}}};
  if (!F.Where.File.empty())
    Result["locations"] = json::Array{
        json::Object{{"physicalLocation",
                      physicalLocation(F.Where, F.End ? &*F.End : nullptr)}}};
  json::Array Related;
  for (const Note &N : F.Notes) {
    json::Object Loc{{"id", static_cast<int64_t>(Related.size() + 1)},
                     {"message", json::Object{{"text", N.Message}}}};
    if (!N.Where.File.empty())
      Loc["physicalLocation"] = physicalLocation(N.Where, nullptr);
    Related.push_back(std::move(Loc));
  }
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);
  if (!F.Fingerprint.empty())
    Result["partialFingerprints"] =
        json::Object{{FingerprintKey, F.Fingerprint}};
  if (F.Runtime) {
    Result["properties"] = json::Object(F.Runtime->Properties);
    if (const json::Value *Rank = F.Runtime->Properties.get("rank"))
      Result["rank"] = *Rank;
  }
  // A NOLINT comment is a suppression in the source, as code scanning
  // reads it: the result is shown as dismissed.
  if (F.Suppressed)
    Result["suppressions"] = json::Array{json::Object{{"kind", "inSource"}}};
  json::Array Fixes;
  for (const FixIt &Fix : F.Fixes) {
    // A replacement needs its columns (a report read back whose source
    // cannot be read has none): such a fix is left out, not misplaced.
    if (llvm::any_of(Fix.Edits, [](const Edit &E) {
          return !E.Begin.Utf16Column || !E.End.Utf16Column;
        }))
      continue;
    // One artifactChange per file, in the order the edits name them.
    json::Array Changes;
    std::vector<std::string> Files;
    for (const Edit &E : Fix.Edits)
      if (!llvm::is_contained(Files, E.Begin.File))
        Files.push_back(E.Begin.File);
    for (const std::string &File : Files) {
      json::Array Replacements;
      const Place *First = nullptr;
      for (const Edit &E : Fix.Edits) {
        if (E.Begin.File != File)
          continue;
        First = First ? First : &E.Begin;
        json::Object Deleted{{"startLine", E.Begin.Line},
                             {"startColumn", E.Begin.Utf16Column},
                             {"endLine", E.End.Line},
                             {"endColumn", E.End.Utf16Column}};
        Replacements.push_back(
            json::Object{{"deletedRegion", std::move(Deleted)},
                         {"insertedContent", json::Object{{"text", E.Text}}}});
      }
      Changes.push_back(
          json::Object{{"artifactLocation", artifactLocation(*First)},
                       {"replacements", std::move(Replacements)}});
    }
    Fixes.push_back(json::Object{
        {"description", json::Object{{"text", Fix.Description}}},
        {"artifactChanges", std::move(Changes)},
        {"properties", json::Object{{"keepsMeaning", Fix.KeepsMeaning}}}});
  }
  if (!Fixes.empty())
    Result["fixes"] = std::move(Fixes);
  return Result;
}

/// Escapes for workflow commands: data may not hold line breaks or '%';
/// property values may not hold ':' or ',' either.
std::string escapeAnnotation(llvm::StringRef Text, bool Property) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    case ':':
      Out += Property ? "%3A" : ":";
      break;
    case ',':
      Out += Property ? "%2C" : ",";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

void print(llvm::raw_ostream &OS, json::Value V) {
  OS << llvm::formatv("{0:2}", V) << "\n";
}

/// Adds Item, a finding or result that no input had identical, to Kept;
/// but where one input measured it (--runtime-report) and another did not,
/// only the measured one is kept, in the place of the first. Measured is
/// the field a measurement adds, Changed every field it adds or changes;
/// Places maps an item without them to its place in Kept.
void addOnce(json::Array &Kept, llvm::StringMap<size_t> &Places,
             json::Value Item, llvm::StringRef Measured,
             llvm::ArrayRef<llvm::StringRef> Changed) {
  const json::Object *O = Item.getAsObject();
  if (!O) {
    Kept.push_back(std::move(Item));
    return;
  }
  json::Object Bare = *O;
  for (llvm::StringRef Key : Changed)
    Bare.erase(Key);
  auto [It, New] = Places.try_emplace(
      llvm::formatv("{0}", json::Value(std::move(Bare))).str(), Kept.size());
  if (!New) {
    const json::Object *Other = Kept[It->second].getAsObject();
    bool OtherMeasured = Other && Other->get(Measured);
    bool ThisMeasured = O->get(Measured);
    if (OtherMeasured && !ThisMeasured)
      return;
    if (ThisMeasured && !OtherMeasured) {
      Kept[It->second] = std::move(Item);
      return;
    }
  }
  Kept.push_back(std::move(Item));
}

llvm::Error readError(llvm::StringRef File, const llvm::Twine &Why) {
  return llvm::createStringError("cannot merge '" + File + "': " + Why);
}

} // namespace

std::optional<Format> parseFormat(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Format>>(Name)
      .Case("text", Format::Text)
      .Case("json", Format::Json)
      .Case("sarif", Format::Sarif)
      .Case("github", Format::Github)
      .Default(std::nullopt);
}

llvm::Error writeReport(llvm::StringRef OutputFile, Format OutputFormat,
                        llvm::ArrayRef<Finding> Reported,
                        llvm::ArrayRef<Finding> Suppressed,
                        llvm::StringRef Root, std::optional<bool> UseColor,
                        const RuntimeCosts *Costs) {
  // Suppressed findings go where a reader can tell them apart.
  std::vector<Finding> All(Reported.begin(), Reported.end());
  llvm::append_range(All, Suppressed);
  auto Write = [&](llvm::raw_ostream &OS, bool Colors) {
    switch (OutputFormat) {
    case Format::Text: {
      TextReport Text(OS, Root, Colors);
      for (const Finding &F : Reported)
        Text.print(F);
      if (Costs)
        writeTopSyncs(OS, Reported, *Costs);
      break;
    }
    case Format::Json:
      writeJson(OS, All, Root, Costs);
      break;
    case Format::Sarif:
      writeSarif(OS, All, Root, Costs);
      break;
    case Format::Github:
      writeGithub(OS, Reported);
      break;
    }
  };
  if (OutputFile == "-") {
    Write(llvm::outs(),
          UseColor.value_or(llvm::sys::Process::StandardOutHasColors()));
    if (std::error_code EC = takeStreamError(llvm::outs()))
      return llvm::createStringError("cannot write the report to standard "
                                     "output: " +
                                     EC.message());
    return llvm::Error::success();
  }
  if (llvm::Error E = writeOutputFile(OutputFile, [&](llvm::raw_ostream &OS) {
        Write(OS, /*Colors=*/false);
      }))
    return llvm::createStringError("cannot write '" + OutputFile +
                                   "': " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

namespace {
/// clang-tidy's message at P with Text, the ranges and the fix-it Fix (when
/// given), as clang-tidy exports it.
clang::tooling::DiagnosticMessage exportedMessage(llvm::StringRef Text,
                                                  const Place &P,
                                                  llvm::ArrayRef<Range> Ranges,
                                                  const FixIt *Fix) {
  clang::tooling::DiagnosticMessage M(Text);
  M.FilePath = P.File;
  M.FileOffset = P.Offset;
  for (const Range &R : Ranges) {
    clang::tooling::FileByteRange B;
    B.FilePath = R.Begin.File;
    B.FileOffset = R.Begin.Offset;
    B.Length = R.End.Offset - R.Begin.Offset;
    M.Ranges.push_back(std::move(B));
  }
  if (Fix)
    for (const Edit &E : Fix->Edits)
      // Edits of one fix-it never overlap (the analysis made them so).
      llvm::consumeError(M.Fix[E.Begin.File].add(
          clang::tooling::Replacement(E.Begin.File, E.Begin.Offset,
                                      E.End.Offset - E.Begin.Offset, E.Text)));
  return M;
}
} // namespace

llvm::Error exportFixes(llvm::StringRef Path, llvm::StringRef MainFile,
                        llvm::ArrayRef<Finding> Reported, bool FromNotes) {
  // The notes' fix-its change the meaning and clang-apply-replacements would
  // apply them: they are exported only with --fix-notes.
  std::vector<clang::tidy::ClangTidyError> Exported;
  for (const Finding &F : Reported) {
    clang::tidy::ClangTidyError E(F.Check,
                                  F.Severity == "error" && !F.WarningAsError
                                      ? clang::tidy::ClangTidyError::Error
                                      : clang::tidy::ClangTidyError::Warning,
                                  /*BuildDirectory=*/"", F.WarningAsError);
    E.EnabledDiagnosticAliases = F.Aliases;
    E.Message = exportedMessage(F.Message, F.Where, F.Ranges, warningFix(F));
    for (const Note &N : F.Notes)
      E.Notes.push_back(
          exportedMessage(N.Message, N.Where, N.Ranges,
                          FromNotes && N.Fix ? &F.Fixes[*N.Fix] : nullptr));
    Exported.push_back(std::move(E));
  }
  std::string Yaml;
  llvm::raw_string_ostream OS(Yaml);
  clang::tidy::exportReplacements(MainFile, Exported, OS);
  // Written to a temporary file and renamed: never half-written.
  if (llvm::Error E =
          writeOutputFile(Path, [&](llvm::raw_ostream &Out) { Out << Yaml; }))
    return llvm::createStringError("cannot write " + describeOutput(Path) +
                                   ": " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

void writeJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               llvm::StringRef Root, const RuntimeCosts *Costs) {
  json::Array All;
  for (const Finding &F : Findings)
    All.push_back(findingToJson(F));
  json::Object Report{{"version", JsonFormatVersion},
                      {"tool", toolJson()},
                      {"root", Root},
                      {"findings", std::move(All)}};
  if (Costs)
    Report["runtime"] = runtimeJson(*Costs);
  print(OS, std::move(Report));
}

void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                llvm::StringRef Root, const RuntimeCosts *Costs) {
  json::Array Rules;
  llvm::StringMap<unsigned> RuleIndex;
  for (const CheckInfo &Info : Registry) {
    std::string Id = (CheckPrefix + Info.Name).str();
    RuleIndex[Id] = Rules.size();
    Rules.push_back(sarifRule(Id, &Info));
  }
  json::Array Results;
  // SARIF has no other place for the unpredicted syncs than results.
  for (llvm::ArrayRef<Finding> List :
       {Findings, Costs ? llvm::ArrayRef<Finding>(Costs->Unpredicted)
                        : llvm::ArrayRef<Finding>()})
    for (const Finding &F : List) {
      // Diagnostics of other origins (clang-diagnostic-*) get a bare rule.
      auto [It, New] = RuleIndex.try_emplace(F.Check, Rules.size());
      if (New)
        Rules.push_back(F.Check == UnpredictedSyncRule
                            ? unpredictedRule()
                            : sarifRule(F.Check, nullptr));
      Results.push_back(sarifResult(F, It->second));
    }
  std::string RootUri = fileUri(Root);
  if (!llvm::StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  json::Object Driver{{"name", "torchsync"},
                      {"version", TORCHSYNC_VERSION},
                      {"semanticVersion", TORCHSYNC_VERSION},
                      {"informationUri", TORCHSYNC_HOMEPAGE_URL},
                      {"rules", std::move(Rules)}};
  json::Object Tool{{"driver", std::move(Driver)}};
  if (Costs) {
    json::Object Verifier{
        {"name", "torchsync-verify"},
        {"informationUri",
         (llvm::Twine(TORCHSYNC_DOCS_URL) + "/verify-format.md").str()}};
    if (!Costs->VerifierVersion.empty())
      Verifier["version"] = Costs->VerifierVersion;
    Tool["extensions"] = json::Array{std::move(Verifier)};
  }
  json::Object Run{{"tool", std::move(Tool)},
                   {"originalUriBaseIds",
                    json::Object{{RootBase, json::Object{{"uri", RootUri}}}}},
                   {"columnKind", "utf16CodeUnits"},
                   {"results", std::move(Results)}};
  if (Costs)
    Run["invocations"] = json::Array{
        json::Object{{"executionSuccessful", Costs->RunSuccessful},
                     {"properties", json::Object(Costs->RunProperties)}}};
  print(OS, json::Object{{"$schema", SarifSchema},
                         {"version", "2.1.0"},
                         {"runs", json::Array{std::move(Run)}}});
}

void writeGithub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings) {
  for (const Finding &F : Findings) {
    std::string Message = F.Message;
    for (const Note &N : F.Notes) {
      Message += "\n";
      if (N.Where.known())
        Message += llvm::formatv("{0}:{1}:{2}: ", N.Where.Path, N.Where.Line,
                                 N.Where.Column)
                       .str();
      Message += "note: " + N.Message;
    }
    OS << "::" << F.Severity << " ";
    if (F.Where.known()) {
      OS << "file=" << escapeAnnotation(F.Where.Path, true)
         << ",line=" << F.Where.Line << ",col=" << F.Where.Column;
      if (F.End && F.End->known())
        OS << ",endLine=" << F.End->Line << ",endColumn=" << F.End->Column;
      OS << ",";
    }
    OS << "title=" << escapeAnnotation(F.Check, true)
       << "::" << escapeAnnotation(Message, false) << "\n";
  }
}

llvm::Error mergeReports(llvm::ArrayRef<std::string> Inputs,
                         llvm::StringRef Output) {
  enum Kind { Unknown, Sarif, Json } MergedKind = Unknown;
  // SARIF: one run, its rules the union of the inputs' rules.
  json::Object Run;
  json::Array Rules, Results;
  llvm::StringMap<unsigned> RuleIndex;
  // JSON: the first report's tool and root.
  json::Object Report;
  json::Array Findings;
  llvm::StringSet<> Seen;
  // Where each finding or result, its measurements left out, was kept.
  llvm::StringMap<size_t> Unmeasured;
  // What a runtime report added (JSON: the top-level "runtime"; SARIF: the
  // verifier's extension and invocation), from the first input that has
  // it; every other input that has it must have the same.
  std::optional<json::Object> Measured;
  std::string MeasuredFrom;
  auto SameMeasurements = [&](llvm::StringRef Input,
                              json::Object Theirs) -> llvm::Error {
    if (!Measured) {
      Measured = std::move(Theirs);
      MeasuredFrom = Input.str();
      return llvm::Error::success();
    }
    // The report's name is the path each run was given; it may differ
    // between jobs that downloaded the same report.
    json::Object Ours = *Measured;
    auto Named = [](const json::Object &O) -> std::string {
      std::optional<llvm::StringRef> Name = O.getString("report");
      return Name ? " (--runtime-report '" + Name->str() + "')" : "";
    };
    std::string OurName = Named(Ours), TheirName = Named(Theirs);
    Ours.erase("report");
    Theirs.erase("report");
    if (Ours == Theirs)
      return llvm::Error::success();
    return readError(Input,
                     llvm::formatv("its measured costs{0} are not those of "
                                   "'{1}'{2}: findings ranked by different "
                                   "torchsync-verify runs cannot be joined; "
                                   "give every run the same --runtime-report",
                                   TheirName, MeasuredFrom, OurName));
  };

  for (const std::string &Input : Inputs) {
    auto Buffer = readInputFile(Input, /*AllowStdin=*/true);
    if (!Buffer)
      return readError(Input, llvm::toString(Buffer.takeError()));
    llvm::Expected<json::Value> Parsed =
        clang::tidy::torchsync::parseJsonBounded((*Buffer)->getBuffer());
    if (!Parsed)
      return readError(Input,
                       "invalid JSON: " + llvm::toString(Parsed.takeError()));
    json::Object *Top = Parsed->getAsObject();
    Kind ThisKind = !Top                   ? Unknown
                    : Top->get("runs")     ? Sarif
                    : Top->get("findings") ? Json
                                           : Unknown;
    if (ThisKind == Unknown)
      return readError(Input, "neither a SARIF log nor a torchsync JSON "
                              "report");
    if (MergedKind != Unknown && ThisKind != MergedKind)
      return readError(Input, "cannot mix SARIF and JSON reports");
    MergedKind = ThisKind;

    if (ThisKind == Json) {
      if (Top->getInteger("version") != JsonFormatVersion)
        return readError(Input, "not version " +
                                    llvm::Twine(JsonFormatVersion) +
                                    " of the JSON format");
      json::Array *Items = Top->getArray("findings");
      if (!Items)
        return readError(Input, "'findings' is not an array");
      if (Report.empty())
        for (llvm::StringRef Key : {"tool", "root"})
          if (const json::Value *V = Top->get(Key))
            Report[Key] = *V;
      if (const json::Value *V = Top->get("runtime")) {
        const json::Object *Runtime = V->getAsObject();
        if (!Runtime)
          return readError(Input, "'runtime' is not an object");
        if (llvm::Error E = SameMeasurements(Input, *Runtime))
          return E;
      }
      for (json::Value &F : *Items)
        if (Seen.insert(llvm::formatv("{0}", F).str()).second)
          addOnce(Findings, Unmeasured, std::move(F), "runtime", {"runtime"});
      continue;
    }

    if (Top->getString("version") != "2.1.0")
      return readError(Input, "not SARIF 2.1.0");
    json::Array *Runs = Top->getArray("runs");
    if (!Runs)
      return readError(Input, "'runs' is not an array");
    for (json::Value &RunValue : *Runs) {
      json::Object *R = RunValue.getAsObject();
      json::Object *Driver = R ? R->getObject("tool") : nullptr;
      Driver = Driver ? Driver->getObject("driver") : nullptr;
      std::optional<llvm::StringRef> Name =
          Driver ? Driver->getString("name") : std::nullopt;
      if (Name != "torchsync")
        return readError(Input, "a run of '" + Name.value_or("?") +
                                    "', not of torchsync");
      if (json::Array *RunRules = Driver->getArray("rules"))
        for (json::Value &Rule : *RunRules) {
          json::Object *O = Rule.getAsObject();
          std::optional<llvm::StringRef> Id =
              O ? O->getString("id") : std::nullopt;
          if (!Id || RuleIndex.count(*Id))
            continue;
          RuleIndex[*Id] = Rules.size();
          Rules.push_back(std::move(Rule));
        }
      if (json::Array *RunResults = R->getArray("results"))
        for (json::Value &Result : *RunResults) {
          json::Object *O = Result.getAsObject();
          if (!O)
            return readError(Input, "a result is not an object");
          // Indexes point into each input's own rules; they are redone.
          O->erase("ruleIndex");
          if (!Seen.insert(llvm::formatv("{0}", Result).str()).second)
            continue;
          std::optional<llvm::StringRef> Id = O->getString("ruleId");
          if (Id && RuleIndex.count(*Id))
            (*O)["ruleIndex"] = RuleIndex[*Id];
          // The measurements are in the properties, the rank, and the
          // verdict in the message and level.
          addOnce(Results, Unmeasured, std::move(Result), "properties",
                  {"properties", "rank", "message", "level"});
        }
      json::Object Verifier;
      if (const json::Value *Extensions =
              R->getObject("tool")->get("extensions"))
        Verifier["extensions"] = *Extensions;
      if (const json::Value *Invocations = R->get("invocations"))
        Verifier["invocations"] = *Invocations;
      if (!Verifier.empty())
        if (llvm::Error E = SameMeasurements(Input, std::move(Verifier)))
          return E;
      if (Run.empty()) {
        // The first run gives the tool and base URIs; rules and results
        // are filled in from all of them below.
        Run = std::move(*R);
      }
    }
  }

  json::Value Merged = nullptr;
  if (MergedKind == Json) {
    Report["findings"] = std::move(Findings);
    if (Measured)
      Report["runtime"] = std::move(*Measured);
    json::Object Out{{"version", JsonFormatVersion}};
    for (auto &Entry : Report)
      Out[Entry.first] = std::move(Entry.second);
    Merged = std::move(Out);
  } else {
    if (Run.empty())
      Run["tool"] =
          json::Object{{"driver", json::Object{{"name", "torchsync"}}}};
    (*Run.getObject("tool")->getObject("driver"))["rules"] = std::move(Rules);
    Run["results"] = std::move(Results);
    // The verifier's part of a later run, when the first had none.
    if (Measured) {
      if (json::Value *Extensions = Measured->get("extensions"))
        (*Run.getObject("tool"))["extensions"] = std::move(*Extensions);
      if (json::Value *Invocations = Measured->get("invocations"))
        Run["invocations"] = std::move(*Invocations);
    }
    Merged = json::Object{{"$schema", SarifSchema},
                          {"version", "2.1.0"},
                          {"runs", json::Array{std::move(Run)}}};
  }
  if (llvm::Error E = writeOutputFile(
          Output, [&](llvm::raw_ostream &OS) { print(OS, std::move(Merged)); }))
    return llvm::createStringError("cannot write " + describeOutput(Output) +
                                   ": " + llvm::toString(std::move(E)));
  return llvm::Error::success();
}

} // namespace torchsync
