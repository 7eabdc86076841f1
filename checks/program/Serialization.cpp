//===--- Serialization.cpp - Summaries and the index as text --------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "program/Serialization.h"
#include "program/JsonDepth.h"
#include "program/StampedCache.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

namespace json = llvm::json;

namespace clang::tidy::torchsync {

namespace {

json::Value placeToJson(const SummaryPlace &P) {
  return json::Object{{"file", P.File},
                      {"offset", P.Offset},
                      {"line", P.Line},
                      {"column", P.Column}};
}

json::Value valueToJson(const DeviceValue &V) {
  json::Object O{{"device", wireName(V.Device)}};
  if (!V.Deps.empty())
    O["deps"] = encodeFacts(V.Deps);
  return O;
}

bool placeFromJson(const json::Value *V, SummaryPlace &P) {
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return false;
  P.File = O->getString("file").value_or("").str();
  P.Offset = O->getInteger("offset").value_or(0);
  P.Line = O->getInteger("line").value_or(0);
  P.Column = O->getInteger("column").value_or(0);
  return true;
}

DeviceValue valueFromJson(const json::Value *V) {
  DeviceValue D;
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return D;
  D.Device = deviceFromWire(O->getString("device").value_or(""))
                 .value_or(Device::Unknown);
  if (std::optional<llvm::StringRef> Deps = O->getString("deps"))
    D.Deps = decodeFacts(*Deps);
  return D;
}

} // namespace

std::string summaryToJson(const Summary &S) {
  json::Array Functions, Calls, Taken;
  for (const FunctionSummary &F : S.Functions) {
    json::Object O{{"usr", F.Usr},
                   {"name", F.Name},
                   {"place", placeToJson(F.Where)},
                   {"external", F.External},
                   {"virtual", F.Virtual},
                   {"template", F.Template},
                   {"entryPoint", F.EntryPoint}};
    if (F.ReturnsTensor)
      O["returns"] = valueToJson(F.Returns);
    if (F.ExamplesMaker)
      O["examplesMaker"] = true;
    if (F.ReturnsList)
      O["returnsList"] = true;
    if (!F.Parameters.empty())
      O["parameters"] = json::Array(F.Parameters);
    if (!F.ListParameters.empty())
      O["listParameters"] = json::Array(F.ListParameters);
    if (!F.ReturnElements.empty()) {
      json::Array Elements;
      for (const auto &[Element, Value] : F.ReturnElements)
        Elements.push_back(
            json::Object{{"element", Element}, {"value", valueToJson(Value)}});
      O["returnElements"] = std::move(Elements);
    }
    if (!F.OutParams.empty()) {
      json::Array Outs;
      for (const OutParamSummary &P : F.OutParams) {
        json::Object Out{{"param", P.Param},
                         {"element", P.Element},
                         {"name", P.Name},
                         {"place", placeToJson(P.Where)},
                         {"value", valueToJson(P.Value)}};
        if (!P.Written)
          Out["written"] = false;
        Outs.push_back(std::move(Out));
      }
      O["outParams"] = std::move(Outs);
    }
    if (!F.Overrides.empty()) {
      json::Array Overrides;
      for (const std::string &U : F.Overrides)
        Overrides.push_back(U);
      O["overrides"] = std::move(Overrides);
    }
    Functions.push_back(std::move(O));
  }
  for (const CallSummary &C : S.Calls) {
    json::Array Args;
    for (const auto &[Index, Value] : C.Args)
      Args.push_back(
          json::Object{{"param", Index}, {"value", valueToJson(Value)}});
    json::Object O{{"callee", C.Callee},
                   {"calleeName", C.CalleeName},
                   {"place", placeToJson(C.Where)},
                   {"hot", C.Hot},
                   {"args", std::move(Args)}};
    if (C.Hot == "if") {
      O["if"] = C.If;
      O["ifName"] = C.IfName;
    }
    if (!C.Through.empty())
      O["through"] = C.Through;
    Calls.push_back(std::move(O));
  }
  for (const std::string &U : S.AddressTaken)
    Taken.push_back(U);
  json::Array Registrations;
  for (const RegistrationSummary &R : S.Registrations) {
    json::Object O{{"usr", R.Usr},
                   {"name", R.Name},
                   {"place", placeToJson(R.Where)},
                   {"as", R.As}};
    if (R.Dispatch != Device::None) {
      O["device"] = wireName(R.Dispatch);
      O["tensorParams"] = json::Array(R.TensorParams);
    }
    Registrations.push_back(std::move(O));
  }
  json::Array Headers;
  for (const auto &[File, Hash] : S.Headers)
    Headers.push_back(json::Object{{"file", File}, {"hash", Hash}});
  json::Array Tables;
  for (const TableSummary &T : S.Tables)
    Tables.push_back(
        json::Object{{"var", T.Var}, {"functions", json::Array(T.Functions)}});
  json::Object Root{{"version", FormatVersion},
                    {"registrations", std::move(Registrations)},
                    {"tables", std::move(Tables)},
                    {"functions", std::move(Functions)},
                    {"calls", std::move(Calls)},
                    {"addressTaken", std::move(Taken)},
                    {"definesMain", S.DefinesMain},
                    {"mainFile", S.MainFile},
                    {"mainHash", S.MainHash},
                    {"headers", std::move(Headers)},
                    {"command", S.CommandHash},
                    {"dropped", json::Array(S.Dropped)},
                    {"reachesCuda", S.ReachesCuda},
                    {"cudaReason", S.CudaReason}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  // json::OStream rather than formatv: the plugin must keep loading into
  // clang-tidy builds that lack formatv's vtables (plain-clang-tidy.test).
  json::OStream(OS).value(json::Value(std::move(Root)));
  return Text;
}

llvm::Expected<Summary> summaryFromJson(llvm::StringRef Text) {
  llvm::Expected<json::Value> Parsed = parseJsonBounded(Text);
  if (!Parsed)
    return Parsed.takeError();
  const json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getInteger("version") != FormatVersion)
    return llvm::createStringError("not a torchsync summary (version " +
                                   llvm::Twine(FormatVersion) + ")");
  Summary S;
  if (const json::Array *A = Root->getArray("functions"))
    for (const json::Value &V : *A) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      FunctionSummary F;
      F.Usr = O->getString("usr").value_or("").str();
      F.Name = O->getString("name").value_or("").str();
      placeFromJson(O->get("place"), F.Where);
      F.External = O->getBoolean("external").value_or(true);
      F.Virtual = O->getBoolean("virtual").value_or(true);
      F.Template = O->getBoolean("template").value_or(true);
      F.EntryPoint = O->getBoolean("entryPoint").value_or(false);
      F.ExamplesMaker = O->getBoolean("examplesMaker").value_or(false);
      F.ReturnsList = O->getBoolean("returnsList").value_or(false);
      if (const json::Array *Overrides = O->getArray("overrides"))
        for (const json::Value &U : *Overrides)
          if (std::optional<llvm::StringRef> S = U.getAsString())
            F.Overrides.push_back(S->str());
      if (const json::Value *R = O->get("returns")) {
        F.ReturnsTensor = true;
        F.Returns = valueFromJson(R);
      }
      if (const json::Array *Lists = O->getArray("listParameters"))
        for (const json::Value &I : *Lists)
          if (std::optional<int64_t> N = I.getAsInteger(); N && *N >= 0)
            F.ListParameters.push_back(static_cast<unsigned>(*N));
      if (const json::Array *Params = O->getArray("parameters"))
        for (const json::Value &P : *Params)
          F.Parameters.push_back(P.getAsString().value_or("").str());
      if (const json::Array *Elements = O->getArray("returnElements"))
        for (const json::Value &E : *Elements)
          if (const json::Object *EO = E.getAsObject())
            if (std::optional<int64_t> Element = EO->getInteger("element");
                Element && *Element >= 0 && EO->get("value"))
              F.ReturnElements.emplace_back(static_cast<unsigned>(*Element),
                                            valueFromJson(EO->get("value")));
      if (const json::Array *Outs = O->getArray("outParams"))
        for (const json::Value &E : *Outs) {
          const json::Object *EO = E.getAsObject();
          std::optional<int64_t> Param =
              EO ? EO->getInteger("param") : std::nullopt;
          std::optional<int64_t> Element =
              EO ? EO->getInteger("element") : std::nullopt;
          if (!Param || !Element || *Param < 0 || *Element < 0 ||
              !EO->get("value"))
            continue;
          OutParamSummary P;
          P.Param = static_cast<unsigned>(*Param);
          P.Element = static_cast<unsigned>(*Element);
          P.Name = EO->getString("name").value_or("").str();
          placeFromJson(EO->get("place"), P.Where);
          P.Value = valueFromJson(EO->get("value"));
          P.Written = EO->getBoolean("written").value_or(true);
          F.OutParams.push_back(std::move(P));
        }
      S.Functions.push_back(std::move(F));
    }
  if (const json::Array *A = Root->getArray("calls"))
    for (const json::Value &V : *A) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      CallSummary C;
      C.Callee = O->getString("callee").value_or("").str();
      C.CalleeName = O->getString("calleeName").value_or("").str();
      placeFromJson(O->get("place"), C.Where);
      C.Hot = O->getString("hot").value_or("no").str();
      C.If = O->getString("if").value_or("").str();
      C.IfName = O->getString("ifName").value_or("").str();
      C.Through = O->getString("through").value_or("").str();
      if (const json::Array *Args = O->getArray("args"))
        for (const json::Value &AV : *Args)
          if (const json::Object *AO = AV.getAsObject())
            C.Args.push_back({unsigned(AO->getInteger("param").value_or(0)),
                              valueFromJson(AO->get("value"))});
      S.Calls.push_back(std::move(C));
    }
  if (const json::Array *A = Root->getArray("addressTaken"))
    for (const json::Value &V : *A)
      if (std::optional<llvm::StringRef> U = V.getAsString())
        S.AddressTaken.push_back(U->str());
  if (const json::Array *A = Root->getArray("registrations"))
    for (const json::Value &V : *A)
      if (const json::Object *O = V.getAsObject()) {
        RegistrationSummary R;
        R.Usr = O->getString("usr").value_or("").str();
        R.Name = O->getString("name").value_or("").str();
        placeFromJson(O->get("place"), R.Where);
        R.As = O->getString("as").value_or("an operator").str();
        if (std::optional<llvm::StringRef> D = O->getString("device"))
          R.Dispatch = deviceFromWire(*D).value_or(Device::None);
        if (const json::Array *P = O->getArray("tensorParams"))
          for (const json::Value &I : *P)
            if (std::optional<int64_t> N = I.getAsInteger(); N && *N >= 0)
              R.TensorParams.push_back(static_cast<unsigned>(*N));
        S.Registrations.push_back(std::move(R));
      }
  if (const json::Array *A = Root->getArray("tables"))
    for (const json::Value &V : *A)
      if (const json::Object *O = V.getAsObject()) {
        TableSummary T;
        T.Var = O->getString("var").value_or("").str();
        if (const json::Array *F = O->getArray("functions"))
          for (const json::Value &U : *F)
            if (std::optional<llvm::StringRef> Usr = U.getAsString())
              T.Functions.push_back(Usr->str());
        S.Tables.push_back(std::move(T));
      }
  S.DefinesMain = Root->getBoolean("definesMain").value_or(false);
  S.MainFile = Root->getString("mainFile").value_or("").str();
  S.MainHash = Root->getString("mainHash").value_or("").str();
  S.CommandHash = Root->getString("command").value_or("").str();
  if (const json::Array *A = Root->getArray("headers"))
    for (const json::Value &V : *A)
      if (const json::Object *O = V.getAsObject())
        S.Headers.emplace_back(O->getString("file").value_or("").str(),
                               O->getString("hash").value_or("").str());
  if (const json::Array *A = Root->getArray("dropped"))
    for (const json::Value &V : *A)
      if (std::optional<llvm::StringRef> Name = V.getAsString())
        S.Dropped.push_back(Name->str());
  S.ReachesCuda = Root->getBoolean("reachesCuda").value_or(true);
  S.CudaReason = Root->getString("cudaReason").value_or("").str();
  return S;
}

