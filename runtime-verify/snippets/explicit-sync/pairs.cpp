//===--- explicit-sync pairs: explicit waits ordering two streams ---------===//
//
// Purpose: work on a side stream that the current stream then consumes,
// ordered by A3 stream synchronize, A5 event synchronize or A1
// torch::cuda::synchronize, against an event record + block (a device-side
// wait). Debug mode sees only the stream synchronize (A1 and A5 are DM:N).
//
//===----------------------------------------------------------------------===//

#include "../../catalog/Catalog.h"

#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/cuda.h>

using namespace torchsync::catalog;

namespace {

enum class Wait { Stream, Event, Device, Block };

/// y = x @ x on a side stream; the current stream reads y afterwards.
Outputs sideStreamStep(Ctx &C, Wait W) {
  static at::cuda::CUDAStream Side = at::cuda::getStreamFromPool();
  auto Main = at::cuda::getCurrentCUDAStream();
  const at::Tensor &X = C.in(0);
  auto Y = torch::empty_like(X); // allocated for the current stream
  at::cuda::CUDAEvent Ready;
  Ready.record(Main);
  Ready.block(Side);
  {
    at::cuda::CUDAStreamGuard G(Side);
    at::mm_out(Y, X, X);
  }
  switch (W) {
  case Wait::Stream:
    Side.synchronize();
    break;
  case Wait::Event: {
    at::cuda::CUDAEvent Done;
    Done.record(Side);
    Done.synchronize();
    break;
  }
  case Wait::Device:
    torch::cuda::synchronize();
    break;
  case Wait::Block: {
    at::cuda::CUDAEvent Done;
    Done.record(Side);
    Done.block(Main);
    break;
  }
  }
  return Outputs{Y.sum(1)};
}

Variant blockVariant() {
  return {"CUDAEvent ev; ev.record(side); ev.block(current);", Expect::NoSync,
          [](Ctx &C) { return sideStreamStep(C, Wait::Block); }};
}

} // namespace

static std::vector<Pair> explicitSyncPairs() {
  std::vector<Pair> Out;
  auto In = [] {
    return std::vector<at::Tensor>{torch::randn({2048, 2048}, cudaOpts())};
  };
  Pair P;
  P.Check = "explicit-sync";
  P.Name = "stream-sync";
  P.Rows = "A3";
  P.What = "side.synchronize() to order two streams";
  P.Inputs = In;
  P.Flagged = {"side.synchronize();", Expect::Sync,
               [](Ctx &C) { return sideStreamStep(C, Wait::Stream); }};
  P.Rewrite = blockVariant();
  Out.push_back(P);

  P.Name = "event-sync";
  P.Rows = "A5";
  P.What = "ev.synchronize() to order two streams (debug mode cannot see it)";
  P.Flagged = {"ev.record(side); ev.synchronize();", Expect::Sync,
               [](Ctx &C) { return sideStreamStep(C, Wait::Event); }};
  Out.push_back(P);

  P.Name = "device-sync";
  P.Rows = "A1";
  P.What = "torch::cuda::synchronize() to order two streams (debug mode cannot "
           "see it)";
  P.Flagged = {"torch::cuda::synchronize();", Expect::Sync,
               [](Ctx &C) { return sideStreamStep(C, Wait::Device); }};
  Out.push_back(P);
  return Out;
}

TORCHSYNC_SNIPPETS(explicitSyncPairs);
