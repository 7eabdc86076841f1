//===--- DeviceInference.h - Which device a tensor lives on -----*- C++ -*-===//
//
// Part of torchsync. Intra-procedural inference of CUDA / CPU / unknown for
// tensor expressions, following the rules in design.md ("Device inference").
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_DEVICEINFERENCE_H
#define TORCHSYNC_UTILS_DEVICEINFERENCE_H

#include "VariableUses.h"
#include "program/Device.h"
#include "program/Recorder.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace clang {
class ASTContext;
class CXXMethodDecl;
class FunctionDecl;
class VarDecl;
class ParmVarDecl;
class BindingDecl;
class FieldDecl;
namespace tidy::torchsync {

class DeviceGuards;
struct ContainerContents;

/// Infers devices of tensor expressions within one translation unit. Results
/// are memoized; create one per translation unit.
class DeviceInference {
public:
  /// The fact-independent indexes (uses, guards, entry points) are the
  /// translation unit's shared ones (SharedAnalyses.h): a fresh inference
  /// costs only its own memos.
  explicit DeviceInference(ASTContext &Ctx);

  /// How the functions of this translation unit use their variables.
  UseIndex &uses() { return Uses; }

  /// What the guards of this translation unit's functions decide about
  /// their parameters (DeviceGuards.h).
  DeviceGuards &guards();

  /// Facts about the rest of the program that parameters and calls to user
  /// functions consult (none: per-file rules). Set before the first query.
  void setRecorder(Recorder *F) { Facts = F; }
  Recorder *recorder() const { return Facts; }
  ASTContext &context() const { return Ctx; }

  /// "What if every fact were CPU": \p Evaluate made again on a fresh
  /// inference of \p Ctx where every parameter and user function's return
  /// answers CPU. The facts consulted when it then answers CPU, which a
  /// finding that rests on the value not being CPU depends on; nullopt when
  /// it answers something else or consults no fact (the value does not
  /// depend on the program's facts). The one evaluation of that question:
  /// a finding's device condition (TorchSyncCheck::assumeCuda), a host
  /// source on conditions (Transfers.h) and a summary's device values
  /// (program/Collector.h).
  static std::optional<std::vector<ProgramFact>>
  ifEveryFactCpu(ASTContext &Ctx,
                 llvm::function_ref<Device(DeviceInference &)> Evaluate);

  /// The device of a tensor-valued expression: CPU, CUDA or Unknown.
  Device ofTensor(const Expr *E);

  /// The device named by a `DeviceType`, `Device`, `TensorOptions` or tensor
  /// expression (as passed to `to()` or a factory). `None` when the
  /// expression names no device (e.g. `TensorOptions().dtype(kFloat)`).
  Device ofDeviceSpec(const Expr *E);

  /// Whether the host tensor \p E is pinned, pageable, or not known.
  HostMemory hostMemoryOf(const Expr *E);

  /// Where the parameters of a module live: they follow `m->to(dev)` in the
  /// function that owns the module variable; a module built there and never
  /// moved is on the CPU; anything else is unknown.
  Device ofModule(const Expr *ModuleExpr);

  /// The one device spec passed to `m->to(dev)` / `m.to(dev)` for the module
  /// variable at the root of \p ModuleExpr in the function that owns it:
  /// the device that decides where its parameters live (ofModule), to name
  /// in a finding's condition. Null when there is not exactly one.
  const Expr *moduleDeviceSpec(const Expr *ModuleExpr);

  /// The device of a tensor member of a class (not a module: its tensors
  /// follow `to()`), from every write of it that the class's own code
  /// makes in this translation unit: the default member initializer, the
  /// constructors' initializers, and the assignments in the member
  /// functions (changes in place keep the device). Unknown where not every
  /// write can be seen: a public member, a protected one of a class that is
  /// not final (derived classes write it), a class with friends, nested
  /// classes or member templates, a class template, a member function
  /// declared here and defined in another translation unit, a use that lets
  /// it be written later (a non-const reference or pointer to it), or a
  /// write through another object than `this` that is not const.
  Device ofMember(const FieldDecl *F);

  /// Where the tensors of a list live: a braced list of tensors, a module's
  /// `parameters()`, or a local variable holding one that is only read.
  /// CUDA or CPU when all agree, else Unknown.
  Device ofTensorList(const Expr *E, unsigned Depth = 0);

  /// The device of the tensors of a `torch::data` batch expression (an
  /// `Example<>`, a vector of them, a data loader, its iterator): CPU or
  /// CUDA when the data pipeline decides it, else Unknown.
  Device ofBatchTensors(const Expr *E) {
    Device D = ofBatch(E);
    return D == Device::None ? Device::Unknown : D;
  }

  /// The device of the tensors that \p Def, a user dataset's get/get_batch
  /// or a user transform's apply (makesExamples) defined here, yields: CUDA
  /// or a device chosen at run time where its returns show one, else the
  /// CPU (a dataset makes host tensors unless its code shows otherwise).
  Device ofExamplesMadeBy(const CXXMethodDecl *Def);

