//===--- ProbeSelfTest.cpp - CPU unit tests of the probe's decisions ------===//
//
// Purpose: checks, without a GPU, the parts of the probe that decide things:
// API-name classification, the memcpy blocking rules, JSON escaping, the
// stack table's deduplication, the batched writer (a batch is written on
// its deadline or when full, and a program killed mid-run leaves every batch
// but the last) and the step marks (which NVTX message is one, their records,
// and the event pool that times them, driven by a fake GPU). The lit suite
// test/runtime-verify runs it; it prints one line per failure and
// "probe-selftest: N checks passed" when all pass (exit 0).
//
// `torchsync-probe-selftest --fake-program N` stands in for a program under
// the probe that never ends: it writes N syncs in the probe's trace format to
// $TORCHSYNC_PROBE_OUT through the batched writer, then sleeps.
//
//===----------------------------------------------------------------------===//

#include "../common/JsonWriter.h"
#include "../probe/StepMarks.h"
#include "../probe/SyncClassifier.h"
#include "../probe/TraceBatch.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

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

/// A GPU that the test moves by hand: event I completes once Done >= I;
/// its time is 10 ms per event from the first.
struct FakeGpu {
  using Event = int;
  int Next = 0, Done = 0, Recorded = 0, Destroyed = 0, Syncs = 0, Queries = 0;
  bool FailRecord = false, FailElapsed = false;
  std::vector<int> RecordedAt; // event id -> its record order
  bool create(int &E) {
    E = ++Next;
    RecordedAt.resize(Next + 1, 0);
    return true;
  }
  bool record(int E) {
    if (FailRecord)
      return false;
    RecordedAt[E] = ++Recorded;
    return true;
  }
  EventState query(int E) {
    ++Queries;
    return RecordedAt[E] <= Done ? EventState::Ready : EventState::NotReady;
  }
  bool sync(int E) {
    ++Syncs;
    Done = std::max(Done, RecordedAt[E]);
    return true;
  }
  bool elapsed(int From, int To, double &Ms) {
    if (FailElapsed)
      return false;
    Ms = 10.0 * (RecordedAt[To] - RecordedAt[From]);
    return true;
  }
  void destroy(int) { ++Destroyed; }
};

static std::string gpuJson(const std::vector<double> &Ms) {
  return stepGpuJson(Ms);
}

