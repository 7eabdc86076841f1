//===--- Index.cpp - The program's resolved facts, and one decide ---------===//
//
// Part of torchsync.
//
//===----------------------------------------------------------------------===//

#include "program/Index.h"
#include "program/Device.h"
#include "program/JsonDepth.h"
#include "program/Serialization.h"
#include "program/StampedCache.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace clang::tidy::torchsync {

FunctionID FunctionID::of(llvm::StringRef Usr) {
  auto Digest = llvm::BLAKE3::hash<8>(llvm::arrayRefFromStringRef(Usr));
  uint64_t Hash = 0;
  for (uint8_t Byte : Digest)
    Hash = Hash << 8 | Byte;
  return FunctionID(Hash);
}

FactKey FactKey::of(const ProgramFact &F) {
  FactKey K;
  K.Kind = F.Kind;
  K.Function = FunctionID::of(F.Usr);
  K.Index = F.Kind == ProgramFact::Hot ? 0 : F.Index;
  K.Element = F.Kind == ProgramFact::Out ? F.Element : 0;
  if (F.Kind == ProgramFact::ReturnsAt) {
    // A path has no NUL: no two places give the same text.
    std::string Place = F.File + '\0' + std::to_string(F.Offset);
    auto Digest = llvm::BLAKE3::hash<8>(llvm::arrayRefFromStringRef(Place));
    for (uint8_t Byte : Digest)
      K.Place = K.Place << 8 | Byte;
  }
  return K;
}

FactKey Index::KeyInfo::getEmptyKey() {
  FactKey K;
  K.Index = ~0u;
  return K;
}

FactKey Index::KeyInfo::getTombstoneKey() {
  FactKey K;
  K.Index = ~0u - 1;
  return K;
}

unsigned Index::KeyInfo::getHashValue(const FactKey &K) {
  return static_cast<unsigned>(llvm::hash_combine(
      static_cast<int>(K.Kind), K.Function.raw(), K.Index, K.Element, K.Place));
}

namespace {

std::string paramKey(llvm::StringRef Usr, unsigned Index) {
  return std::to_string(Index) + " " + Usr.str();
}

/// The key of what function Usr returns: Index 0 is its tensor, Index i its
/// tuple's element i - 1. (USRs have no spaces or control characters.)
std::string returnKey(llvm::StringRef Usr, unsigned Index) {
  return Index ? Usr.str() + "\x1f" + std::to_string(Index) : Usr.str();
}
std::pair<llvm::StringRef, unsigned> splitReturnKey(llvm::StringRef Key) {
  auto [Usr, Element] = Key.split('\x1f');
  unsigned Index = 0;
  if (!Element.empty() && Element.getAsInteger(10, Index))
    Index = 0;
  return {Usr, Index};
}

/// The key of what function Usr leaves in its out-parameter Param (Element:
/// ProgramFact::Element).
std::string outKey(llvm::StringRef Usr, unsigned Param, unsigned Element) {
  return std::to_string(Param) + ":" + std::to_string(Element) + " " +
         Usr.str();
}

/// The key of what function Usr returns (returnKey's Index) at its call at
/// File and Offset.
std::string atKey(llvm::StringRef Usr, unsigned Index, llvm::StringRef File,
                  unsigned Offset) {
  return returnKey(Usr, Index) + "\x1e" + std::to_string(Offset) + "\x1e" +
         File.str();
}
std::string atKey(const ProgramFact &F) {
  return atKey(F.Usr, F.Index, F.File, F.Offset);
}

/// The returns of \p F that facts name: 0, its tensor; element + 1, an
/// element of the tuple it returns.
llvm::SmallVector<unsigned, 4> returnIndices(const FunctionSummary &F) {
  llvm::SmallVector<unsigned, 4> Indices;
  if (F.ReturnsTensor)
    Indices.push_back(0);
  for (const auto &Element : F.ReturnElements)
    Indices.push_back(Element.first + 1);
  return Indices;
}

const DeviceValue *returnValue(const FunctionSummary &F, unsigned Index) {
  if (Index == 0)
    return F.ReturnsTensor ? &F.Returns : nullptr;
  for (const auto &[Element, Value] : F.ReturnElements)
    if (Element + 1 == Index)
      return &Value;
  return nullptr;
}

/// The value a call passes for parameter \p Param, or null.
const DeviceValue *argumentOf(const CallSummary &C, unsigned Param) {
  for (const auto &[Index, Value] : C.Args)
    if (Index == Param)
      return &Value;
  return nullptr;
}

/// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string quotedList(llvm::ArrayRef<std::string> Names) {
  std::string Text;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Text += I + 1 == Names.size() ? " and " : ", ";
    Text += "'" + Names[I] + "'";
  }
  return Text;
}

/// What a function returns (its tensor, or an element of its tuple) as a
/// function of its own parameters: the join of Const, of the levels of
/// Facts (about the rest of the program) and, at a call, of the devices of
/// the arguments for Follows. A return that rests on another user
/// function's return at a call in its body is made of that function's
/// shape, with the arguments of that call for what it follows (which may be
/// the caller's own parameters: a chain of such functions).
struct ReturnShape {
  /// Not known per call (a virtual function, a template, a function no
  /// file defines, recursion): every call returns what its Returns fact
  /// says, the join over every call.
  bool Fallback = true;
  Device Const = Device::None;
  std::vector<ProgramFact> Facts;
  std::set<unsigned> Follows;
  /// The definitions it is made from.
  std::set<std::string> Files;
};

/// The fixpoints over the project's summaries (Index::resolve).
struct Resolver {
  llvm::StringMap<const FunctionSummary *> Functions;
  std::vector<const CallSummary *> Calls;
  llvm::StringSet<> AddressTaken;
  /// Functions registered as entry points, and where (the first one seen).
  llvm::StringMap<const RegistrationSummary *> Registered;
  /// The device of the dispatch key all of a registered function's
  /// registrations name (Device::None where they name none or disagree).
  llvm::StringMap<Device> Keyed;
  /// The tensor parameters the key decides (functions the project itself
  /// never calls), and the registration that decides each.
  std::map<std::string, const RegistrationSummary *> KeyedParams;
  llvm::StringSet<> Open; ///< Functions whose callers are not all seen.
  bool DefinesMain = false;
  bool Complete = true;
  bool ReachesCuda = true;

