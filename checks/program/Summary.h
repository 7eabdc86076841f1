//===--- Summary.h - What one translation unit tells the others -*- C++ -*-===//
//
// Part of torchsync. In a whole-project run (docs/options.md, "Whole-program
// facts") each file's analysis also makes a summary of what the other files
// need to know: the functions it defines (by USR, with whether code outside
// the project could call them), every call to a user function with whether
// the call is hot and the device of each tensor or device argument, the
// device each function returns or leaves in its out-parameters, whether the
// file defines `main`, and whether
// its user code reaches CUDA at all. Plain data: Collector.h makes it,
// Serialization.h writes and reads it (the driver caches it with the file's
// findings), Index.h joins the summaries over the project.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_SUMMARY_H
#define TORCHSYNC_PROGRAM_SUMMARY_H

#include "program/Device.h"
#include "program/Facts.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::torchsync {

/// A place in a file: absolute path, byte offset, 1-based line and column.
struct SummaryPlace {
  std::string File;
  unsigned Offset = 0, Line = 0, Column = 0;
};

/// The device of an argument or a returned tensor: Device (CPU, CUDA,
/// Runtime or Unknown), or, with Deps, "CPU unless one of these facts may
/// be non-CPU" (the parameters of the caller and the user functions it came
/// from).
struct DeviceValue {
  torchsync::Device Device = torchsync::Device::Unknown;
  std::vector<ProgramFact> Deps;
};

/// What a function leaves in one of its out-parameters (a non-const lvalue
/// reference to a tensor, or to a std::tuple, std::pair, std::vector,
/// std::deque or std::array of tensors): the join of the values its body
/// writes there.
struct OutParamSummary {
  unsigned Param = 0;
  /// 0: the tensor itself, or every element of a sequence; element + 1: an
  /// element of a tuple or pair (ProgramFact::Element).
  unsigned Element = 0;
  /// The parameter's name and declaration, for the note that explains it.
  std::string Name;
  SummaryPlace Where;
  DeviceValue Value;
  /// False for a container the function never writes (it holds what the
  /// caller passed, and Value is the CPU: nothing is added to the values
  /// the caller's container holds, which are joined flow-insensitively).
  bool Written = true;
};

struct FunctionSummary {
  std::string Usr, Name;
  SummaryPlace Where;
  /// Code in other translation units (or outside the project) may call it.
  bool External = false;
  bool Virtual = false;
  /// A template: its instantiations are not told apart.
  bool Template = false;
  /// Registered as an operator-library entry point in this translation unit
  /// (always open and hot; a registration in another file is in that
  /// file's Registrations).
  bool EntryPoint = false;
  /// It returns a tensor (Returns: where), or it is a user dataset's get or
  /// get_batch, or a user transform's apply, that makes examples (Returns:
  /// where their tensors are; ExamplesMaker).
  bool ReturnsTensor = false;
  DeviceValue Returns;
  /// A dataset's or transform's method that makes examples: a data loader
  /// calls it on the exact type of the dataset it holds, so what this body
  /// returns is what the calls return even when it is virtual.
  bool ExamplesMaker = false;
  /// It returns a sequence or array of tensors (Returns: where every tensor
  /// it holds is), not one tensor.
  bool ReturnsList = false;
  /// For a function that returns a tensor or a tuple or pair of them: the
  /// names of its parameters, for the notes that say it returns on the
  /// device of one of them at a call.
  std::vector<std::string> Parameters;
  /// The indices of its parameters that hold several tensors (a vector, a
  /// tuple, a list of batches): the notes say "host tensors" for them.
  std::vector<unsigned> ListParameters;
  /// For a function that returns a std::tuple or std::pair of tensors: the
  /// device of each tensor element, by element index. Facts about them are
  /// Returns facts whose Index is the element + 1 (Index 0: a tensor
  /// returned whole).
  std::vector<std::pair<unsigned, DeviceValue>> ReturnElements;
  /// The out-parameters its body writes (one entry per tensor element of a
  /// tuple or pair). Facts about them are Out facts.
  std::vector<OutParamSummary> OutParams;
  /// For a virtual function: the USRs of the functions it overrides,
  /// directly or not (a hot call of one of them may dispatch here).
  std::vector<std::string> Overrides;
};

struct CallSummary {
  std::string Callee, CalleeName;
  /// A call through a function pointer read from a variable of static
  /// storage (a dispatch table: `add_table[d](x)`, `ops.add(x)`): the
  /// variable's USR; Callee is empty and CalleeName names the variable. The
  /// index makes it a call of every function stored in that variable.
  std::string Through;
  SummaryPlace Where;
  /// "loop" (in a loop), "hot" (hot for another local reason), "if" (hot
  /// if function If is), "no".
  std::string Hot = "no";
  std::string If, IfName;
  /// Per parameter of the callee (tensor and device parameters only; the
  /// others are absent).
  std::vector<std::pair<unsigned, DeviceValue>> Args;
};

/// A user function registered as an operator-library entry point
/// (checks/utils/EntryPoints.h): code outside the project calls it once per
/// model step, so it is hot and its parameters are open, wherever it is
/// defined.
struct RegistrationSummary {
  std::string Usr, Name;
  /// The argument that names the function.
  SummaryPlace Where;
  /// How: "an operator", "a Python function", "an autograd function".
  std::string As;
  /// The device of the dispatch key it is registered for (`CUDA`,
  /// `torch::kCPU`, TORCH_LIBRARY_IMPL(ns, CUDA, m)): its tensors come from
  /// that device. None: any device (no key, Python, autograd).
  torchsync::Device Dispatch = torchsync::Device::None;
  /// The indices of its tensor parameters (what the key decides).
  std::vector<unsigned> TensorParams;
};

/// A variable of static storage that holds user functions (a dispatch table
/// of function pointers, a struct of them): its initializer or an
/// assignment to it (or to an element or member of it) names them.
struct TableSummary {
  std::string Var;
  std::vector<std::string> Functions;
};

struct Summary {
  /// The main file, and the hash (factsContentHash) of the text the
  /// analysis read: the summary file stamps the file with it, not with what
  /// is on disk when it is written (D15).
  std::string MainFile, MainHash;
  /// The user headers the translation unit read (not system or LibTorch
  /// headers), each with the hash of what was read, and the configuration
  /// files (.clang-tidy) its options came from: a fact that rests on this
  /// file rests on them too (a macro, an inline function, HotFunctions),
  /// D14.
  std::vector<std::pair<std::string, std::string>> Headers;
  /// The hash (commandHash) of the compile commands the compile database
  /// listed for the main file: the facts of the file rest on them (a -D
  /// flag), D14. Empty where no database listed it.
  std::string CommandHash;
  std::vector<FunctionSummary> Functions;
  std::vector<CallSummary> Calls;
  std::vector<RegistrationSummary> Registrations;
  std::vector<TableSummary> Tables;
  /// Functions whose address is taken (they may be called from anywhere).
  std::vector<std::string> AddressTaken;
  bool DefinesMain = false;
  /// In a translation unit with compile errors: the functions whose
  /// declaration or body clang marked invalid (an invalid declaration, an
  /// expression it could not build). They are left out of Functions, and
  /// what they name is in AddressTaken (called from code not seen); the
  /// rest of the unit's facts are kept.
  std::vector<std::string> Dropped;
  /// The user code reaches CUDA, and the first reason found.
  bool ReachesCuda = false;
  std::string CudaReason;
};

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_SUMMARY_H
