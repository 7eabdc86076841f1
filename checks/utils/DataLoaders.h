//===--- DataLoaders.h - torch::data batches and datasets -------*- C++ -*-===//
//
// Part of torchsync. What the library's data pipeline is made of, by type:
// `torch::data` data loaders (StatelessDataLoader, StatefulDataLoader, any
// DataLoaderBase) name their dataset in their type; a dataset is one of the
// library's (MNIST: host tensors), a transform over a source dataset
// (MapDataset with Stack, Normalize, Lambda, ...) or a user class whose
// get/get_batch makes the examples. DeviceInference evaluates the user
// parts; this header only reads types.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_UTILS_DATALOADERS_H
#define TORCHSYNC_UTILS_DATALOADERS_H

#include "clang/AST/Type.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class CXXMethodDecl;
namespace tidy::torchsync {

/// True for `torch::data::Example<...>`, seen through references, pointers
/// and cv.
bool isExampleType(QualType T);

/// True for an Example, or a std::vector or std::deque of them (what a
/// loader without a Stack transform yields per batch, and what a collate
/// function of the user's takes), seen through references and cv.
bool isExampleBatchType(QualType T);

/// The dataset type of a `torch::data` data loader (StatelessDataLoader,
/// StatefulDataLoader, or a class derived from DataLoaderBase), seen through
/// references, pointers, `std::unique_ptr` and `std::shared_ptr`; a null
/// type for anything else.
QualType loaderDataset(QualType T);

/// What is known of a dataset type.
struct DatasetFacts {
  enum Kind {
    /// The library's own datasets: they load host tensors.
    Host,
    /// A transform over a source dataset (MapDataset with the library's
    /// transforms, SharedBatchDataset): the source's devices.
    SourceDevice,
    /// A dataset whose tensors are given at run time (TensorDataset).
    Unknown,
    /// A user dataset or transform: `Methods` make its examples.
    User,
  };
  Kind K = Unknown;
  QualType Source;
  /// The user's get/get_batch (datasets) or apply/apply_batch/operator()
  /// (transforms) that have a body in this translation unit.
  llvm::SmallVector<const CXXMethodDecl *, 2> Methods;
  /// Those declared here and defined in another translation unit (their
  /// devices are whole-program facts).
  llvm::SmallVector<const CXXMethodDecl *, 2> Elsewhere;
};
DatasetFacts datasetFacts(QualType Dataset);

/// True for a method that makes the examples of a user dataset (get,
/// get_batch of a class derived from one of `torch::data::datasets`) or
/// transform (apply, apply_batch, operator() of a class derived from one of
/// `torch::data::transforms`).
bool makesExamples(const CXXMethodDecl *MD);

} // namespace tidy::torchsync
} // namespace clang

#endif // TORCHSYNC_UTILS_DATALOADERS_H
