//===--- ProbeSelfTest.cpp - CPU unit tests of the probe's decisions ------===//
//
// Purpose: checks, without a GPU, the parts of the probe that decide things:
// API-name classification, the memcpy blocking rules and JSON escaping. The
// lit suite test/runtime-verify runs it; it prints one line per failure and
// "probe-selftest: N checks passed" when all pass (exit 0).
//
//===----------------------------------------------------------------------===//

#include "../common/JsonWriter.h"
#include "../probe/SyncClassifier.h"

#include <cstdio>
#include <string>

using namespace torchsync;
using namespace torchsync::probe;

static int Failures = 0, Checks = 0;

#define EXPECT_EQ(a, b)                                                        \
  do {                                                                         \
    ++Checks;                                                                  \
    if (!((a) == (b))) {                                                       \
      ++Failures;                                                              \
      std::printf("%s:%d: FAILED: %s == %s\n", __FILE__, __LINE__, #a, #b);    \
    }                                                                          \
  } while (0)

static void testNames() {
  EXPECT_EQ(baseApiName("cudaMemcpyAsync_ptsz_v7000"), "cudaMemcpyAsync");
  EXPECT_EQ(baseApiName("cudaStreamSynchronize_v3020"),
            "cudaStreamSynchronize");
  EXPECT_EQ(baseApiName("cuMemcpyDtoH_v2_ptds"), "cuMemcpyDtoH");
  EXPECT_EQ(baseApiName("cuMemFree_v2"), "cuMemFree");
  EXPECT_EQ(baseApiName("cudaLaunchKernel"), "cudaLaunchKernel");
  EXPECT_EQ(baseApiName("cudaMemcpyBatchAsync_ptsz_v13000"),
            "cudaMemcpyBatchAsync");

  EXPECT_EQ(classifyApi("cudaStreamSynchronize_v3020"), ApiClass::StreamSync);
  EXPECT_EQ(classifyApi("cudaStreamSynchronize_ptsz_v7000"),
            ApiClass::StreamSync);
  EXPECT_EQ(classifyApi("cuStreamSynchronize"), ApiClass::StreamSync);
  EXPECT_EQ(classifyApi("cudaDeviceSynchronize_v3020"), ApiClass::ContextSync);
  EXPECT_EQ(classifyApi("cudaThreadSynchronize_v3020"), ApiClass::ContextSync);
  EXPECT_EQ(classifyApi("cuCtxSynchronize"), ApiClass::ContextSync);
  EXPECT_EQ(classifyApi("cudaEventSynchronize"), ApiClass::EventSync);
  EXPECT_EQ(classifyApi("cuEventSynchronize"), ApiClass::EventSync);
  EXPECT_EQ(classifyApi("cudaMemcpy_v3020"), ApiClass::Memcpy);
  EXPECT_EQ(classifyApi("cudaMemcpy2DToArray_ptds_v7000"), ApiClass::Memcpy);
  EXPECT_EQ(classifyApi("cuMemcpyDtoH_v2"), ApiClass::Memcpy);
  EXPECT_EQ(classifyApi("cudaMemcpyAsync_v3020"), ApiClass::MemcpyAsync);
  EXPECT_EQ(classifyApi("cuMemcpyHtoDAsync_v2_ptsz"), ApiClass::MemcpyAsync);
  EXPECT_EQ(classifyApi("cudaFree_v3020"), ApiClass::Free);
  EXPECT_EQ(classifyApi("cudaFreeHost_v3020"), ApiClass::Free);
  EXPECT_EQ(classifyApi("cuMemFree_v2"), ApiClass::Free);
  // Not waits: stream-ordered frees, batch copies, launches, queries.
  EXPECT_EQ(classifyApi("cudaFreeAsync_v11020"), ApiClass::None);
  EXPECT_EQ(classifyApi("cuMemFreeAsync_ptsz"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaMemcpyBatchAsync_v13000"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaLaunchKernel_v7000"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaStreamQuery_v3020"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaEventQuery_v3020"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaStreamWaitEvent_v3020"), ApiClass::None);
  EXPECT_EQ(classifyApi("cudaEventRecord_v3020"), ApiClass::None);
  EXPECT_EQ(classifyApi(""), ApiClass::None);
  EXPECT_EQ(std::string(apiClassName(ApiClass::MemcpyAsync)),
            "pageable_memcpy");
}

static void testMemcpyRules() {
  using K = CopyKind;
  using M = MemoryKind;
  // Synchronous APIs block whenever host memory is involved, pinned or not.
  EXPECT_EQ(classifyMemcpy(false, K::DtoH, M::Device, M::Pinned).Blocking,
            true);
  EXPECT_EQ(classifyMemcpy(false, K::HtoD, M::Pageable, M::Device).Blocking,
            true);
  EXPECT_EQ(
      std::string(classifyMemcpy(false, K::HtoD, M::Pinned, M::Device).Reason),
      "sync-api");
  // Device-to-device copies do not hold the host.
  EXPECT_EQ(classifyMemcpy(false, K::DtoD, M::Device, M::Device).Blocking,
            false);
  EXPECT_EQ(classifyMemcpy(true, K::PtoP, M::Device, M::Device).Blocking,
            false);
  // Async APIs block only with a pageable host side.
  EXPECT_EQ(classifyMemcpy(true, K::HtoD, M::Pageable, M::Device).Blocking,
            true);
  EXPECT_EQ(
      std::string(classifyMemcpy(true, K::DtoH, M::Device, M::Pageable).Reason),
      "pageable-host");
  EXPECT_EQ(classifyMemcpy(true, K::HtoD, M::Pinned, M::Device).Blocking,
            false);
  EXPECT_EQ(classifyMemcpy(true, K::DtoH, M::Device, M::Pinned).Blocking,
            false);
  // The device side's kind does not matter.
  EXPECT_EQ(classifyMemcpy(true, K::HtoD, M::Pinned, M::Pageable).Blocking,
            false);
  // Unknown direction: trust the API's own contract.
  EXPECT_EQ(classifyMemcpy(false, K::Unknown, M::Unknown, M::Unknown).Blocking,
            true);
  EXPECT_EQ(classifyMemcpy(true, K::Unknown, M::Unknown, M::Unknown).Blocking,
            false);
  EXPECT_EQ(copyKindFromInt(2), K::DtoH);
  EXPECT_EQ(copyKindFromInt(99), K::Unknown);
  EXPECT_EQ(memoryKindFromInt(1), M::Pageable);
  EXPECT_EQ(memoryKindFromInt(-1), M::Unknown);
  EXPECT_EQ(std::string(memoryKindName(M::Pinned)), "pinned");
  EXPECT_EQ(std::string(copyKindName(K::HtoD)), "HtoD");
}

static void testJson() {
  EXPECT_EQ(json::quote("plain"), "\"plain\"");
  EXPECT_EQ(json::quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(json::quote("l1\nl2\tx\r"), "\"l1\\nl2\\tx\\r\"");
  EXPECT_EQ(json::quote(std::string("\x01\x1f", 2)), "\"\\u0001\\u001f\"");
  EXPECT_EQ(json::quote(std::string("nul\0x", 5)), "\"nul\\u0000x\"");
  // Valid UTF-8 passes through; broken bytes become U+FFFD.
  EXPECT_EQ(json::quote("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  EXPECT_EQ(json::quote("bad\xff"), "\"bad\\ufffd\"");
  EXPECT_EQ(json::quote("trunc\xe2\x82"), "\"trunc\\ufffd\\ufffd\"");
  EXPECT_EQ(json::quote("overlong\xc0\xaf"), "\"overlong\\ufffd\\ufffd\"");
  EXPECT_EQ(json::quote("surrogate\xed\xa0\x80"),
            "\"surrogate\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(json::number(1.5), "1.5");
  EXPECT_EQ(json::number(0.0 / 0.0), "null");
  EXPECT_EQ(json::number(1.0 / 0.0), "null");
  EXPECT_EQ(json::Object()
                .str("k", "v")
                .integer("n", -3)
                .boolean("b", true)
                .raw("a", json::Array().str("x").raw("1").done())
                .done(),
            "{\"k\":\"v\",\"n\":-3,\"b\":true,\"a\":[\"x\",1]}");
  EXPECT_EQ(json::Object().done(), "{}");
  EXPECT_EQ(json::Array().done(), "[]");
}

int main() {
  testNames();
  testMemcpyRules();
  testJson();
  if (Failures) {
    std::printf("probe-selftest: %d of %d checks failed\n", Failures, Checks);
    return 1;
  }
  std::printf("probe-selftest: %d checks passed\n", Checks);
  return 0;
}
