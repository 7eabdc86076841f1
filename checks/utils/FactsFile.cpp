//===--- FactsFile.cpp - Resolved whole-program facts on disk -------------===//

#include "FactsFile.h"
#include "JsonDepth.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace json = llvm::json;

namespace clang::tidy::torchsync {

std::string factsContentHash(llvm::StringRef Data) {
  auto Digest = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Data));
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

namespace {
const char *kindName(ProgramFact::KindType K) {
  return K == ProgramFact::Hot         ? "hot"
         : K == ProgramFact::Parameter ? "parameter"
                                       : "returns";
}
} // namespace

std::string factsToJson(const FactsFile &F) {
  json::Object Files;
  for (const auto &[Path, Hash] : F.Files)
    Files[Path] = Hash;
  json::Array Facts;
  for (const ResolvedFact &R : F.Facts) {
    json::Array Notes;
    for (const FactNote &N : R.Notes)
      Notes.push_back(json::Object{
          {"text", N.Text}, {"file", N.File}, {"offset", N.Offset}});
    json::Object O{{"kind", kindName(R.Fact.Kind)},
                   {"usr", R.Fact.Usr},
                   {"name", R.Fact.Name},
                   {"from", json::Array(R.From)},
                   {"notes", std::move(Notes)}};
    if (R.Fact.Kind == ProgramFact::Parameter)
      O["index"] = R.Fact.Index;
    if (R.Fact.Kind != ProgramFact::Hot)
      O["device"] = wireName(R.Device);
    Facts.push_back(std::move(O));
  }
  json::Object Root{
      {"torchsync-facts", FactsFileVersion}, {"complete", F.Complete},
      {"reachesCuda", F.ReachesCuda},        {"cudaReason", F.CudaReason},
      {"files", std::move(Files)},           {"facts", std::move(Facts)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  // json::OStream rather than formatv: the plugin must keep loading into
  // clang-tidy builds that lack formatv's vtables (plain-clang-tidy.test).
  json::OStream J(OS, /*IndentSize=*/2);
  J.value(json::Value(std::move(Root)));
  OS << "\n";
  return Text;
}

llvm::Expected<FactsFile> factsFromJson(llvm::StringRef Text) {
  auto Fail = [](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  llvm::Expected<json::Value> Parsed = parseJsonBounded(Text);
  if (!Parsed)
    return Fail("not JSON: " + llvm::toString(Parsed.takeError()));
  const json::Object *Root = Parsed->getAsObject();
  std::optional<int64_t> Version =
      Root ? Root->getInteger("torchsync-facts") : std::nullopt;
  if (!Version)
    return Fail("not a torchsync facts file (no \"torchsync-facts\" version)");
  if (*Version != FactsFileVersion)
    return Fail("version " + llvm::Twine(*Version) + ", expected " +
                llvm::Twine(FactsFileVersion) +
                " (written by another torchsync: run it again)");
  FactsFile F;
  F.Complete = Root->getBoolean("complete").value_or(false);
  F.ReachesCuda = Root->getBoolean("reachesCuda").value_or(true);
  if (auto Reason = Root->getString("cudaReason"))
    F.CudaReason = Reason->str();
  const json::Object *Files = Root->getObject("files");
  const json::Array *Facts = Root->getArray("facts");
  if (!Files || !Facts)
    return Fail("malformed: no \"files\" or \"facts\"");
  for (const auto &Entry : *Files) {
    std::optional<llvm::StringRef> Hash = Entry.second.getAsString();
    if (!Hash)
      return Fail("malformed: the hash of '" + Entry.first.str() +
                  "' is not a string");
    F.Files[Entry.first.str()] = Hash->str();
  }
  for (const json::Value &V : *Facts) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return Fail("malformed: a fact is not an object");
    ResolvedFact R;
    std::optional<llvm::StringRef> Kind = O->getString("kind");
    std::optional<llvm::StringRef> Usr = O->getString("usr");
    if (!Kind || !Usr)
      return Fail("malformed: a fact without \"kind\" or \"usr\"");
    if (*Kind == "hot")
      R.Fact.Kind = ProgramFact::Hot;
    else if (*Kind == "parameter")
      R.Fact.Kind = ProgramFact::Parameter;
    else if (*Kind == "returns")
      R.Fact.Kind = ProgramFact::Returns;
    else
      return Fail("malformed: unknown fact kind '" + *Kind + "'");
    R.Fact.Usr = Usr->str();
    R.Fact.Index = O->getInteger("index").value_or(0);
    if (auto Name = O->getString("name"))
      R.Fact.Name = Name->str();
    if (auto Name = O->getString("device"))
      R.Device = deviceFromWire(*Name).value_or(Device::Unknown);
    if (const json::Array *From = O->getArray("from"))
      for (const json::Value &File : *From)
        if (auto S = File.getAsString()) {
          if (!F.Files.count(S->str()))
            return Fail("malformed: a fact comes from '" + *S +
                        "', which has no hash");
          R.From.push_back(S->str());
        }
    if (const json::Array *Notes = O->getArray("notes"))
      for (const json::Value &NV : *Notes)
        if (const json::Object *N = NV.getAsObject()) {
          FactNote Note;
          Note.Text = N->getString("text").value_or("").str();
          Note.File = N->getString("file").value_or("").str();
          Note.Offset = N->getInteger("offset").value_or(0);
          R.Notes.push_back(std::move(Note));
        }
    F.Facts.push_back(std::move(R));
  }
  return F;
}

llvm::Expected<FactsFile> readFactsFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(),
                                   "cannot read summary file '" + Path +
                                       "': " + Buffer.getError().message());
  llvm::Expected<FactsFile> F = factsFromJson((*Buffer)->getBuffer());
  if (!F)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "summary file '" + Path + "' is " +
                                       llvm::toString(F.takeError()));
  return F;
}

} // namespace clang::tidy::torchsync