  /// Resolved facts.
  llvm::StringMap<const CallSummary *> HotBy; ///< Hot functions, and why.
  std::map<std::string, Device> Params;
  std::map<std::string, const CallSummary *> CudaWitness;
  /// The first call site that passes each parameter.
  std::map<std::string, const CallSummary *> FirstCall;
  llvm::StringMap<Device> Returns;
  /// What functions leave in their out-parameters, by outKey.
  std::map<std::string, Device> Outs;

  /// The shape of each return, by returnKey, once made; those being made.
  std::map<std::string, ReturnShape> Shapes;
  std::vector<std::string> Making;
  /// Returns found to rest on themselves while being made (recursion).
  std::set<std::string> Cyclic;
  /// The direct calls of each function at each place: usually one, more
  /// for a header's call seen by several files or a template's
  /// instantiations.
  std::map<std::tuple<std::string, std::string, unsigned>,
           std::vector<const CallSummary *>>
      CallsAt;
  /// What a function whose return follows some of its parameters returns
  /// at one place it is called, by atKey.
  struct AtCall {
    std::string Usr;
    unsigned Index = 0;
    const ReturnShape *Shape = nullptr;
    std::vector<const CallSummary *> Sites;
    Device Level = Device::None;
  };
  std::map<std::string, AtCall> At;

  std::vector<Summary> Summaries;
  /// The functions each dispatch table holds, and the calls made through
  /// tables, as calls of those functions.
  llvm::StringMap<std::vector<std::string>> TableFunctions;
  std::deque<CallSummary> Through;

  bool isHot(llvm::StringRef Usr) const {
    return HotBy.count(Usr) || Registered.count(Usr);
  }

  /// The level of a device fact as the fixpoint has it so far: None where
  /// it is not decided yet, Unknown where the project has no such fact (not
  /// a function of the project, a parameter never passed, an out-parameter
  /// never written).
  Device currentLevel(const ProgramFact &F) const {
    if (F.Kind == ProgramFact::Parameter) {
      auto It = Params.find(paramKey(F.Usr, F.Index));
      return It == Params.end() ? Device::Unknown : It->second;
    }
    if (F.Kind == ProgramFact::Returns) {
      auto It = Returns.find(returnKey(F.Usr, F.Index));
      return It == Returns.end() ? Device::Unknown : It->second;
    }
    if (F.Kind == ProgramFact::Out) {
      auto It = Outs.find(outKey(F.Usr, F.Index, F.Element));
      return It == Outs.end() ? Device::Unknown : It->second;
    }
    if (F.Kind == ProgramFact::ReturnsAt) {
      if (auto It = At.find(atKey(F)); It != At.end())
        return It->second.Level;
      // Not decided per call: what every call returns.
      auto It = Returns.find(returnKey(F.Usr, F.Index));
      return It == Returns.end() ? Device::Unknown : It->second;
    }
    return Device::Unknown;
  }

  Device factLevel(const ProgramFact &F) const {
    if (F.Kind == ProgramFact::Hot)
      return Device::Unknown;
    // Not a function of the project, or never called.
    Device L = currentLevel(F);
    return L == Device::None ? Device::Unknown : L;
  }

  /// A value resting on facts is CPU while they all are; any CUDA one makes
  /// it CUDA (tensor ops take the device of their inputs), else unknown.
  Device valueLevel(const DeviceValue &V, bool Final) const {
    if (V.Deps.empty() || V.Device != Device::CPU)
      return V.Device == Device::None ? Device::Unknown : V.Device;
    Device L = Device::CPU;
    for (const ProgramFact &F : V.Deps) {
      Device D = currentLevel(F);
      if (D == Device::None)
        D = Final ? Device::Unknown
                  : Device::CPU; // Not decided yet: the fixpoint goes on.
      L = joinCallers(L, D);
    }
    return L;
  }

  /// The shape of what function Usr returns (returnKey's Index).
  const ReturnShape &shapeOf(const std::string &Usr, unsigned Index) {
    static const ReturnShape NotPerCall;
    std::string Key = returnKey(Usr, Index);
    if (auto It = Shapes.find(Key); It != Shapes.end())
      return It->second;
    if (auto It = llvm::find(Making, Key); It != Making.end()) {
      // Recursion: every return on the cycle is the join over its calls.
      Cyclic.insert(It, Making.end());
      return NotPerCall;
    }
    auto Fn = Functions.find(Usr);
    const DeviceValue *Value =
        Fn == Functions.end() ? nullptr : returnValue(*Fn->second, Index);
    // What an override returns is not what this body returns.
    if (!Value || Fn->second->Virtual || Fn->second->Template)
      return Shapes[Key] = ReturnShape();
    ReturnShape Shape;
    Shape.Fallback = false;
    Shape.Files.insert(Fn->second->Where.File);
    Making.push_back(Key);
    std::set<std::string> Seen;
    addToShape(Shape, *Value, Usr, Seen);
    Making.pop_back();
    if (Cyclic.count(Key))
      Shape = ReturnShape();
    return Shapes[Key] = std::move(Shape);
  }

  /// Adds \p Value, a device in the body of function \p Usr, to \p Shape:
  /// Usr's own parameters are followed; another function's return at a
  /// call in the body is that function's shape with the call's arguments.
  /// \p Seen: the calls added (a value that rests on the call it is passed
  /// to, `t = f(t)` in a loop, adds nothing new).
  void addToShape(ReturnShape &Shape, const DeviceValue &Value,
                  const std::string &Usr, std::set<std::string> &Seen) {
    auto AddFact = [&](const ProgramFact &F) {
      if (!llvm::is_contained(Shape.Facts, F))
        Shape.Facts.push_back(F);
    };
    if (Value.Deps.empty() || Value.Device != Device::CPU) {
      Shape.Const = joinCallers(Shape.Const, Value.Device == Device::None
                                                 ? Device::Unknown
                                                 : Value.Device);
      return;
    }
    Shape.Const = joinCallers(Shape.Const, Device::CPU);
    for (const ProgramFact &Dep : Value.Deps) {
      if (Dep.Kind == ProgramFact::Parameter && Dep.Usr == Usr) {
        Shape.Follows.insert(Dep.Index);
        continue;
      }
      if (Dep.Kind != ProgramFact::ReturnsAt) {
        AddFact(Dep);
        continue;
      }
      if (!Seen.insert(atKey(Dep)).second)
        continue;
      const ReturnShape &Inner = shapeOf(Dep.Usr, Dep.Index);
      auto Sites = CallsAt.find({Dep.Usr, Dep.File, Dep.Offset});
      if (Inner.Fallback || Sites == CallsAt.end()) {
        AddFact(Dep);
        continue;
      }
      Shape.Const = joinCallers(Shape.Const, Inner.Const);
      for (const ProgramFact &F : Inner.Facts)
        AddFact(F);
      Shape.Files.insert(Inner.Files.begin(), Inner.Files.end());
      for (unsigned Param : Inner.Follows)
        for (const CallSummary *C : Sites->second) {
          if (const DeviceValue *Arg = argumentOf(*C, Param))
            addToShape(Shape, *Arg, Usr, Seen);
          else
            Shape.Const = joinCallers(Shape.Const, Device::Unknown);
        }
    }
  }