static void testStepMarks() {
  EXPECT_EQ(isStepMark("torchsync.step"), true);
  EXPECT_EQ(isStepMark("torchsync.step "), false);
  EXPECT_EQ(isStepMark("torchsync"), false);
  EXPECT_EQ(isStepMark(nullptr), false);
  EXPECT_EQ(stepMs(0.0), "0");
  EXPECT_EQ(stepMs(0.039840001612901688), "0.0398");
  EXPECT_EQ(stepMs(146.84095764160156), "146.841");
  EXPECT_EQ(stepMs(20.0), "20");
  EXPECT_EQ(stepMs(0.0 / 0.0), "null");
  EXPECT_EQ(stepJson(3, 123456789),
            "{\"type\":\"step\",\"n\":3,\"t_ns\":123456789}");

  // Four marks; the GPU reaches none until after the third: nothing waits,
  // and each mark takes a fresh event (three pending, one reference).
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    for (uint64_t N = 1; N <= 3; ++N)
      T.mark(N, true);
    EXPECT_EQ(G.Syncs, 0);
    EXPECT_EQ(G.Recorded, 3);
    G.Done = 3; // the GPU caught up: the next mark recycles two events
    T.mark(4, true);
    EXPECT_EQ(G.Syncs, 0);
    EXPECT_EQ(T.created(), size_t(16)); // one chunk
    T.finish();
    EXPECT_EQ(G.Syncs, 1); // only the end waits, for the last event
    EXPECT_EQ(T.failed(), false);
    EXPECT_EQ(gpuJson(T.elapsedMs()),
              "{\"type\":\"step_gpu\",\"elapsed_ms\":[0,10,20,30]}");
    EXPECT_EQ(G.Destroyed, 16); // every event given back
    EXPECT_EQ(T.finished(), true);
    T.finish(); // idempotent
    EXPECT_EQ(G.Destroyed, 16);
  }
  // Recycling keeps the pool at what the GPU has not reached: 1000 marks
  // with the GPU one mark behind use one chunk of events.
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    for (uint64_t N = 1; N <= 1000; ++N) {
      G.Done = G.Recorded;
      T.mark(N, true);
    }
    T.finish();
    EXPECT_EQ(T.created(), size_t(16));
    EXPECT_EQ(T.elapsedMs().size(), size_t(1000));
    EXPECT_EQ(T.elapsedMs()[999], 9990.0);
    // At most one query that answers "not ready" per mark.
    EXPECT_EQ(G.Queries <= 2 * 1000, true);
  }
  // A mark without a context (before CUDA started) has no event: null, and
  // the times count from the first timed mark.
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    T.mark(1, false);
    T.mark(2, true);
    T.mark(3, true);
    T.finish();
    EXPECT_EQ(gpuJson(T.elapsedMs()),
              "{\"type\":\"step_gpu\",\"elapsed_ms\":[null,0,10]}");
    EXPECT_EQ(T.timed(), true);
  }
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    T.mark(1, false);
    T.finish();
    EXPECT_EQ(T.timed(), false); // no step_gpu record then
  }
  // The pool's cap: a GPU that far behind leaves later marks untimed
  // (null), never a wait.
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G, /*MaxInFlight=*/4);
    for (uint64_t N = 1; N <= 6; ++N)
      T.mark(N, true);
    EXPECT_EQ(T.created(), size_t(4));
    EXPECT_EQ(G.Syncs, 0);
    T.finish();
    EXPECT_EQ(gpuJson(T.elapsedMs()),
              "{\"type\":\"step_gpu\",\"elapsed_ms\":[0,10,20,30,null,null]}");
  }
  // The cap on timed marks: later marks keep their host times only, and
  // the list stops at the cap.
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G, MaxStepEventsInFlight, /*MaxTimed=*/2);
    for (uint64_t N = 1; N <= 5; ++N)
      T.mark(N, true);
    T.finish();
    EXPECT_EQ(G.Recorded, 2);
    EXPECT_EQ(T.elapsedMs().size(), size_t(2));
  }
  // A failed CUDA call: failed(), no more events, no step_gpu.
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    T.mark(1, true);
    G.FailRecord = true;
    T.mark(2, true);
    G.FailRecord = false;
    T.mark(3, true);
    EXPECT_EQ(T.failed(), true);
    EXPECT_EQ(G.Recorded, 1);
  }
  {
    FakeGpu G;
    StepTimeline<FakeGpu> T(G);
    T.mark(1, true);
    T.mark(2, true);
    G.FailElapsed = true;
    T.finish();
    EXPECT_EQ(T.failed(), true);
  }
}

static void testStackTable() {
  StackTable T;
  void *A[] = {(void *)0x10, (void *)0x20, (void *)0x30};
  void *B[] = {(void *)0x10, (void *)0x20, (void *)0x31};
  bool New = false;
  EXPECT_EQ(T.intern(A, 3, &New), 1u);
  EXPECT_EQ(New, true);
  EXPECT_EQ(T.intern(A, 3, &New), 1u);
  EXPECT_EQ(New, false);
  EXPECT_EQ(T.intern(B, 3, &New), 2u);
  EXPECT_EQ(New, true);
  // A prefix is a stack of its own.
  EXPECT_EQ(T.intern(A, 2, &New), 3u);
  EXPECT_EQ(T.intern(B, 3), 2u);
  EXPECT_EQ(T.size(), 3u);
  EXPECT_EQ(T.get(2).size(), 3u);
  EXPECT_EQ(T.get(2)[2], (void *)0x31);
  EXPECT_EQ(T.get(9).size(), 0u);
  EXPECT_EQ(hashAddresses(A, 3) == hashAddresses(B, 3), false);
}

