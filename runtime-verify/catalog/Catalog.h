//===--- Catalog.h - Snippet pairs of the runtime catalog -------*- C++ -*-===//
//
// Purpose: what a snippet pair is. Each runtime-verify/snippets/<check>/
// folder registers pairs with TORCHSYNC_SNIPPETS: the code the check flags
// and the rewrite it suggests (or, for a NO-SYNC case, a look-alike the check
// must stay silent on and a reference formulation), computing the same
// outputs from the same random inputs. All pairs are compiled into the one
// torchsync-catalog binary; CatalogMain.cpp runs them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_RUNTIME_CATALOG_CATALOG_H
#define TORCHSYNC_RUNTIME_CATALOG_CATALOG_H

#include <torch/torch.h>
#include <torch/version.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchsync::catalog {

using Outputs = std::vector<at::Tensor>;

enum class Expect { Sync, NoSync };

/// What one variant sees: the pair's inputs (never modify them: clone what
/// you change) and a place for values a loop would hoist.
class Ctx {
public:
  explicit Ctx(std::vector<at::Tensor> In) : Inputs(std::move(In)) {}
  const at::Tensor &in(size_t I) const { return Inputs.at(I); }
  /// Made on the first iteration only (warm-up), reused afterwards.
  at::Tensor hoisted(const std::string &Key,
                     const std::function<at::Tensor()> &Make) {
    auto It = Cache.find(Key);
    if (It == Cache.end())
      It = Cache.emplace(Key, Make()).first;
    return It->second;
  }

private:
  std::vector<at::Tensor> Inputs;
  std::map<std::string, at::Tensor> Cache;
};

struct Variant {
  std::string Code; ///< the statement that matters, as the docs show it
  Expect Expected;
  std::function<Outputs(Ctx &)> Run;
};

struct Pair {
  std::string Check; ///< the check's kebab name, = the snippets/ folder
  std::string Name;
  std::string Rows;        ///< catalog rows, e.g. "B1"
  std::string What;        ///< one line: the mechanism
  bool NoSyncCase = false; ///< a look-alike the checks must not flag
  std::function<std::vector<at::Tensor>()> Inputs; ///< after manual_seed
  Variant Flagged; ///< the flagged code (NO-SYNC case: the look-alike)
  Variant Rewrite; ///< the suggested rewrite (NO-SYNC case: a reference)
  double Rtol = -1, Atol = -1; ///< -1: chosen from the output's dtype
  /// Outputs that may differ by design; reported, not failed (the stale host
  /// read of nonblocking-race).
  std::set<size_t> MayDiffer;
  std::string Note;
  std::string id() const { return Check + "/" + Name; }
};

inline std::vector<Pair> &registry() {
  static std::vector<Pair> R;
  return R;
}

struct Registrar {
  explicit Registrar(std::vector<Pair> (*Make)()) {
    for (Pair &P : Make())
      registry().push_back(std::move(P));
  }
};

#define TORCHSYNC_SNIPPETS(MakeFn)                                             \
  static ::torchsync::catalog::Registrar TorchSyncSnippets_##MakeFn(&MakeFn)

inline at::TensorOptions cudaOpts(at::ScalarType T = at::kFloat) {
  return at::TensorOptions().device(at::kCUDA).dtype(T);
}

inline constexpr int TorchMajor =
#ifdef TORCH_VERSION_MAJOR
    TORCH_VERSION_MAJOR;
#else
    0;
#endif

} // namespace torchsync::catalog

#endif // TORCHSYNC_RUNTIME_CATALOG_CATALOG_H