  /// The level of a shape's own part (what it follows aside).
  Device shapeLevel(const ReturnShape &Shape, bool Final) const {
    Device L = Shape.Const;
    for (const ProgramFact &F : Shape.Facts) {
      Device D = currentLevel(F);
      if (D == Device::None)
        D = Final ? Device::Unknown : Device::CPU;
      L = joinCallers(L, D);
    }
    return L == Device::None ? Device::Unknown : L;
  }

  /// The device of what a function returns at a call: its shape, with the
  /// call's arguments for what it follows.
  Device atLevel(const AtCall &A, bool Final) const {
    Device L = shapeLevel(*A.Shape, Final);
    for (const CallSummary *C : A.Sites)
      for (unsigned Param : A.Shape->Follows) {
        const DeviceValue *Arg = argumentOf(*C, Param);
        L = joinCallers(L, Arg ? valueLevel(*Arg, Final) : Device::Unknown);
      }
    return L;
  }

  /// A fact per call of each function whose return follows some of its
  /// parameters.
  void makeCallFacts() {
    for (const CallSummary *C : Calls)
      if (C->Through.empty())
        CallsAt[{C->Callee, C->Where.File, C->Where.Offset}].push_back(C);
    for (const auto &[Place, Sites] : CallsAt) {
      const std::string &Usr = std::get<0>(Place);
      auto Fn = Functions.find(Usr);
      if (Fn == Functions.end())
        continue;
      for (unsigned Index : returnIndices(*Fn->second)) {
        const ReturnShape &Shape = shapeOf(Usr, Index);
        if (Shape.Fallback || Shape.Follows.empty())
          continue;
        AtCall &A =
            At[atKey(Usr, Index, std::get<1>(Place), std::get<2>(Place))];
        A.Usr = Usr;
        A.Index = Index;
        A.Shape = &Shape;
        A.Sites = Sites;
      }
    }
  }

