//===--- HarnessCodegen.cpp - The code of a harness -----------------------===//
//
// Part of torchsync. See HarnessCodegen.h.
//
//===----------------------------------------------------------------------===//

#include "HarnessCodegen.h"
#include "Findings.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace torchsync {

namespace {

std::string cString(llvm::StringRef S) {
  std::string Out = "\"";
  llvm::raw_string_ostream OS(Out);
  OS.write_escaped(S);
  OS << "\"";
  return Out;
}

const char *kindName(HarnessArgSpec::Kind K) {
  switch (K) {
  case HarnessArgSpec::Kind::Default:
    return "null";
  case HarnessArgSpec::Kind::Tensor:
    return "a tensor";
  case HarnessArgSpec::Kind::Integer:
    return "an integer";
  case HarnessArgSpec::Kind::Real:
    return "a real number";
  case HarnessArgSpec::Kind::Bool:
    return "true or false";
  case HarnessArgSpec::Kind::DType:
    return "a dtype name";
  }
  llvm_unreachable("unknown kind");
}

/// The initializer of the harness's local for P, from Spec (or the
/// default when Spec is null or Default).
llvm::Expected<std::string> initializer(const Param &P,
                                        const HarnessArgSpec *Spec,
                                        llvm::StringRef Function, unsigned I) {
  using Kind = HarnessArgSpec::Kind;
  HarnessArgSpec A;
  if (Spec)
    A = *Spec;
  auto Mismatch = [&]() -> llvm::Error {
    return llvm::createStringError(
        "harness spec for '" + Function + "': argument " +
        std::to_string(I + 1) + " is " + kindName(A.K) + ", but parameter '" +
        P.Name + "' has type '" + P.Written + "'");
  };
  auto Number = [](double D) {
    std::string S;
    llvm::raw_string_ostream(S) << llvm::format("%.17g", D);
    return S;
  };
  switch (P.Kind) {
  case ParamKind::Tensor: {
    if (A.K == Kind::Default) {
      A.Shape = {64, 64};
      A.DType = "float32";
      A.Device = "cuda";
    } else if (A.K != Kind::Tensor) {
      return Mismatch();
    }
    const DTypeName *D = findDType(A.DType);
    std::string Shape = "std::vector<int64_t>{";
    for (size_t J = 0; J < A.Shape.size(); ++J)
      Shape += (J ? ", " : "") + std::to_string(A.Shape[J]);
    Shape += "}";
    std::string Options =
        "torch::TensorOptions().dtype(c10::ScalarType::" + D->Enumerator.str() +
        ").device(" + (A.Device == "cpu" ? "torch::kCPU" : "torch::kCUDA") +
        ")";
    // Fresh random values, never zeros: normal floats, integers in
    // [1, 10), booleans both ways.
    switch (D->Kind) {
    case DTypeName::Floating:
      return "torch::randn(" + Shape + ", " + Options + ")";
    case DTypeName::Integral:
      return "torch::randint(1, 10, " + Shape + ", " + Options + ")";
    case DTypeName::Boolean:
      return "torch::randint(0, 2, " + Shape + ", " + Options + ")";
    }
    llvm_unreachable("unknown dtype kind");
  }
  case ParamKind::Integer:
    if (A.K == Kind::Default)
      return "static_cast<" + P.Type + ">(4)";
    if (A.K != Kind::Integer)
      return Mismatch();
    return "static_cast<" + P.Type + ">(" + std::to_string(A.Integer) + ")";
  case ParamKind::Real:
    if (A.K == Kind::Default)
      return "static_cast<" + P.Type + ">(0.5)";
    if (A.K != Kind::Integer && A.K != Kind::Real)
      return Mismatch();
    return "static_cast<" + P.Type + ">(" + Number(A.Real) + ")";
  case ParamKind::Bool:
    if (A.K == Kind::Default)
      return std::string("true");
    if (A.K != Kind::Bool)
      return Mismatch();
    return std::string(A.Bool ? "true" : "false");
  case ParamKind::Scalar:
    switch (A.K) {
    case Kind::Default:
      return std::string("c10::Scalar(0.5)");
    case Kind::Integer:
      return "c10::Scalar(static_cast<int64_t>(" + std::to_string(A.Integer) +
             "))";
    case Kind::Real:
      return "c10::Scalar(" + Number(A.Real) + ")";
    case Kind::Bool:
      return std::string(A.Bool ? "c10::Scalar(true)" : "c10::Scalar(false)");
    default:
      return Mismatch();
    }
  case ParamKind::DType:
    if (A.K == Kind::Default)
      return std::string("c10::ScalarType::Float");
    if (A.K != Kind::DType)
      return Mismatch();
    return "c10::ScalarType::" + findDType(A.DType)->Enumerator.str();
  }
  llvm_unreachable("unknown parameter kind");
}

} // namespace