  /// What the function \p FD, a definition, leaves in its out-parameter
  /// \p Param (a non-const lvalue reference to a tensor or a container of
  /// tensors), as its body shows: for a tensor, the join of the values
  /// assigned to it that reach the function's exit (a path that does not
  /// write it is not joined: FIXME: the caller's value stays there); for a
  /// container, the join of the values put in element \p Element (-1: any
  /// element). A call of another user function that writes it counts as a
  /// write of what that one leaves. None when the body never writes it;
  /// Unknown where a write is not seen (it escapes, an unknown function
  /// writes it).
  Device ofOutParameter(const FunctionDecl *FD, unsigned Param,
                        int Element = -1);

private:
  Device tensorImpl(const Expr *E);
  Device specImpl(const Expr *E);
  Device ofVariable(const VarDecl *V);
  /// The device of tensor variable \p V where \p Use reads it: the join of
  /// the definitions that reach that point (ReachingDefs.h), so that a host
  /// tensor reassigned to its copy on a device has one device before the
  /// assignment and another after it. ofVariable() where the point is not
  /// known.
  Device ofVariableAt(const VarDecl *V, const Expr *Use);
  /// The device of an element of a local container variable: the join of
  /// every value put in it (Containers.h); Unknown where a write is not
  /// seen.
  Device ofElement(const ValueDecl *Container, int Index);
  /// The join of the values of \p C in element \p Index (-1: all); None
  /// when there are none.
  Device ofContents(const ContainerContents &C, int Index);
  /// What a call leaves in the variable it passes to out-parameter \p Param
  /// of a user function (outParameterCallee; element \p Element of it,
  /// -1: the tensor itself or any element): ofOutParameter of the callee's
  /// definition where this translation unit has it, else what the
  /// whole-program facts say (Unknown without them). None when the
  /// callee's body never writes it.
  Device ofOutArgument(const CallExpr *Call, unsigned Param, int Element);
  /// The out-arguments of \p U (VariableUses.h) whose callee's writes are
  /// followed, when every escape of the variable is one of them; nullopt
  /// when some write is not seen.
  std::optional<llvm::SmallVector<const OutArgument *, 2>>
  followedOutArgs(const VariableUses &U) const;
  /// The device of a tensor or device parameter, as far as it is known from
  /// outside the function's body.
  Device ofParameter(const ParmVarDecl *P);
  Device ofBinding(const BindingDecl *B);
  Device memberImpl(const FieldDecl *F);
  Device ofRangeForVariable(const VarDecl *V, const Expr *Range);
  Device ofFactory(const CallExpr *Call, llvm::StringRef Name);
  Device ofCallInputs(const Expr *Call);
  /// True for the functions whose returns whole-program facts may know:
  /// free functions and member functions of user classes.
  bool isUserMethodOrFunction(const FunctionDecl *FD) const;
  /// The device of what a user function (not LibTorch's) returns at
  /// \p Call, when whole-program facts say (ReturnsAt: the call's
  /// arguments decide where the function returns on a parameter's device).
  Device ofUserCall(const CallExpr *Call, const FunctionDecl *FD);
  /// The device of every tensor in the sequence or array that a call of a
  /// user function returns at \p Call: what the function's returns hold
  /// where it is defined in this translation unit, else when whole-program
  /// facts say.
  Device ofReturnedContainer(const CallExpr *Call);
  /// The device of element \p Element of the tuple or pair that a call of
  /// a user function returns at \p Call, when whole-program facts say.
  Device ofReturnedElement(const CallExpr *Call, int Element);
  /// The device of the tensors in a `torch::data` batch: an `Example<>`, a
  /// vector of them, a data loader, its iterator.
  Device ofBatch(const Expr *E, unsigned Depth = 0);
  /// The device of the batches a dataset type yields.
  Device ofDataset(QualType Dataset, unsigned Depth = 0);
  HostMemory memoryImpl(const Expr *E, unsigned Depth);

  /// What a function body does with its module variables.
  struct FunctionFacts {
    /// Devices passed to `m->to(dev)` / `m.to(dev)` per module variable.
    llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 1>>
        ModuleTo;
  };
  const FunctionFacts &factsFor(const Decl *Owner);
  Recorder *Facts = nullptr;
  const Decl *ownerOf(const VarDecl *V) const;

  ASTContext &Ctx;
  UseIndex &Uses;
  DeviceGuards &Guards;
  llvm::DenseMap<const Expr *, Device> TensorMemo;
  llvm::DenseMap<const VarDecl *, Device> VarMemo;
  llvm::DenseMap<const FieldDecl *, Device> MemberMemo;
  llvm::DenseMap<std::pair<const ParmVarDecl *, int>, Device> OutMemo;
  llvm::DenseSet<const void *> InProgress;
  /// The out-parameters being read (a function that passes its own
  /// out-parameter to itself).
  llvm::DenseSet<const ParmVarDecl *> OutInProgress;
  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionFacts>> BodyFacts;
  unsigned Depth = 0;
  unsigned CycleHits = 0;
};

/// True when \p E (a device spec or a tensor) is CUDA on every run, on
/// every machine: proven CUDA, not a device chosen at run time (`Runtime`,
/// e.g. `is_available() ? kCUDA : kCPU`), which picks the CPU on a machine
/// without CUDA, where a fix that needs CUDA (`pin_memory()`) would break
/// the program. The gate of every warning fix-it that needs CUDA.
bool cudaOnEveryRun(const Expr *E, ASTContext &Ctx);

/// True for module classes, `ModuleHolder<Impl>` and `shared_ptr<Impl>`
/// (references and pointers to them too).
bool isModuleType(QualType T);

/// True for `c10::Device` and `c10::DeviceType` (cv, references): the
/// values whose unknown source makes a device chosen at run time.
bool isDeviceValueType(QualType T);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_DEVICEINFERENCE_H