  void resolve() {
    // Who may be called from where the project does not see.
    llvm::StringSet<> Called;
    for (const CallSummary *C : Calls)
      Called.insert(C->Callee);
    // A template's callers are those of all its instantiations (the
    // Collector names the pattern at each call, in the instantiations'
    // bodies too): a parameter's fact joins what all of them pass.
    for (const auto &Entry : Functions) {
      const FunctionSummary &F = *Entry.second;
      bool Closed = Complete && Called.contains(F.Usr) && !F.Virtual &&
                    !F.EntryPoint && !Registered.contains(F.Usr) &&
                    !AddressTaken.contains(F.Usr) &&
                    (!F.External || DefinesMain);
      if (!Closed)
        Open.insert(F.Usr);
    }
    // Registered functions run once per model step wherever they are
    // registered.
    for (const auto &Entry : Registered)
      Open.insert(Entry.first());
    // A function registered only for one device's dispatch key, and not
    // called by the project itself, gets its tensors from that device (as
    // DeviceGuards decides within one file).
    for (const auto &Entry : Keyed) {
      Device D = Entry.second;
      if (D == Device::None || Called.contains(Entry.first()))
        continue;
      const RegistrationSummary *R = Registered.lookup(Entry.first());
      for (unsigned Index : R->TensorParams) {
        std::string Key = paramKey(Entry.first(), Index);
        Params[Key] = D;
        KeyedParams[Key] = R;
      }
    }
    // Hot functions: a worklist over the call sites.
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const CallSummary *C : Calls) {
        if (isHot(C->Callee))
          continue;
        bool Hot = C->Hot == "loop" || C->Hot == "hot" ||
                   (C->Hot == "if" && isHot(C->If));
        if (Hot) {
          HotBy[C->Callee] = C;
          Changed = true;
        }
      }
      // A hot call of a virtual function may run any override of it.
      for (const auto &Entry : Functions) {
        if (isHot(Entry.first()))
          continue;
        for (const std::string &Base : Entry.second->Overrides) {
          if (auto It = HotBy.find(Base); It != HotBy.end()) {
            HotBy[Entry.first()] = It->second;
            Changed = true;
            break;
          }
          if (auto It = Registered.find(Base); It != Registered.end()) {
            Registered[Entry.first()] = It->second;
            Changed = true;
            break;
          }
        }
      }
    }
    // Devices: parameters and returns start at None (closed) or Unknown
    // (open) and only go up; the lattice is finite, so this ends.
    for (const CallSummary *C : Calls)
      for (const auto &Arg : C->Args) {
        std::string Key = paramKey(C->Callee, Arg.first);
        FirstCall.try_emplace(Key, C);
        if (!Params.count(Key))
          Params[Key] = Functions.count(C->Callee) && !Open.contains(C->Callee)
                            ? Device::None
                            : Device::Unknown;
      }
    for (const auto &Entry : Functions) {
      if (Entry.second->ReturnsTensor)
        Returns[Entry.first()] = Device::None;
      for (const auto &Element : Entry.second->ReturnElements)
        Returns[returnKey(Entry.first(), Element.first + 1)] = Device::None;
      for (const OutParamSummary &P : Entry.second->OutParams)
        Outs[outKey(Entry.first(), P.Param, P.Element)] = Device::None;
    }
    makeCallFacts();
    propagate();
    // What no call decided (only reached through cycles) is unknown; then
    // once more, with those known.
    for (auto &Entry : Params)
      if (Entry.second == Device::None)
        Entry.second = Device::Unknown;
    for (auto &Entry : Returns)
      if (Entry.second == Device::None)
        Entry.second = Device::Unknown;
    for (auto &Entry : Outs)
      if (Entry.second == Device::None)
        Entry.second = Device::Unknown;
    for (auto &Entry : At)
      if (Entry.second.Level == Device::None)
        Entry.second.Level = Device::Unknown;
    propagate();
  }

  /// "'f' is registered as an operator here", with the device of the key
  /// where all of f's registrations name one.
  std::string registeredText(const RegistrationSummary &R) const {
    std::string Text = "'" + R.Name + "' is registered as " + R.As;
    auto It = Keyed.find(R.Usr);
    if (It != Keyed.end() && It->second == Device::CUDA)
      Text += " for CUDA";
    else if (It != Keyed.end() && It->second == Device::CPU)
      Text += " for the CPU";
    return Text + " here";
  }

  /// The note that says where a device fact at level L (Cuda or Cpu) comes
  /// from: the call that passes a CUDA tensor (the first call, for a host
  /// tensor), the function that returns it, or the out-parameter it is
  /// written to.
  std::optional<std::pair<std::string, const SummaryPlace *>>
  deviceNote(const ProgramFact &F, Device L) const {
    const char *What = L == Device::CUDA ? "a CUDA tensor" : "a host tensor";
    if (F.Kind == ProgramFact::Parameter) {
      if (auto It = KeyedParams.find(paramKey(F.Usr, F.Index));
          It != KeyedParams.end())
        return std::make_pair(registeredText(*It->second), &It->second->Where);
      const auto &Sites = L == Device::CUDA ? CudaWitness : FirstCall;
      auto It = Sites.find(paramKey(F.Usr, F.Index));
      auto Fn = Functions.find(F.Usr);
      bool List = Fn != Functions.end() &&
                  llvm::is_contained(Fn->second->ListParameters, F.Index);
      if (It != Sites.end())
        return std::make_pair(
            "'" + F.Name + "' is passed " +
                (List ? (L == Device::CUDA ? "CUDA tensors" : "host tensors")
                      : What) +
                " here",
            &It->second->Where);
    } else if (F.Kind == ProgramFact::Returns) {
      auto It = Functions.find(F.Usr);
      const char *Tensors = L == Device::CUDA ? "CUDA tensors" : "host tensors";
      // A transform's operator() or apply keeps the device of the examples
      // it is passed unless it moves them.
      if (It != Functions.end() && It->second->ExamplesMaker &&
          L == Device::CPU &&
          (F.Name == "operator()" || StringRef(F.Name).starts_with("apply")))
        return std::make_pair("'" + F.Name +
                                  "' does not move the examples to a GPU",
                              &It->second->Where);
      if (It != Functions.end() && It->second->ExamplesMaker)
        return std::make_pair("'" + F.Name + "' returns examples of " + Tensors,
                              &It->second->Where);
      if (It != Functions.end() && It->second->ReturnsList)
        return std::make_pair("'" + F.Name + "' returns " + Tensors,
                              &It->second->Where);
      if (It != Functions.end())
        return std::make_pair("'" + F.Name + "' returns " + What +
                                  (F.Index ? " as element " +
                                                 std::to_string(F.Index - 1) +
                                                 " of its result"
                                           : ""),
                              &It->second->Where);
    } else if (F.Kind == ProgramFact::ReturnsAt) {
      if (auto It = At.find(atKey(F)); It != At.end())
        return atNote(It->second, L);
      ProgramFact Whole = F;
      Whole.Kind = ProgramFact::Returns;
      return deviceNote(Whole, L);
    } else if (F.Kind == ProgramFact::Out) {
      auto It = Functions.find(F.Usr);
      if (It == Functions.end())
        return std::nullopt;
      for (const OutParamSummary &P : It->second->OutParams)
        if (P.Param == F.Index && P.Element == F.Element && P.Written)
          return std::make_pair(
              "'" + F.Name + "' writes " + What + " to " +
                  (F.Element
                       ? "element " + std::to_string(F.Element - 1) + " of "
                       : "") +
                  "its parameter '" + P.Name + "'",
              &P.Where);
    }
    return std::nullopt;
  }

  /// The parameters whose arguments make what \p A returns be at level
  /// \p L (CPU: all it follows; CUDA: those passed a CUDA tensor or
  /// device).
  std::vector<unsigned> decidingParameters(const AtCall &A, Device L) const {
    std::vector<unsigned> Params;
    for (unsigned Param : A.Shape->Follows) {
      Device D = Device::None;
      for (const CallSummary *C : A.Sites) {
        const DeviceValue *Arg = argumentOf(*C, Param);
        D = joinCallers(D, Arg ? valueLevel(*Arg, /*Final=*/true)
                               : Device::Unknown);
      }
      if (L == Device::CPU || D == Device::CUDA)
        Params.push_back(Param);
    }
    return Params;
  }

  /// The note that says why what a function returns at a call is at level
  /// \p L (CPU or CUDA): "'load' returns on the device of its argument
  /// 'device', the CPU at this call", at the call.
  std::optional<std::pair<std::string, const SummaryPlace *>>
  atNote(const AtCall &A, Device L) const {
    const FunctionSummary *Fn = Functions.lookup(A.Usr);
    std::vector<unsigned> Params = decidingParameters(A, L);
    if (!Fn || Params.empty()) {
      // A CUDA tensor that its body makes, whatever the arguments.
      ProgramFact Whole{ProgramFact::Returns, A.Usr, A.Index,
                        Fn ? Fn->Name : A.Usr};
      return deviceNote(Whole, L);
    }
    std::vector<std::string> Names;
    for (unsigned Param : Params)
      Names.push_back(Param < Fn->Parameters.size() &&
                              !Fn->Parameters[Param].empty()
                          ? Fn->Parameters[Param]
                          : "#" + std::to_string(Param + 1));
    std::string Text =
        "'" + Fn->Name + "' returns" +
        (A.Index ? " element " + std::to_string(A.Index - 1) + " of its result"
                 : "") +
        (Names.size() > 1 ? " on the devices of its arguments "
                          : " on the device of its argument ") +
        quotedList(Names) + ", " +
        (L == Device::CUDA ? "a CUDA device" : "the CPU") + " at this call";
    return std::make_pair(std::move(Text), &A.Sites.front()->Where);
  }

  /// The notes of what a function returns at a call at level \p L: the
  /// call's, then where the arguments that decide it come from (a caller's
  /// host tensor, another call's return).
  std::vector<std::pair<std::string, const SummaryPlace *>>
  atNotes(const AtCall &A, Device L) const {
    std::vector<std::pair<std::string, const SummaryPlace *>> Notes;
    if (auto N = atNote(A, L))
      Notes.push_back(std::move(*N));
    for (unsigned Param : decidingParameters(A, L))
      for (const CallSummary *C : A.Sites)
        if (const DeviceValue *Arg = argumentOf(*C, Param))
          for (const ProgramFact &Dep : Arg->Deps)
            if (factLevel(Dep) == L)
              if (auto N = deviceNote(Dep, L);
                  N && llvm::none_of(Notes, [&](const auto &Old) {
                    return Old.first == N->first && Old.second == N->second;
                  }))
                Notes.push_back(std::move(*N));
    return Notes;
  }

  /// The notes that say why function Usr is hot: the call sites up to one
  /// that is hot by itself.
  std::vector<std::pair<std::string, const SummaryPlace *>>
  hotNotes(std::string Usr) const {
    std::vector<std::pair<std::string, const SummaryPlace *>> Notes;
    llvm::StringSet<> Seen;
    for (unsigned Depth = 0; Depth < 8 && Seen.insert(Usr).second; ++Depth) {
      if (auto R = Registered.find(Usr); R != Registered.end()) {
        Notes.emplace_back(registeredText(*R->second), &R->second->Where);
        break;
      }
      auto It = HotBy.find(Usr);
      if (It == HotBy.end())
        break;
      const CallSummary &Site = *It->second;
      std::string Called =
          "'" + Site.CalleeName + "' is called" +
          (Site.Through.empty() ? "" : " through '" + Site.Through + "'");
      std::string Text = Site.Hot == "loop" ? Called + " in a loop here"
                         : Site.Hot == "hot"
                             ? Called + " on a hot path here"
                             : Called + " here, in '" + Site.IfName + "'";
      Notes.emplace_back(std::move(Text), &Site.Where);
      if (Site.Hot != "if")
        break;
      Usr = Site.If;
    }
    return Notes;
  }

  void propagate() {
    for (unsigned Round = 0; Round < 64; ++Round) {
      bool Moved = false;
      for (const CallSummary *C : Calls)
        for (const auto &Arg : C->Args) {
          Device &L = Params[paramKey(C->Callee, Arg.first)];
          Device V = valueLevel(Arg.second, /*Final=*/false);
          if (V == Device::CUDA &&
              !CudaWitness.count(paramKey(C->Callee, Arg.first)))
            CudaWitness[paramKey(C->Callee, Arg.first)] = C;
          if (joinCallers(L, V) != L) {
            L = V;
            Moved = true;
          }
        }
      for (const auto &Entry : Functions) {
        auto Update = [&](std::string Key, const DeviceValue &Value) {
          Device &L = Returns[Key];
          // A virtual call may run an override: what this body returns is
          // not what the call returns (but a loader calls its dataset's get
          // on the dataset's own type).
          Device V = Entry.second->Virtual && !Entry.second->ExamplesMaker
                         ? Device::Unknown
                         : valueLevel(Value, /*Final=*/false);
          if (joinCallers(L, V) != L) {
            L = V;
            Moved = true;
          }
        };
        if (Entry.second->ReturnsTensor)
          Update(Entry.first().str(), Entry.second->Returns);
        for (const auto &[Element, Value] : Entry.second->ReturnElements)
          Update(returnKey(Entry.first(), Element + 1), Value);
        // What an override writes is not what the call leaves either.
        for (const OutParamSummary &P : Entry.second->OutParams) {
          Device &L = Outs[outKey(Entry.first(), P.Param, P.Element)];
          Device V = Entry.second->Virtual
                         ? Device::Unknown
                         : valueLevel(P.Value, /*Final=*/false);
          if (joinCallers(L, V) != L) {
            L = V;
            Moved = true;
          }
        }
      }
      for (auto &Entry : At) {
        Device &L = Entry.second.Level;
        Device V = atLevel(Entry.second, /*Final=*/false);
        if (joinCallers(L, V) != L) {
          L = V;
          Moved = true;
        }
      }
      if (!Moved)
        break;
    }
  }

  Resolver(std::vector<Summary> In, bool IsComplete)
      : Complete(IsComplete), Summaries(std::move(In)) {
    ReachesCuda = !Complete;
    for (const Summary &S : Summaries) {
      ReachesCuda |= S.ReachesCuda;
      DefinesMain |= S.DefinesMain;
      for (const FunctionSummary &F : S.Functions)
        Functions.try_emplace(F.Usr, &F);
      for (const CallSummary &C : S.Calls)
        if (C.Through.empty())
          Calls.push_back(&C);
      for (const TableSummary &T : S.Tables)
        for (const std::string &F : T.Functions)
          if (llvm::find(TableFunctions[T.Var], F) ==
              TableFunctions[T.Var].end())
            TableFunctions[T.Var].push_back(F);
      for (const std::string &U : S.AddressTaken)
        AddressTaken.insert(U);
      for (const RegistrationSummary &R : S.Registrations) {
        Registered.try_emplace(R.Usr, &R);
        auto [It, New] = Keyed.try_emplace(R.Usr, R.Dispatch);
        if (!New && It->second != R.Dispatch)
          It->second = Device::None;
      }
    }
    // A call through a dispatch table calls each function stored in it,
    // with the same hotness and arguments (the functions stay open: their
    // addresses are taken).
    for (const Summary &S : Summaries)
      for (const CallSummary &C : S.Calls) {
        if (C.Through.empty())
          continue;
        auto It = TableFunctions.find(C.Through);
        if (It == TableFunctions.end())
          continue;
        for (const std::string &F : It->second) {
          CallSummary &Via = Through.emplace_back(C);
          Via.Callee = F;
          Via.Through = C.CalleeName; // The table, for notes.
          if (auto Fn = Functions.find(F); Fn != Functions.end())
            Via.CalleeName = Fn->second->Name;
          Calls.push_back(&Via);
        }
      }
    resolve();
  }

  /// The resolved facts, as the summary file holds them (Index::data()).
  FactsFile exportFacts() const;
};