std::string relativeTo(llvm::StringRef To, llvm::StringRef From) {
  llvm::SmallVector<llvm::StringRef, 16> A, B;
  for (auto I = llvm::sys::path::begin(To), E = llvm::sys::path::end(To);
       I != E; ++I)
    A.push_back(*I);
  for (auto I = llvm::sys::path::begin(From), E = llvm::sys::path::end(From);
       I != E; ++I)
    B.push_back(*I);
  size_t Common = 0;
  while (Common < A.size() && Common < B.size() && A[Common] == B[Common])
    ++Common;
  llvm::SmallString<256> Result;
  for (size_t I = Common; I < B.size(); ++I)
    llvm::sys::path::append(Result, "..");
  for (size_t I = Common; I < A.size(); ++I)
    llvm::sys::path::append(Result, A[I]);
  return llvm::sys::path::convert_to_slash(Result);
}

std::vector<std::string>
projectIncludeDirs(llvm::StringRef File, const tooling::CompilationDatabase &DB,
                   llvm::ArrayRef<std::string> ExtraArgs,
                   llvm::StringRef Root) {
  std::vector<std::string> Dirs;
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(File);
  if (Commands.empty())
    return Dirs;
  const tooling::CompileCommand &Command = Commands.front();
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Command.CommandLine.size(); ++I)
    Argv.push_back(Command.CommandLine[I].c_str());
  for (const std::string &A : ExtraArgs)
    Argv.push_back(A.c_str());
  namespace opts = driver::options;
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args = driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(opts::ClangOption));
  for (const llvm::opt::Arg *A :
       Args.filtered(opts::OPT_I, opts::OPT_iquote, opts::OPT_isystem,
                     opts::OPT_idirafter)) {
    llvm::SmallString<256> Dir(A->getValue());
    if (!llvm::sys::path::is_absolute(Dir)) {
      Dir = Command.Directory;
      llvm::sys::path::append(Dir, A->getValue());
    }
    // Arguments after '--' give "." as the directory: the current one.
    if (llvm::sys::fs::make_absolute(Dir))
      continue;
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (!pathUnder(Dir, Root))
      continue;
    llvm::SmallString<256> Torch(Dir), ATen(Dir);
    llvm::sys::path::append(Torch, "torch", "torch.h");
    llvm::sys::path::append(ATen, "ATen", "ATen.h");
    if (llvm::sys::fs::exists(Torch) || llvm::sys::fs::exists(ATen))
      continue;
    if (!llvm::is_contained(Dirs, Dir.str()))
      Dirs.push_back(std::string(Dir));
  }
  return Dirs;
}

llvm::Error makeCall(Call &C, const HarnessSpec &Spec,
                     llvm::StringSet<> &Used) {
  const std::vector<HarnessArgSpec> *Args = nullptr;
  std::string SpecName;
  for (const std::string &Name : {C.T.Name, C.T.Plain}) {
    auto It = Spec.Functions.find(Name);
    if (It != Spec.Functions.end()) {
      Args = &It->second;
      SpecName = Name;
      Used.insert(Name);
      break;
    }
  }
  if (Args && Args->size() != C.T.Params.size())
    return llvm::createStringError(
        "harness spec for '" + SpecName + "' gives " +
        std::to_string(Args->size()) + " argument" +
        (Args->size() == 1 ? "" : "s") + ", but '" + C.T.Name + "' takes " +
        std::to_string(C.T.Params.size()));
  std::string Arguments;
  for (unsigned I = 0; I < C.T.Params.size(); ++I) {
    const Param &P = C.T.Params[I];
    llvm::Expected<std::string> Init =
        initializer(P, Args ? &(*Args)[I] : nullptr, SpecName, I);
    if (!Init)
      return Init.takeError();
    std::string Local = "a" + std::to_string(I);
    C.Body += "  " + P.Type + " " + Local + " = " + *Init + ";\n";
    Arguments +=
        (I ? ", " : "") + (P.RValueRef ? "std::move(" + Local + ")" : Local);
  }
  C.CallExpr = C.T.Callee + "(" + Arguments + ")";
  C.Body += "  " + C.CallExpr + ";\n";
  return llvm::Error::success();
}

