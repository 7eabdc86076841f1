//===--- RuntimeReport.cpp - torchsync-verify's report, read and matched --===//
//
// Part of torchsync. See RuntimeReport.h.
//
//===----------------------------------------------------------------------===//

#include "RuntimeReport.h"
#include "InputFiles.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include <array>
#include <cmath>
#include <numeric>

namespace json = llvm::json;

namespace torchsync {

namespace {

/// torchsync-verify's report format (docs/verify-format.md).
constexpr int64_t VerifyFormatVersion = 1;

unsigned number(const json::Object &O, llvm::StringRef Key) {
  std::optional<int64_t> N = O.getInteger(Key);
  return N && *N > 0 ? static_cast<unsigned>(*N) : 0;
}

llvm::StringRef string(const json::Object &O, llvm::StringRef Key) {
  return O.getString(Key).value_or("");
}

std::string milliseconds(int64_t Ns) {
  return llvm::formatv("{0:F3}", Ns / 1e6).str();
}

/// "2 stream_sync, free", as the verifier's text report writes kinds.
std::string kindsText(const json::Object *Kinds) {
  if (!Kinds || Kinds->empty())
    return "-";
  std::vector<std::pair<std::string, int64_t>> Sorted;
  for (const auto &Entry : *Kinds)
    Sorted.push_back(
        {Entry.first.str(), Entry.second.getAsInteger().value_or(0)});
  llvm::sort(Sorted);
  std::vector<std::string> Parts;
  for (const auto &[Kind, N] : Sorted)
    Parts.push_back(N > 1 ? llvm::formatv("{0} {1}", N, Kind).str() : Kind);
  return llvm::join(Parts, ", ");
}

/// "cudaMemcpyAsync, cudaStreamSynchronize": the CUDA calls of a place.
std::string apisText(const json::Object &O) {
  std::vector<std::string> Names;
  if (const json::Array *Apis = O.getArray("apis"))
    for (const json::Value &V : *Apis)
      if (std::optional<llvm::StringRef> Name = V.getAsString())
        Names.push_back(Name->str());
  return llvm::join(Names, ", ");
}

/// The share of Total that Part is, 0-100 with one decimal.
double share(int64_t Part, int64_t Total) {
  if (Total <= 0 || Part <= 0)
    return 0;
  return std::min(100.0, std::round(1000.0 * Part / Total) / 10);
}

} // namespace

llvm::Expected<json::Value> readJsonObject(llvm::StringRef File) {
  auto Buffer = readInputFile(File, /*AllowStdin=*/true);
  if (!Buffer)
    return Buffer.takeError();
  llvm::Expected<json::Value> Parsed =
      clang::tidy::torchsync::parseJsonBounded((*Buffer)->getBuffer());
  if (!Parsed)
    return llvm::createStringError("invalid JSON: " +
                                   llvm::toString(Parsed.takeError()));
  if (!Parsed->getAsObject())
    return llvm::createStringError("not a JSON object");
  return Parsed;
}

std::string matchKey(llvm::StringRef Fingerprint, llvm::StringRef Check,
                     llvm::StringRef Path, unsigned Line) {
  if (!Fingerprint.empty())
    return Fingerprint.str();
  return llvm::formatv("{0}\n{1}\n{2}", Check, Path, Line).str();
}

std::string matchKey(const json::Object &O) {
  return matchKey(string(O, "fingerprint"), string(O, "check"),
                  string(O, "path"), number(O, "line"));
}

std::string matchKey(const Finding &F) {
  return matchKey(F.Fingerprint, F.Check, F.Where.Path, F.Where.Line);
}

const json::Object *VerifierReport::take(llvm::StringRef Key) {
  auto It = Entries.find(Key);
  if (It == Entries.end() || It->second.empty())
    return nullptr;
  const json::Object *E = It->second.front();
  It->second.pop_front();
  --Unmatched;
  return E;
}

int64_t VerifierReport::userBlockedNs() const {
  const json::Object *Trace = top().getObject("trace");
  const json::Object *Outside = top().getObject("outside_user_code");
  std::optional<int64_t> Total =
      Trace ? Trace->getInteger("blocked_ns") : std::nullopt;
  if (Total && *Total > 0) {
    int64_t User =
        *Total - (Outside ? Outside->getInteger("blocked_ns").value_or(0) : 0);
    if (User > 0)
      return User;
  }
  int64_t Sum = 0;
  for (llvm::StringRef List : {"findings", "unpredicted"})
    if (const json::Array *Entries = top().getArray(List))
      for (const json::Value &V : *Entries)
        if (const json::Object *E = V.getAsObject())
          Sum += std::max<int64_t>(0, E->getInteger("blocked_ns").value_or(0));
  return Sum;
}

llvm::Expected<VerifierReport> readVerifierReport(llvm::StringRef File) {
  VerifierReport V;
  llvm::Expected<json::Value> Doc = readJsonObject(File);
  if (!Doc)
    return Doc.takeError();
  V.Doc = std::move(*Doc);
  const json::Object &Top = V.top();
  const json::Object *Tool = Top.getObject("tool");
  if (!Tool || Tool->getString("name") != "torchsync-verify" ||
      Top.getInteger("version") != VerifyFormatVersion)
    return llvm::createStringError(
        "not a version " + llvm::Twine(VerifyFormatVersion) +
        " report of torchsync-verify (torchsync-verify run --format=json)");
  const json::Array *Found = Top.getArray("findings");
  if (!Found || !Top.getArray("unpredicted"))
    return llvm::createStringError(
        "'findings' or 'unpredicted' is not an array");
  for (const json::Value &Entry : *Found) {
    const json::Object *E = Entry.getAsObject();
    if (!E || !E->getString("verdict"))
      return llvm::createStringError("a finding without a 'verdict'");
    V.Entries[matchKey(*E)].push_back(E);
    ++V.Unmatched;
  }
  return V;
}

RuntimeVerdict verdictOf(const json::Object &E, llvm::StringRef Verdict) {
  RuntimeVerdict R;
  R.Verdict = Verdict.str();
  R.Syncs = E.getInteger("count").value_or(0);
  R.BlockedNs = E.getInteger("blocked_ns").value_or(0);
  R.Properties = json::Object{
      {"verdict", R.Verdict}, {"syncs", R.Syncs}, {"blockedNs", R.BlockedNs}};
  if (const json::Value *Kinds = E.get("kinds"))
    R.Properties["kinds"] = *Kinds;
  if (const json::Object *Shared = E.getObject("shared")) {
    R.SharedSyncs = Shared->getInteger("count").value_or(0);
    R.SharedBlockedNs = Shared->getInteger("blocked_ns").value_or(0);
    R.Properties["sharedSyncs"] = R.SharedSyncs;
    R.Properties["sharedBlockedNs"] = R.SharedBlockedNs;
  }
  if (std::optional<llvm::StringRef> Why = E.getString("explanation")) {
    R.Explanation = Why->str();
    R.Properties["explanation"] = *Why;
  }
  // Null when coverage had no count for the line.
  if (const json::Value *Runs = E.get("executions"))
    R.Properties["executions"] = *Runs;
  return R;
}

std::vector<Finding> unpredictedFindings(const VerifierReport &Report,
                                         SourceFiles &Sources) {
  std::vector<Finding> Out;
  for (const json::Value &Entry : *Report.top().getArray("unpredicted")) {
    const json::Object *U = Entry.getAsObject();
    if (!U)
      continue;
    Finding F;
    F.Check = UnpredictedSyncRule.str();
    F.Severity = "warning";
    llvm::StringRef File = string(*U, "path");
    F.Where = Sources.placeAt(File.empty() ? string(*U, "file") : File,
                              number(*U, "line"), number(*U, "column"));
    F.Runtime = verdictOf(*U, "unpredicted");
    std::string Apis = apisText(*U);
    F.Message =
        llvm::formatv("{0} syncs ({1}) here{2}, {3} ms blocked, that "
                      "no finding predicted",
                      F.Runtime->Syncs, kindsText(U->getObject("kinds")),
                      Apis.empty() ? "" : ", ending in " + Apis,
                      milliseconds(F.Runtime->BlockedNs));
    json::Object &P = F.Runtime->Properties;
    const std::pair<llvm::StringRef, llvm::StringRef> Details[] = {
        {"apis", "apis"},
        {"function", "function"},
        {"called_from", "calledFrom"}};
    for (const auto &[From, To] : Details)
      if (const json::Value *V = U->get(From))
        P[To] = *V;
    Out.push_back(std::move(F));
  }
  return Out;
}

size_t attachRuntime(llvm::MutableArrayRef<Finding> Findings,
                     VerifierReport &Report) {
  size_t Matched = 0;
  for (Finding &F : Findings)
    if (const json::Object *E = Report.take(matchKey(F))) {
      F.Runtime = verdictOf(*E, string(*E, "verdict"));
      ++Matched;
    }
  return Matched;
}

RuntimeCosts
applyRuntimeReport(VerifierReport &Report, llvm::StringRef ReportFile,
                   llvm::ArrayRef<llvm::MutableArrayRef<Finding>> Lists,
                   SourceFiles &Sources) {
  RuntimeCosts Costs;
  Costs.ReportFile = ReportFile.str();
  for (llvm::MutableArrayRef<Finding> Findings : Lists)
    Costs.Matched += attachRuntime(Findings, Report);
  const json::Object &Top = Report.top();
  if (const json::Object *Tool = Top.getObject("tool"))
    Costs.VerifierVersion = string(*Tool, "version").str();
  Costs.UserBlockedNs = Report.userBlockedNs();
  Costs.Unpredicted = unpredictedFindings(Report, Sources);
  for (llvm::MutableArrayRef<Finding> Findings : Lists)
    rankByCost(Findings, Costs.UserBlockedNs);
  rankByCost(Costs.Unpredicted, Costs.UserBlockedNs);
  const json::Object *Program = Top.getObject("program");
  const json::Object *Trace = Top.getObject("trace");
  llvm::StringRef Status = Program ? string(*Program, "status") : "";
  Costs.RunSuccessful = (Status == "ok" || Status == "not-run") && Trace &&
                        Trace->getString("status") == "ok";
  for (llvm::StringRef Key : {"program", "summary"})
    if (const json::Value *V = Top.get(Key))
      Costs.RunProperties[Key] = *V;
  // The denominator of the ranks: runs that differ in it do not merge.
  Costs.RunProperties["userBlockedNs"] = Costs.UserBlockedNs;
  return Costs;
}

void rankByCost(llvm::MutableArrayRef<Finding> Findings,
                int64_t UserBlockedNs) {
  for (Finding &F : Findings)
    if (F.Runtime)
      F.Runtime->Properties["rank"] =
          share(F.Runtime->BlockedNs, UserBlockedNs);
}

void sortByCost(std::vector<Finding> &Findings) {
  // Sorted by (cost, position) rather than stably: libstdc++'s stable sort
  // is deprecated under clang 19.
  std::vector<size_t> Order(Findings.size());
  std::iota(Order.begin(), Order.end(), 0);
  auto Cost = [&](size_t I) {
    const Finding &F = Findings[I];
    return F.Runtime ? F.Runtime->BlockedNs : int64_t(-1);
  };
  llvm::sort(Order, [&](size_t A, size_t B) {
    return std::make_pair(-Cost(A), A) < std::make_pair(-Cost(B), B);
  });
  std::vector<Finding> Sorted;
  Sorted.reserve(Findings.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(Findings[I]));
  Findings = std::move(Sorted);
}

void writeTopSyncs(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Reported,
                   const RuntimeCosts &Costs, size_t Limit) {
  // Most blocked time first; ties in report order, findings first.
  std::vector<std::pair<int64_t, size_t>> Keys;
  std::vector<const Finding *> Candidates;
  for (llvm::ArrayRef<Finding> List :
       {Reported, llvm::ArrayRef<Finding>(Costs.Unpredicted)})
    for (const Finding &F : List)
      if (F.Runtime && F.Runtime->Syncs > 0) {
        Keys.push_back({-F.Runtime->BlockedNs, Candidates.size()});
        Candidates.push_back(&F);
      }
  llvm::sort(Keys);
  std::vector<const Finding *> Rows;
  for (const auto &Key : Keys)
    Rows.push_back(Candidates[Key.second]);
  OS << "\ntop syncs: " << milliseconds(Costs.UserBlockedNs)
     << " ms blocked in user code, measured by torchsync-verify ('"
     << Costs.ReportFile << "')\n";
  if (Rows.empty()) {
    OS << "  none of the findings synced in the measured run, and no sync "
          "went unpredicted\n";
    return;
  }
  size_t Shown = std::min(Limit, Rows.size());
  std::vector<std::array<std::string, 5>> Table{
      {"syncs", "blocked ms", "share", "what", "place"}};
  for (size_t I = 0; I < Shown; ++I) {
    const Finding &F = *Rows[I];
    const RuntimeVerdict &R = *F.Runtime;
    std::string What = F.Check;
    if (F.Check == UnpredictedSyncRule) {
      What = "unpredicted";
      if (const json::Array *Apis = R.Properties.getArray("apis"))
        if (!Apis->empty())
          What += " (" + apisText(R.Properties) + ")";
    }
    std::string Where = F.Where.Path;
    if (F.Where.Line)
      Where += ":" + std::to_string(F.Where.Line);
    Table.push_back(
        {std::to_string(R.Syncs), milliseconds(R.BlockedNs),
         llvm::formatv("{0:F1}%", share(R.BlockedNs, Costs.UserBlockedNs))
             .str(),
         What, Where});
  }
  std::array<size_t, 5> Width{};
  for (const auto &Row : Table)
    for (size_t C = 0; C < Row.size(); ++C)
      Width[C] = std::max(Width[C], Row[C].size());
  for (const auto &Row : Table) {
    std::string Line = " ";
    for (size_t C = 0; C < Row.size(); ++C) {
      Line += " " + Row[C];
      if (C + 1 < Row.size())
        Line.append(Width[C] - Row[C].size() + 1, ' ');
    }
    OS << Line << "\n";
  }
  if (Shown < Rows.size()) {
    int64_t Rest = 0;
    for (size_t I = Shown; I < Rows.size(); ++I)
      Rest += Rows[I]->Runtime->BlockedNs;
    OS << "  ... " << Rows.size() - Shown << " more, " << milliseconds(Rest)
       << " ms blocked\n";
  }
}

} // namespace torchsync
