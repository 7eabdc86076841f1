//===--- HarnessSpec.cpp - The inputs of harnessed functions --------------===//
//
// Part of torchsync. See HarnessSpec.h.
//
//===----------------------------------------------------------------------===//

#include "HarnessSpec.h"
#include "InputFiles.h"
#include "program/JsonDepth.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

namespace torchsync {

namespace {

constexpr DTypeName DTypes[] = {
    {"float32", "Float", DTypeName::Floating},
    {"float", "Float", DTypeName::Floating},
    {"float64", "Double", DTypeName::Floating},
    {"double", "Double", DTypeName::Floating},
    {"float16", "Half", DTypeName::Floating},
    {"half", "Half", DTypeName::Floating},
    {"bfloat16", "BFloat16", DTypeName::Floating},
    {"int64", "Long", DTypeName::Integral},
    {"long", "Long", DTypeName::Integral},
    {"int32", "Int", DTypeName::Integral},
    {"int", "Int", DTypeName::Integral},
    {"int16", "Short", DTypeName::Integral},
    {"int8", "Char", DTypeName::Integral},
    {"uint8", "Byte", DTypeName::Integral},
    {"bool", "Bool", DTypeName::Boolean},
};

/// Reports the first key of O that is not in Known.
bool onlyKnownKeys(const llvm::json::Object &O,
                   llvm::ArrayRef<llvm::StringRef> Known,
                   llvm::StringLiteral Message, llvm::json::Path P) {
  for (const auto &KV : O)
    if (!llvm::is_contained(Known, llvm::StringRef(KV.first))) {
      P.field(KV.first).report(Message);
      return false;
    }
  return true;
}

} // namespace

const DTypeName *findDType(llvm::StringRef Name) {
  for (const DTypeName &D : DTypes)
    if (D.Name == Name)
      return &D;
  return nullptr;
}

// Found by argument-dependent lookup from llvm::json's fromJSON of vectors,
// so it lives in the namespace of HarnessArgSpec.
bool fromJSON(const llvm::json::Value &V, HarnessArgSpec &A,
              llvm::json::Path P) {
  using Kind = HarnessArgSpec::Kind;
  if (V.kind() == llvm::json::Value::Null) {
    A.K = Kind::Default;
    return true;
  }
  if (std::optional<bool> B = V.getAsBoolean()) {
    A.K = Kind::Bool;
    A.Bool = *B;
    return true;
  }
  if (V.kind() == llvm::json::Value::Number) {
    if (std::optional<int64_t> I = V.getAsInteger()) {
      A.K = Kind::Integer;
      A.Integer = *I;
      A.Real = static_cast<double>(*I);
    } else {
      A.K = Kind::Real;
      A.Real = *V.getAsNumber();
    }
    return true;
  }
  if (std::optional<llvm::StringRef> S = V.getAsString()) {
    if (!findDType(*S)) {
      P.report("unknown dtype (expected float32, float64, float16, "
               "bfloat16, int64, int32, int16, int8, uint8 or bool)");
      return false;
    }
    A.K = Kind::DType;
    A.DType = S->str();
    return true;
  }
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected a tensor ({\"shape\": [...], \"dtype\": ...}), a "
             "number, true or false, a dtype name or null");
    return false;
  }
  if (!onlyKnownKeys(*O, {"shape", "dtype", "device"},
                     "unknown key (expected shape, dtype or device)", P))
    return false;
  A.K = Kind::Tensor;
  A.Shape = {64, 64};
  A.DType = "float32";
  A.Device = "cuda";
  llvm::json::ObjectMapper M(V, P);
  if (!M.mapOptional("shape", A.Shape) || !M.mapOptional("dtype", A.DType) ||
      !M.mapOptional("device", A.Device))
    return false;
  if (llvm::any_of(A.Shape, [](int64_t N) { return N < 0; })) {
    P.field("shape").report("a dimension is negative");
    return false;
  }
  if (!findDType(A.DType)) {
    P.field("dtype").report("unknown dtype (expected float32, float64, "
                            "float16, bfloat16, int64, int32, int16, int8, "
                            "uint8 or bool)");
    return false;
  }
  if (A.Device != "cuda" && A.Device != "cpu") {
    P.field("device").report("expected \"cuda\" or \"cpu\"");
    return false;
  }
  return true;
}

namespace {

struct FunctionSpecJSON {
  std::vector<HarnessArgSpec> Args;
};

bool fromJSON(const llvm::json::Value &V, FunctionSpecJSON &F,
              llvm::json::Path P) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object ({\"args\": [...]})");
    return false;
  }
  if (!onlyKnownKeys(*O, {"args"}, "unknown key (expected args)", P))
    return false;
  llvm::json::ObjectMapper M(V, P);
  return M.map("args", F.Args);
}

bool fromJSON(const llvm::json::Value &V, HarnessSpec &S, llvm::json::Path P) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object ({\"functions\": {...}})");
    return false;
  }
  if (!onlyKnownKeys(*O, {"functions"}, "unknown key (expected functions)", P))
    return false;
  std::map<std::string, FunctionSpecJSON> Functions;
  llvm::json::ObjectMapper M(V, P);
  if (!M.map("functions", Functions))
    return false;
  for (auto &[Name, F] : Functions)
    S.Functions[Name] = std::move(F.Args);
  return true;
}

} // namespace

llvm::Expected<HarnessSpec> readHarnessSpec(llvm::StringRef File) {
  auto Buffer = readInputFile(File);
  if (!Buffer)
    return llvm::createStringError("cannot read harness spec '" + File +
                                   "': " + llvm::toString(Buffer.takeError()));
  llvm::Expected<llvm::json::Value> Parsed =
      clang::tidy::torchsync::parseJsonBounded((*Buffer)->getBuffer());
  if (!Parsed)
    return llvm::createStringError("invalid harness spec '" + File +
                                   "': " + llvm::toString(Parsed.takeError()));
  HarnessSpec Spec;
  llvm::json::Path::Root Root("spec");
  if (!fromJSON(*Parsed, Spec, Root))
    return llvm::createStringError("invalid harness spec '" + File +
                                   "': " + llvm::toString(Root.getError()));
  return Spec;
}

} // namespace torchsync