static std::string readAll(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

static size_t countOf(const std::string &Text, const std::string &Needle) {
  size_t N = 0;
  for (size_t P = Text.find(Needle); P != std::string::npos;
       P = Text.find(Needle, P + 1))
    ++N;
  return N;
}

static void formatInts(std::vector<int> &Batch, std::string &Out) {
  for (int V : Batch)
    Out += "rec " + std::to_string(V) + "\n";
}

static void trailer(size_t Written, std::string &Out) {
  Out += "progress " + std::to_string(Written) + "\n";
}

static std::string tempPath(const char *Name) {
  const char *Dir = std::getenv("TMPDIR");
  return std::string(Dir && *Dir ? Dir : "/tmp") + "/probe-selftest-" +
         std::to_string(::getpid()) + "-" + Name;
}

static void testBatchWriterInline() {
  // No thread: a full batch is written on the push that fills it.
  std::string Path = tempPath("inline");
  FILE *F = std::fopen(Path.c_str(), "w");
  BatchWriter<int> W;
  BatchWriter<int>::Config C;
  C.Thread = false;
  C.PeriodNs = 3600ull * 1'000'000'000; // never due
  C.MaxBatch = 3;
  W.start(F, formatInts, trailer, C);
  W.push(1);
  W.push(2);
  EXPECT_EQ(readAll(Path), "");
  W.push(3);
  EXPECT_EQ(readAll(Path), "rec 1\nrec 2\nrec 3\nprogress 3\n");
  W.push(4);
  W.writeLine("line");
  EXPECT_EQ(readAll(Path),
            "rec 1\nrec 2\nrec 3\nprogress 3\nrec 4\nprogress 4\nline\n");
  W.stop();
  W.push(5); // dropped after stop
  EXPECT_EQ(W.written(), 4u);
  EXPECT_EQ(W.batches(), 2u);
  std::fclose(F);
  std::remove(Path.c_str());
}

static void testBatchWriterDeadline() {
  // The thread writes a batch within its period, with no stop() and no
  // full batch: what a program killed later keeps.
  std::string Path = tempPath("deadline");
  FILE *F = std::fopen(Path.c_str(), "w");
  BatchWriter<int> W;
  BatchWriter<int>::Config C;
  C.PeriodNs = 5'000'000;
  C.MaxBatch = 1000;
  W.start(F, formatInts, nullptr, C);
  for (int I = 0; I < 10; ++I)
    W.push(I);
  std::string Text;
  for (int Try = 0; Try < 200 && countOf(Text, "rec ") < 10; ++Try) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    Text = readAll(Path);
  }
  EXPECT_EQ(countOf(Text, "rec "), 10u);
  EXPECT_EQ(W.batches() >= 1, true);
  W.stop();
  std::fclose(F);
  std::remove(Path.c_str());
}

static void testKilledProgram() {
  // A child that records 1000 events in batches of at most 64, then is
  // killed by SIGKILL: every batch written before the kill is in the file,
  // with its progress record, and nothing is cut in the middle of a line.
  std::string Path = tempPath("killed");
  pid_t Pid = fork();
  if (Pid == 0) {
    FILE *F = std::fopen(Path.c_str(), "w");
    BatchWriter<int> W;
    BatchWriter<int>::Config C;
    C.PeriodNs = 2'000'000;
    C.MaxBatch = 64;
    W.start(F, formatInts, trailer, C);
    for (int I = 0; I < 1000; ++I)
      W.push(I);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    std::raise(SIGKILL);
  }
  int Status = 0;
  waitpid(Pid, &Status, 0);
  EXPECT_EQ(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGKILL, true);
  std::string Text = readAll(Path);
  EXPECT_EQ(countOf(Text, "rec "), 1000u);
  EXPECT_EQ(Text.find("progress 1000\n") != std::string::npos, true);
  EXPECT_EQ(!Text.empty() && Text.back() == '\n', true);
  std::remove(Path.c_str());
}

/// The stand-in for a program that hangs under the probe (see the header).
static int fakeProgram(int N) {
  const char *Out = std::getenv("TORCHSYNC_PROBE_OUT");
  if (!Out)
    return 1;
  FILE *F = std::fopen(Out, "w");
  if (!F)
    return 1;
  std::fputs("{\"type\":\"start\",\"pid\":1,\"mode\":\"fake\"}\n", F);
  std::fflush(F);
  uint64_t Start = BatchWriter<int>::nowNs();
  BatchWriter<int> W;
  BatchWriter<int>::Config C;
  W.start(
      F,
      [](std::vector<int> &Batch, std::string &Text) {
        for (int V : Batch) {
          if (V == 0)
            Text +=
                "{\"type\":\"stack\",\"id\":1,\"frames\":[{\"module\":"
                "\"/lib/libc.so.6\",\"offset\":\"0x10\",\"symbol\":\"\"}]}\n";
          Text += "{\"type\":\"sync\",\"seq\":" + std::to_string(V + 1) +
                  ",\"api\":\"cudaStreamSynchronize\",\"kind\":\"stream_"
                  "sync\",\"blocked_ns\":1000,\"stack_id\":1}\n";
        }
      },
      [Start](size_t Written, std::string &Text) {
        Text += "{\"type\":\"progress\",\"events\":" + std::to_string(Written) +
                ",\"stacks\":1,\"elapsed_ms\":" +
                std::to_string((BatchWriter<int>::nowNs() - Start) / 1000000) +
                "}\n";
      },
      C);
  for (int I = 0; I < N; ++I)
    W.push(I);
  for (;;)
    ::pause();
}

