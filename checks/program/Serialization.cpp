//===--- Serialization.cpp - Per-file summaries as text -------------------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "program/Serialization.h"
#include "utils/JsonDepth.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

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
    Calls.push_back(std::move(O));
  }
  for (const std::string &U : S.AddressTaken)
    Taken.push_back(U);
  json::Array Registrations;
  for (const RegistrationSummary &R : S.Registrations)
    Registrations.push_back(json::Object{{"usr", R.Usr},
                                         {"name", R.Name},
                                         {"place", placeToJson(R.Where)},
                                         {"as", R.As}});
  json::Object Root{{"version", 1},
                    {"registrations", std::move(Registrations)},
                    {"functions", std::move(Functions)},
                    {"calls", std::move(Calls)},
                    {"addressTaken", std::move(Taken)},
                    {"definesMain", S.DefinesMain},
                    {"reachesCuda", S.ReachesCuda},
                    {"cudaReason", S.CudaReason}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(Root));
  return Text;
}

llvm::Expected<Summary> summaryFromJson(llvm::StringRef Text) {
  llvm::Expected<json::Value> Parsed = parseJsonBounded(Text);
  if (!Parsed)
    return Parsed.takeError();
  const json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getInteger("version") != 1)
    return llvm::createStringError("not a torchsync summary (version 1)");
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
      if (const json::Array *Overrides = O->getArray("overrides"))
        for (const json::Value &U : *Overrides)
          if (std::optional<llvm::StringRef> S = U.getAsString())
            F.Overrides.push_back(S->str());
      if (const json::Value *R = O->get("returns")) {
        F.ReturnsTensor = true;
        F.Returns = valueFromJson(R);
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
        S.Registrations.push_back(std::move(R));
      }
  S.DefinesMain = Root->getBoolean("definesMain").value_or(false);
  S.ReachesCuda = Root->getBoolean("reachesCuda").value_or(true);
  S.CudaReason = Root->getString("cudaReason").value_or("").str();
  return S;
}

} // namespace clang::tidy::torchsync