void writeHarnessSource(llvm::raw_ostream &OS, const HarnessFile &H,
                        llvm::StringRef Include) {
  OS << "// Generated by torchsync --emit-harness from " << H.Path
     << "; do not edit.\n"
        "//\n"
        "// Calls each function that holds a finding "
     << CallsPerFunction
     << " times on fresh random\n"
        "// inputs on CUDA, one function at a time; standard output says "
        "which\n"
        "// function runs and how it ended (torchsync-harness: begin, ok, "
        "error).\n"
        "// docs/harness.md describes it.\n\n"
        "#include <torch/torch.h>\n\n"
        "#include <cstdint>\n"
        "#include <cstdio>\n"
        "#include <exception>\n"
        "#include <string>\n"
        "#include <utility>\n"
        "#include <vector>\n\n"
        "namespace torchsync_harness {\n"
        "int run(const char *Function, const char *Where, void (*Call)()) {\n"
        "  std::printf(\"torchsync-harness: begin %s (%s)\\n\", Function, "
        "Where);\n"
        "  std::fflush(stdout);\n"
        "  std::string Problem;\n"
        "  try {\n"
        "    for (int I = 0; I < "
     << CallsPerFunction
     << "; ++I)\n"
        "      Call();\n"
        "    // The function's work is done before the next one starts.\n"
        "    torch::cuda::synchronize();\n"
        "  } catch (const c10::Error &E) {\n"
        "    Problem = E.what_without_backtrace();\n"
        "  } catch (const std::exception &E) {\n"
        "    Problem = E.what();\n"
        "  }\n"
        "  if (Problem.empty()) {\n"
        "    std::printf(\"torchsync-harness: ok %s\\n\", Function);\n"
        "    std::fflush(stdout);\n"
        "    return 0;\n"
        "  }\n"
        "  Problem = Problem.substr(0, Problem.find('\\n'));\n"
        "  std::printf(\"torchsync-harness: error %s: %s\\n\", Function, "
        "Problem.c_str());\n"
        "  std::fflush(stdout);\n"
        "  try {\n"
        "    torch::cuda::synchronize();\n"
        "  } catch (const std::exception &) {\n"
        "  }\n"
        "  return 1;\n"
        "}\n"
        "} // namespace torchsync_harness\n\n"
        "// The user's main, if any, is renamed so that the harness's is the "
        "program's.\n"
        "#define main torchsync_user_main\n"
        "#include "
     << cString(Include)
     << "\n"
        "#undef main\n\n";
  for (size_t I = 0; I < H.Calls.size(); ++I) {
    const Call &C = H.Calls[I];
    OS << "// " << C.T.Name << ": " << llvm::join(C.Where, ", ") << "\n"
       << "static void torchsync_harness_call_" << I << "() {\n"
       << C.Body << "}\n\n";
  }
  OS << "int main() {\n"
        "  if (!torch::cuda::is_available()) {\n"
        "    std::fprintf(stderr, \"torchsync-harness: no CUDA device\\n\");\n"
        "    return 2;\n"
        "  }\n"
        "  int Failed = 0;\n";
  for (size_t I = 0; I < H.Calls.size(); ++I) {
    const Call &C = H.Calls[I];
    OS << "  Failed += torchsync_harness::run(" << cString(C.T.Name) << ", "
       << cString(H.Path + ":" + std::to_string(C.T.Line))
       << ", &torchsync_harness_call_" << I << ");\n";
  }
  OS << "  std::printf(\"torchsync-harness: %d of " << H.Calls.size()
     << " functions ran without an error\\n\", " << H.Calls.size()
     << " - Failed);\n"
        "  return Failed ? 1 : 0;\n"
        "}\n";
}

void writeCMakeLists(llvm::raw_ostream &OS, llvm::ArrayRef<HarnessFile> Files,
                     llvm::StringRef Dir, bool Movable) {
  OS << "# Generated by torchsync --emit-harness; do not edit. Builds one "
        "harness per\n"
        "# source file, with debug information, against LibTorch:\n"
        "#   cmake -S <this dir> -B <this dir>/build "
        "-DCMAKE_PREFIX_PATH=<libtorch>\n"
        "#   cmake --build <this dir>/build\n"
        "# (<libtorch>: python3 -c 'import torch; "
        "print(torch.utils.cmake_prefix_path)')\n"
        "cmake_minimum_required(VERSION 3.18)\n"
        "project(torchsync_harness CXX)\n"
        "find_package(Torch REQUIRED)\n"
        "set(CMAKE_CXX_STANDARD 17)\n"
        "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
        "set(CMAKE_CXX_FLAGS \"${CMAKE_CXX_FLAGS} ${TORCH_CXX_FLAGS}\")\n";
  for (const HarnessFile &H : Files) {
    std::string Target = H.Stem + "_harness";
    OS << "\n# " << H.Path << "\n"
       << "add_executable(" << Target << " " << H.Stem << ".harness.cpp)\n"
       << "target_link_libraries(" << Target
       << " PRIVATE \"${TORCH_LIBRARIES}\")\n"
       << "# Unoptimized, so that each sync's stack shows the user's "
          "function.\n"
       << "target_compile_options(" << Target
       << " PRIVATE -g -O0 -fno-omit-frame-pointer)\n";
    if (H.IncludeDirs.empty())
      continue;
    OS << "# The project's include directories from the compile command.\n"
       << "target_include_directories(" << Target << " PRIVATE";
    for (const std::string &Include : H.IncludeDirs)
      OS << "\n  \""
         << (Movable ? "${CMAKE_CURRENT_SOURCE_DIR}/" + relativeTo(Include, Dir)
                     : llvm::sys::path::convert_to_slash(Include))
         << "\"";
    OS << ")\n";
  }
}

std::string safeStem(llvm::StringRef Path) {
  std::string Stem = llvm::sys::path::stem(Path).str();
  for (char &C : Stem)
    if (!llvm::isAlnum(C) && C != '_' && C != '-')
      C = '_';
  return Stem.empty() ? "source" : Stem;
}

} // namespace torchsync