/// The probe skips a memcpy's stack when memcpyMayBlock() says no: that must
/// never drop the stack of an event that classifyMemcpy() then records, for
/// any direction and memory kinds the activity record can name, given that
/// the record's host sides are pageable exactly where the parameters' are.
static void testMemcpyStackRule() {
  using K = CopyKind;
  using M = MemoryKind;
  // .item() in LibTorch: cudaMemcpyAsync from device into pinned memory.
  EXPECT_EQ(memcpyMayBlock(true, true, M::Device, M::Pinned), false);
  // Device to device, async.
  EXPECT_EQ(memcpyMayBlock(true, true, M::Device, M::Device), false);
  // A pageable host side: it blocks, the stack is taken.
  EXPECT_EQ(memcpyMayBlock(true, true, M::Device, M::Pageable), true);
  EXPECT_EQ(memcpyMayBlock(true, true, M::Pageable, M::Device), true);
  // A pointer the driver could not classify.
  EXPECT_EQ(memcpyMayBlock(true, true, M::Device, M::Unknown), true);
  // No parameters (a driver API copy).
  EXPECT_EQ(memcpyMayBlock(true, false, M::Device, M::Pinned), true);
  // Synchronous APIs: always, even device to device (see memcpyMayBlock).
  EXPECT_EQ(memcpyMayBlock(false, true, M::Device, M::Device), true);
  EXPECT_EQ(memcpyMayBlock(false, true, M::Device, M::Pinned), true);
  // Exhaustively: whenever the record (any direction, any kinds with the
  // same pageable sides) makes classifyMemcpy block, the stack was taken.
  const M Kinds[] = {M::Unknown,      M::Pageable,     M::Pinned,
                     M::Device,       M::Array,        M::Managed,
                     M::DeviceStatic, M::ManagedStatic};
  int Missed = 0, Cases = 0;
  for (bool Async : {false, true})
    for (bool Have : {false, true})
      for (int D = 0; D <= 10; ++D)
        for (M PS : Kinds)
          for (M PD : Kinds)
            for (M RS : Kinds)
              for (M RD : Kinds) {
                // The record's kinds are pageable where the params' are.
                if ((RS == M::Pageable) != (PS == M::Pageable) ||
                    (RD == M::Pageable) != (PD == M::Pageable))
                  continue;
                ++Cases;
                bool Recorded =
                    classifyMemcpy(Async, copyKindFromInt(D), RS, RD).Blocking;
                // The fallback without a record: the params' own kinds.
                bool Fallback =
                    classifyMemcpy(Async, copyKindFromInt(D), PS, PD).Blocking;
                if ((Recorded || (Have && Fallback)) &&
                    !memcpyMayBlock(Async, Have, PS, PD))
                  ++Missed;
              }
  EXPECT_EQ(Missed, 0);
  EXPECT_EQ(Cases > 0, true);
}

int main(int Argc, char **Argv) {
  if (Argc == 3 && std::strcmp(Argv[1], "--fake-program") == 0)
    return fakeProgram(std::atoi(Argv[2]));
  testNames();
  testMemcpyRules();
  testMemcpyStackRule();
  testJson();
  testStackTable();
  testStepMarks();
  testBatchWriterInline();
  testBatchWriterDeadline();
  testKilledProgram();
  if (Failures) {
    std::printf("probe-selftest: %d of %d checks failed\n", Failures, Checks);
    return 1;
  }
  std::printf("probe-selftest: %d checks passed\n", Checks);
  return 0;
}