FactsFile Resolver::exportFacts() const {
  const Resolver &M = *this;
  FactsFile Out;
  Out.Complete = M.Complete;
  Out.ReachesCuda = M.ReachesCuda;
  for (const Summary &S : M.Summaries)
    if (S.ReachesCuda && Out.CudaReason.empty())
      Out.CudaReason = S.CudaReason;
  auto Note = [](std::string Text, const SummaryPlace &Where) {
    return FactNote{std::move(Text), Where.File, Where.Offset};
  };
  // The file says cpu, cuda or unknown: a device chosen at run time is
  // "maybe CUDA" to its readers, as an unknown one is.
  auto FileDevice = [](Device L) {
    return L == Device::CPU || L == Device::CUDA ? L : Device::Unknown;
  };

  // The files each device fact comes from: its function's definition, the
  // call sites that pass it, and the facts their arguments rest on.
  std::map<std::string, std::set<std::string>> From;
  auto KeyOf = [&M](const ProgramFact &F) {
    if (F.Kind == ProgramFact::ReturnsAt && M.At.count(atKey(F)))
      return "a " + atKey(F);
    return F.Kind == ProgramFact::Parameter ? "p" + paramKey(F.Usr, F.Index)
           : F.Kind == ProgramFact::Out
               ? "o" + outKey(F.Usr, F.Index, F.Element)
               : "r " + returnKey(F.Usr, F.Index);
  };
  // Each fact's key, and the facts it rests on.
  std::vector<std::pair<std::string, const std::vector<ProgramFact> *>> Values;
  for (const CallSummary *C : M.Calls)
    for (const auto &Arg : C->Args) {
      std::string Key = "p" + paramKey(C->Callee, Arg.first);
      From[Key].insert(C->Where.File);
      Values.emplace_back(Key, &Arg.second.Deps);
    }
  for (const auto &Entry : M.Functions) {
    const FunctionSummary &F = *Entry.second;
    if (F.ReturnsTensor) {
      From["r " + F.Usr].insert(F.Where.File);
      Values.emplace_back("r " + F.Usr, &F.Returns.Deps);
    }
    for (const auto &[Element, Value] : F.ReturnElements) {
      std::string Key = "r " + returnKey(F.Usr, Element + 1);
      From[Key].insert(F.Where.File);
      Values.emplace_back(Key, &Value.Deps);
    }
    for (const OutParamSummary &P : F.OutParams) {
      std::string Key = "o" + outKey(F.Usr, P.Param, P.Element);
      From[Key].insert(F.Where.File);
      Values.emplace_back(Key, &P.Value.Deps);
    }
  }
  for (const auto &[Key, R] : M.KeyedParams)
    From["p" + Key].insert(R->Where.File);
  for (auto &Entry : From) {
    // "p<index> <usr>", "o<param>:<element> <usr>" or
    // "r <usr>[\x1f<element>]"; USRs have no spaces.
    llvm::StringRef Usr =
        splitReturnKey(llvm::StringRef(Entry.first).split(' ').second).first;
    auto It = M.Functions.find(Usr);
    if (It != M.Functions.end())
      Entry.second.insert(It->second->Where.File);
  }
  // What a function returns at a call rests on the definitions its shape is
  // made from, on the call and on what the call's arguments rest on.
  for (const auto &[Key, A] : M.At) {
    std::set<std::string> &Files = From["a " + Key];
    Files.insert(A.Shape->Files.begin(), A.Shape->Files.end());
    Values.emplace_back("a " + Key, &A.Shape->Facts);
    for (const CallSummary *C : A.Sites) {
      Files.insert(C->Where.File);
      for (unsigned Param : A.Shape->Follows)
        if (const DeviceValue *Arg = argumentOf(*C, Param))
          Values.emplace_back("a " + Key, &Arg->Deps);
    }
  }
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Key, Deps] : Values)
      for (const ProgramFact &Dep : *Deps) {
        auto It = From.find(KeyOf(Dep));
        if (It == From.end() || It->first == Key)
          continue;
        std::set<std::string> &Into = From[Key];
        for (const std::string &File : It->second)
          Grew |= Into.insert(File).second;
      }
  }

  // A device fact's level, and where it comes from when CUDA or CPU.
  auto AddDevice = [&](ResolvedFact &R) {
    Device L = M.factLevel(R.Fact);
    R.Device = FileDevice(L);
    if (L == Device::CUDA || L == Device::CPU)
      if (auto N = M.deviceNote(R.Fact, L))
        R.Notes.push_back(Note(N->first, *N->second));
  };
  // A hot function, with the place that makes it hot (a hot call, or for a
  // hot override the hot call of the function it overrides; a
  // registration) and the notes that explain it.
  auto AddHot = [&](llvm::StringRef Usr, const std::string &Name,
                    const SummaryPlace &Why) {
    ResolvedFact R;
    R.Fact.Kind = ProgramFact::Hot;
    R.Fact.Usr = Usr.str();
    auto It = M.Functions.find(Usr);
    R.Fact.Name = It != M.Functions.end() ? It->second->Name : Name;
    std::set<std::string> Files;
    for (const auto &[Text, Where] : M.hotNotes(R.Fact.Usr)) {
      R.Notes.push_back(Note(Text, *Where));
      Files.insert(Where->File);
    }
    Files.insert(Why.File);
    R.From.assign(Files.begin(), Files.end());
    Out.Facts.push_back(std::move(R));
  };
  for (const auto &Entry : M.HotBy)
    AddHot(Entry.first(), Entry.second->CalleeName, Entry.second->Where);
  // Entry points registered in the project are hot wherever they are
  // called from (or not called at all).
  for (const auto &Entry : M.Registered)
    if (!M.HotBy.count(Entry.first()))
      AddHot(Entry.first(), Entry.second->Name, Entry.second->Where);
  // A device fact (of a parameter, a return or an out-parameter) of the
  // function Usr, with its device and notes, from the files FromKey names.
  auto AddDeviceFact = [&](ProgramFact::KindType Kind, llvm::StringRef Usr,
                           unsigned Index, unsigned Element,
                           const std::string &FromKey) {
    ResolvedFact R;
    R.Fact.Kind = Kind;
    R.Fact.Usr = Usr.str();
    R.Fact.Index = Index;
    R.Fact.Element = Element;
    auto It = M.Functions.find(Usr);
    if (It != M.Functions.end())
      R.Fact.Name = It->second->Name;
    AddDevice(R);
    const std::set<std::string> &Files = From[FromKey];
    R.From.assign(Files.begin(), Files.end());
    Out.Facts.push_back(std::move(R));
  };
  for (const auto &Entry : M.Params) {
    const std::string &Key = Entry.first;
    auto [Index, Usr] = llvm::StringRef(Key).split(' ');
    unsigned Param = 0;
    Index.getAsInteger(10, Param);
    AddDeviceFact(ProgramFact::Parameter, Usr, Param, 0, "p" + Key);
  }
  for (const auto &Entry : M.Returns) {
    auto [Usr, Element] = splitReturnKey(Entry.first());
    AddDeviceFact(ProgramFact::Returns, Usr, Element, 0,
                  "r " + Entry.first().str());
  }
  for (const auto &[Key, Level] : M.Outs) {
    auto [Where, Usr] = llvm::StringRef(Key).split(' ');
    auto [ParamText, ElementText] = Where.split(':');
    unsigned Param = 0, Element = 0;
    ParamText.getAsInteger(10, Param);
    ElementText.getAsInteger(10, Element);
    AddDeviceFact(ProgramFact::Out, Usr, Param, Element, "o" + Key);
  }
  for (const auto &[Key, A] : M.At) {
    ResolvedFact R;
    R.Fact.Kind = ProgramFact::ReturnsAt;
    R.Fact.Usr = A.Usr;
    R.Fact.Index = A.Index;
    R.Fact.File = A.Sites.front()->Where.File;
    R.Fact.Offset = A.Sites.front()->Where.Offset;
    auto It = M.Functions.find(A.Usr);
    R.Fact.Name = It != M.Functions.end() ? It->second->Name : "";
    Device L = M.factLevel(R.Fact);
    R.Device = FileDevice(L);
    if (L == Device::CUDA || L == Device::CPU)
      for (const auto &[Text, Where] : M.atNotes(A, L))
        R.Notes.push_back(Note(Text, *Where));
    const std::set<std::string> &Files = From["a " + Key];
    R.From.assign(Files.begin(), Files.end());
    Out.Facts.push_back(std::move(R));
  }
  // A fact that comes from a file rests on the user headers that file read
  // (D14): they are among the files it comes from.
  std::map<std::string, std::set<std::string>> HeadersOf;
  for (const Summary &S : M.Summaries)
    for (const auto &Header : S.Headers)
      HeadersOf[S.MainFile].insert(Header.first);
  for (ResolvedFact &R : Out.Facts) {
    std::set<std::string> Files(R.From.begin(), R.From.end());
    for (const std::string &F : R.From)
      if (auto It = HeadersOf.find(F); It != HeadersOf.end())
        Files.insert(It->second.begin(), It->second.end());
    R.From.assign(Files.begin(), Files.end());
  }
  // Every file the facts name, and every file summarized: whether the
  // program reaches CUDA rests on all of them.
  for (const ResolvedFact &R : Out.Facts)
    for (const std::string &File : R.From)
      Out.Files[File];
  for (const auto &Entry : M.Functions)
    Out.Files[Entry.second->Where.File];
  for (const CallSummary *C : M.Calls)
    Out.Files[C->Where.File];
  Out.Files.erase("");
  for (ResolvedFact &R : Out.Facts)
    llvm::erase(R.From, "");
  // Each summarized file and the headers it read are stamped with the text
  // the analysis read (D15); any other file when the summary file is
  // written.
  for (const Summary &S : M.Summaries) {
    for (const auto &[Header, Hash] : S.Headers)
      if (auto It = Out.Files.find(Header);
          It != Out.Files.end() && It->second.empty())
        It->second = Hash;
    if (auto It = Out.Files.find(S.MainFile);
        It != Out.Files.end() && !S.MainHash.empty())
      It->second = S.MainHash;
    if (!S.CommandHash.empty())
      Out.Commands[S.MainFile] = S.CommandHash;
  }
  return Out;
}

} // namespace

