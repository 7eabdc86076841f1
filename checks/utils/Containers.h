//===--- Containers.h - What a local container of tensors holds -*- C++ -*-===//
//
// Part of torchsync. The values a function puts in a local container of
// tensors (std::vector, std::deque, std::array, std::tuple, std::pair) and
// the reads of its elements (`xs[i]`, `xs.at(i)`, `xs.front()`,
// `std::get<N>(t)`, `p.first`), so that device inference can give an
// element the join of every value put in it. Flow-insensitive; a write the
// analysis cannot see (a non-const reference to the container or to an
// element handed out, an iterator written through, an initializer it does
// not read) makes the contents unseen. A container passed to an
// out-parameter of a user function whose writes are followed
// (outParameterCallee) holds what that function leaves
// there; and the values a function puts in its own out-parameter are read
// the same way (outContentsOf).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_CONTAINERS_H
#define TORCHSYNC_UTILS_CONTAINERS_H

#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class ValueDecl;
class QualType;
class VarDecl;
namespace tidy::torchsync {

/// One element read: the container variable and the element's index (for a
/// tuple or pair), or -1 (any element of a sequence).
struct ElementRead {
  const ValueDecl *Container = nullptr;
  int Index = -1;
};

/// \p E (after wrappers) reads an element of a local variable that is a
/// container of tensors.
std::optional<ElementRead> elementRead(const Expr *E);

/// The N of a call of `std::get<N>` (\p FD its callee), or nullopt.
std::optional<int> stdGetIndex(const FunctionDecl *FD);

/// True for std::vector, std::deque and std::array of tensors, and for
/// std::tuple and std::pair with a tensor element (cv, not references).
bool isTensorContainerType(QualType T);

/// What the function that owns a container variable puts in it.
struct ContainerContents {
  struct Value {
    int Index = -1; ///< For a tuple or pair, the element; else -1.
    const Expr *E = nullptr;
    /// The value is element Element (-1: every element of the sequence or
    /// array it returns) of what this call of a user function returns (the
    /// whole-program facts may know its device), or, with Param, leaves in its
    /// out-parameter Param.
    const CallExpr *From = nullptr;
    int Param = -1;
    int Element = -1;
    /// For a parameter of the function: what its callers pass (the
    /// whole-program facts may know its device); E is null.
    const ParmVarDecl *Entry = nullptr;
    /// E is a call of LibTorch's that returns a vector of tensors
    /// (`torch::split`, `torch::meshgrid`, `t.unbind()`): each is on the
    /// device of the call's inputs.
    bool Inputs = false;
  };
  llvm::SmallVector<Value, 4> Values;
  /// Some write is not seen, or the initializer is not read: the values
  /// above are not all the values.
  bool Unseen = false;
};

/// The values \p V (a variable, a parameter or a structured binding) holds:
/// its initializer's elements (for a parameter, what the callers pass; for
/// a binding, the element of what a user function returns) and every value
/// its function puts in it (`push_back`,
/// `emplace_back`, `insert`, `xs[i] = x`, `std::get<N>(t) = x`, `p.first = x`,
/// a copy of another container variable).
ContainerContents contentsOf(const ValueDecl *V, ASTContext &Ctx);

/// The values the function that declares \p P, an out-parameter (a
/// non-const lvalue reference to a container of tensors), puts in it: as
/// contentsOf, without what the caller passed in.
ContainerContents outContentsOf(const ParmVarDecl *P, ASTContext &Ctx);

/// True for a non-const lvalue reference to a tensor, or to a std::tuple,
/// std::pair, std::vector, std::deque or std::array of tensors: an
/// out-parameter.
bool isOutParameterType(QualType T);

/// The user function whose writes to its out-parameter \p Param a call
/// leaves in the variable passed there, when they can be followed: a direct
/// call of a function of the project (not LibTorch's, the standard
/// library's or a system header's; not a lambda), not a template or an
/// instantiation of one, not virtual unless final, whose parameter has
/// isOutParameterType. Null otherwise: what it writes is not seen.
const FunctionDecl *outParameterCallee(const CallExpr *Call, unsigned Param,
                                       const ASTContext &Ctx);

/// The element indices of a std::tuple or std::pair type that hold a
/// tensor; empty for any other type.
llvm::SmallVector<unsigned, 4> tensorElementIndices(QualType T);

/// The element indices of a std::tuple or std::pair type that hold a
/// tensor or a std::vector of tensors: those whose devices a function that
/// returns it has facts for (Recorder::returnDevice).
llvm::SmallVector<unsigned, 4> returnedElementIndices(QualType T);

/// The elements that \p E, a returned tuple or pair, holds: built in place
/// (`std::make_tuple(a, b)`, `std::make_pair`, the element constructor, a
/// braced list) or a local tuple variable whose contents are all seen (its
/// values). Each with its element index; nullopt when not known.
std::optional<llvm::SmallVector<std::pair<unsigned, const Expr *>, 4>>
returnedElements(const Expr *E, ASTContext &Ctx);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_CONTAINERS_H