std::string factsContentHash(llvm::StringRef Data) {
  auto Digest = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(Data));
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

std::string
commandHash(llvm::ArrayRef<clang::tooling::CompileCommand> Commands) {
  if (Commands.empty())
    return "";
  // Each string ends with a NUL, each command with a second one: no two
  // lists of commands give the same text.
  std::string Text;
  for (const clang::tooling::CompileCommand &C : Commands) {
    Text += C.Directory;
    Text += '\0';
    for (const std::string &Arg : C.CommandLine) {
      Text += Arg;
      Text += '\0';
    }
    Text += '\0';
  }
  return factsContentHash(Text);
}

std::string commandHashIn(llvm::StringRef Database, llvm::StringRef File) {
  static StampedCache<std::shared_ptr<clang::tooling::CompilationDatabase>>
      Cache;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Database, Status) ||
      !llvm::sys::fs::is_regular_file(Status))
    return "";
  std::shared_ptr<clang::tooling::CompilationDatabase> DB =
      Cache.find(Database, Status).value_or(nullptr);
  if (!DB) {
    // A database nested too deeply would crash its reader.
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Database);
    if (!Text)
      return "";
    if (llvm::Error E = checkJsonNesting((*Text)->getBuffer())) {
      llvm::consumeError(std::move(E));
      return "";
    }
    std::string Error;
    std::unique_ptr<clang::tooling::JSONCompilationDatabase> JSON =
        clang::tooling::JSONCompilationDatabase::loadFromBuffer(
            (*Text)->getBuffer(), Error,
            clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!JSON)
      return "";
    DB = clang::tooling::inferMissingCompileCommands(std::move(JSON));
    Cache.insert(Database, Status, DB);
  }
  return commandHash(DB->getCompileCommands(File));
}