Index Index::resolve(std::vector<Summary> Summaries, bool Complete) {
  Index I;
  I.Shared = tableOf(Resolver(std::move(Summaries), Complete).exportFacts());
  I.ReachesCuda = I.Shared->Data.ReachesCuda;
  return I;
}

std::shared_ptr<const Index::Table> Index::tableOf(FactsFile Data) {
  auto T = std::make_shared<Table>();
  T->Data = std::move(Data);
  for (unsigned I = 0; I < T->Data.Facts.size(); ++I)
    T->Positions[FactKey::of(T->Data.Facts[I].Fact)] = I;
  return T;
}

namespace {
/// The current content hash of a file, or empty when it cannot be read;
/// remembered while its modification time and size stay the same.
std::string currentHash(const std::string &Path) {
  static StampedCache<std::string> Cache;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) ||
      !llvm::sys::fs::is_regular_file(Status))
    return "";
  if (std::optional<std::string> Hash = Cache.find(Path, Status))
    return *Hash;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buffer)
    return "";
  std::string Hash = factsContentHash((*Buffer)->getBuffer());
  Cache.insert(Path, Status, Hash);
  return Hash;
}
} // namespace

Index::Index(const FactsFile &File, llvm::StringRef MainFile,
             llvm::StringRef MainHash, llvm::StringRef Database)
    : Index(tableOf(File), MainFile, MainHash, Database) {}

Index::Index(std::shared_ptr<const Table> T, llvm::StringRef MainFile,
             llvm::StringRef MainHash, llvm::StringRef Database)
    : Shared(std::move(T)) {
  const FactsFile &File = Shared->Data;
  DescribesMain = File.Files.count(MainFile.str()) > 0;
  for (const auto &[Path, Hash] : File.Files) {
    bool IsMain = Path == MainFile;
    if ((IsMain && !MainHash.empty() ? MainHash.str() : currentHash(Path)) ==
        Hash)
      continue;
    Dropped.insert(Path);
    if (!IsMain)
      Stale.push_back(Path);
  }
  // A file the database no longer lists (or a database that cannot be
  // read) says nothing about its commands.
  if (!Database.empty())
    for (const auto &[Path, Hash] : File.Commands) {
      std::string Now = commandHashIn(Database, Path);
      if (Now.empty() || Now == Hash || !Dropped.insert(Path).second)
        continue;
      if (Path != MainFile)
        Stale.push_back("the compile command of " + Path);
    }
  ReachesCuda = File.ReachesCuda || !File.Complete || !Dropped.empty();
}

const ResolvedFact *Index::find(const ProgramFact &Key) const {
  auto It = Shared->Positions.find(FactKey::of(Key));
  if (It == Shared->Positions.end()) {
    if (Key.Kind != ProgramFact::ReturnsAt)
      return nullptr;
    // No fact of its own: what the function returns at every call.
    ProgramFact Whole = Key;
    Whole.Kind = ProgramFact::Returns;
    Whole.File.clear();
    Whole.Offset = 0;
    return find(Whole);
  }
  const ResolvedFact &R = Shared->Data.Facts[It->second];
  // A fact that comes from a changed file is not used.
  if (!Dropped.empty() && llvm::any_of(R.From, [&](const std::string &P) {
        return Dropped.contains(P);
      }))
    return nullptr;
  return &R;
}