namespace {
const char *kindName(ProgramFact::KindType K) {
  return K == ProgramFact::Hot         ? "hot"
         : K == ProgramFact::Parameter ? "parameter"
         : K == ProgramFact::Returns   ? "returns"
                                       : "out";
}
} // namespace

std::string factsToJson(const FactsFile &F) {
  json::Object Files;
  for (const auto &[Path, Hash] : F.Files)
    Files[Path] = Hash;
  json::Object Commands;
  for (const auto &[Path, Hash] : F.Commands)
    Commands[Path] = Hash;
  json::Array Facts, ReturnsAt;
  for (const ResolvedFact &R : F.Facts) {
    json::Array Notes;
    for (const FactNote &N : R.Notes)
      Notes.push_back(json::Object{
          {"text", N.Text}, {"file", N.File}, {"offset", N.Offset}});
    json::Object O{{"usr", R.Fact.Usr},
                   {"name", R.Fact.Name},
                   {"from", json::Array(R.From)},
                   {"notes", std::move(Notes)}};
    // What a function returns at one call: a list of its own, which a
    // reader that does not know it leaves aside (and then reads the
    // function's returns fact for that call, as it did before).
    if (R.Fact.Kind == ProgramFact::ReturnsAt) {
      if (R.Fact.Index)
        O["index"] = R.Fact.Index;
      O["file"] = R.Fact.File;
      O["offset"] = R.Fact.Offset;
      O["device"] = wireName(R.Device);
      ReturnsAt.push_back(std::move(O));
      continue;
    }
    O["kind"] = kindName(R.Fact.Kind);
    // A parameter's index; for a return, the tuple element + 1 (absent: the
    // tensor returned whole); for an out-parameter, the parameter's index
    // and its tuple element + 1 (absent: the tensor itself, or every
    // element of a sequence).
    if (R.Fact.Kind == ProgramFact::Parameter ||
        R.Fact.Kind == ProgramFact::Out ||
        (R.Fact.Kind == ProgramFact::Returns && R.Fact.Index))
      O["index"] = R.Fact.Index;
    if (R.Fact.Kind == ProgramFact::Out && R.Fact.Element)
      O["element"] = R.Fact.Element;
    if (R.Fact.Kind != ProgramFact::Hot)
      O["device"] = wireName(R.Device);
    Facts.push_back(std::move(O));
  }
  json::Object Root{
      {"torchsync-facts", FormatVersion}, {"complete", F.Complete},
      {"reachesCuda", F.ReachesCuda},     {"cudaReason", F.CudaReason},
      {"files", std::move(Files)},        {"commands", std::move(Commands)},
      {"facts", std::move(Facts)},        {"returnsAt", std::move(ReturnsAt)}};
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
  if (*Version != FormatVersion)
    return Fail("version " + llvm::Twine(*Version) + ", expected " +
                llvm::Twine(FormatVersion) +
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
  if (const json::Object *Commands = Root->getObject("commands"))
    for (const auto &Entry : *Commands)
      if (std::optional<llvm::StringRef> Hash = Entry.second.getAsString())
        F.Commands[Entry.first.str()] = Hash->str();
  const json::Array *ReturnsAt = Root->getArray("returnsAt");
  size_t Count = Facts->size() + (ReturnsAt ? ReturnsAt->size() : 0);
  for (size_t I = 0; I < Count; ++I) {
    bool At = I >= Facts->size();
    const json::Value &V = At ? (*ReturnsAt)[I - Facts->size()] : (*Facts)[I];
    const json::Object *O = V.getAsObject();
    if (!O)
      return Fail("malformed: a fact is not an object");
    ResolvedFact R;
    std::optional<llvm::StringRef> Kind =
        At ? std::optional<llvm::StringRef>("returnsAt") : O->getString("kind");
    std::optional<llvm::StringRef> Usr = O->getString("usr");
    if (!Kind || !Usr)
      return Fail("malformed: a fact without \"kind\" or \"usr\"");
    if (*Kind == "hot")
      R.Fact.Kind = ProgramFact::Hot;
    else if (*Kind == "parameter")
      R.Fact.Kind = ProgramFact::Parameter;
    else if (*Kind == "returns")
      R.Fact.Kind = ProgramFact::Returns;
    else if (*Kind == "out")
      R.Fact.Kind = ProgramFact::Out;
    else if (At)
      R.Fact.Kind = ProgramFact::ReturnsAt;
    else
      return Fail("malformed: unknown fact kind '" + *Kind + "'");
    if (At) {
      std::optional<llvm::StringRef> File = O->getString("file");
      std::optional<int64_t> Offset = O->getInteger("offset");
      if (!File || !Offset || *Offset < 0)
        return Fail("malformed: a returnsAt fact without \"file\" or "
                    "\"offset\"");
      R.Fact.File = File->str();
      R.Fact.Offset = static_cast<unsigned>(*Offset);
    }
    R.Fact.Usr = Usr->str();
    R.Fact.Index = O->getInteger("index").value_or(0);
    if (R.Fact.Kind == ProgramFact::Out)
      R.Fact.Element = O->getInteger("element").value_or(0);
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