const ResolvedFact *Index::hot(llvm::StringRef Usr) const {
  ProgramFact Key;
  Key.Kind = ProgramFact::Hot;
  Key.Usr = Usr.str();
  return find(Key);
}

Device Index::deviceOf(const ProgramFact &F) const {
  const ResolvedFact *R = find(F);
  return R ? R->Device : Device::Unknown;
}

Decision Index::decide(const Condition &C) const {
  Decision D;
  if (!llvm::all_of(C.Hot, [&](const ProgramFact &H) { return hot(H.Usr); }))
    return D;
  if (C.Cuda && !reachesCuda())
    return D;
  if (!C.Devices.empty() && llvm::none_of(C.Devices, [&](const ProgramFact &F) {
        return mayBeNonCpu(deviceOf(F));
      }))
    return D;
  // A host source on every call: each fact must be CPU (an open function or
  // an unknown caller leaves it unknown, and the finding is dropped).
  if (!llvm::all_of(C.Host, [&](const ProgramFact &F) {
        return deviceOf(F) == Device::CPU;
      }))
    return D;
  D.Holds = true;
  // A note said once: a registration for CUDA explains both why the
  // function is hot and where its tensors come from.
  auto Add = [&](const ResolvedFact *R) {
    if (R)
      for (const FactNote &N : R->Notes)
        if (llvm::none_of(D.Notes, [&](const FactNote &Old) {
              return Old.Text == N.Text && Old.File == N.File &&
                     Old.Offset == N.Offset;
            }))
          D.Notes.push_back(N);
  };
  // Why it is hot: the call sites up to one that is hot by itself; where a
  // CUDA tensor comes from; where each host source comes from.
  for (const ProgramFact &H : C.Hot)
    Add(hot(H.Usr));
  for (const ProgramFact &F : C.Devices)
    if (const ResolvedFact *R = find(F); R && R->Device == Device::CUDA)
      Add(R);
  for (const ProgramFact &F : C.Host)
    Add(find(F));
  return D;
}

llvm::Expected<std::shared_ptr<const Index>>
Index::load(llvm::StringRef Path, llvm::StringRef MainFile,
            llvm::StringRef MainHash) {
  static StampedCache<std::shared_ptr<const Table>> Cache;
  llvm::sys::fs::file_status Status;
  std::shared_ptr<const Table> File;
  if (!llvm::sys::fs::status(Path, Status))
    File = Cache.find(Path, Status).value_or(nullptr);
  if (!File) {
    llvm::Expected<FactsFile> Read = readFactsFile(Path);
    if (!Read)
      return Read.takeError();
    File = tableOf(std::move(*Read));
    Cache.insert(Path, Status, File);
  }
  llvm::SmallString<256> Database(llvm::sys::path::parent_path(Path));
  llvm::sys::path::append(Database, "compile_commands.json");
  return std::shared_ptr<const Index>(
      new Index(File, MainFile, MainHash, Database));
}

namespace {
/// The first compile_commands.json in \p BuildDir or above it.
std::string databaseAbove(llvm::StringRef BuildDir) {
  for (llvm::StringRef Dir = BuildDir; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> DB(Dir);
    llvm::sys::path::append(DB, "compile_commands.json");
    if (llvm::sys::fs::exists(DB))
      return std::string(DB);
  }
  return "";
}
} // namespace

std::string factsFileBeside(llvm::StringRef DatabaseDir) {
  llvm::SmallString<256> DB(DatabaseDir);
  llvm::sys::fs::make_absolute(DB);
  llvm::sys::path::remove_dots(DB, /*remove_dot_dot=*/true);
  llvm::sys::path::append(DB, "compile_commands.json");
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::is_symlink_file(DB) && !llvm::sys::fs::real_path(DB, Real))
    DB = Real;
  llvm::SmallString<256> Facts(llvm::sys::path::parent_path(DB));
  llvm::sys::path::append(Facts, DefaultFactsFileName);
  return std::string(Facts);
}

std::string missingIndexFileFor(llvm::StringRef BuildDir) {
  std::string DB = databaseAbove(BuildDir);
  if (DB.empty())
    return "";
  std::string Facts = factsFileBeside(llvm::sys::path::parent_path(DB));
  if (llvm::sys::fs::exists(Facts))
    return "";
  // Counted once per database and process (a clang-tidy run reads it for
  // every file).
  static std::mutex Lock;
  static llvm::StringMap<bool> Several;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Several.find(DB); It != Several.end())
      return It->second ? std::string(Facts) : "";
  }
  bool Many = false;
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
          llvm::MemoryBuffer::getFile(DB)) {
    llvm::Expected<llvm::json::Value> Parsed =
        parseJsonBounded((*Text)->getBuffer());
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
    } else if (const llvm::json::Array *Entries = Parsed->getAsArray()) {
      llvm::StringSet<> Files;
      for (const llvm::json::Value &E : *Entries)
        if (const llvm::json::Object *O = E.getAsObject())
          if (std::optional<llvm::StringRef> F = O->getString("file"))
            Files.insert(*F);
      Many = Files.size() > 1;
    }
  }
  std::lock_guard<std::mutex> Guard(Lock);
  Several[DB] = Many;
  return Many ? std::string(Facts) : "";
}

std::string indexFileFor(llvm::StringRef Option, llvm::StringRef BuildDir) {
  if (Option == "none")
    return "";
  if (!Option.empty()) {
    llvm::SmallString<256> Path(Option);
    if (llvm::sys::path::is_relative(Path) && !BuildDir.empty()) {
      Path = BuildDir;
      llvm::sys::path::append(Path, Option);
    }
    return std::string(Path);
  }
  // The compile database of the file: in its command's directory or above
  // (CMake runs the commands of a subdirectory's targets from there).
  std::string DB = databaseAbove(BuildDir);
  if (DB.empty())
    return "";
  std::string Facts = factsFileBeside(llvm::sys::path::parent_path(DB));
  return llvm::sys::fs::exists(Facts) ? Facts : "";
}

} // namespace clang::tidy::torchsync
