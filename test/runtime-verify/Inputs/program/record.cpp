// Writes probe-format JSON lines (runtime-verify/probe/Probe.h) for calls the
// test program makes, with the frames the probe would record: return
// addresses from backtrace(), relative to dladdr's module base, with
// dladdr's demangled symbol name. Only the trace is synthetic; the addresses
// are this program's own. A trace path ending in .dedup.jsonl gets the
// probe's deduplicated form (each unique stack once as a "stack" record, the
// syncs naming it by "stack_id", progress records); any other, the inline
// form ("stack" in each sync).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <vector>

static FILE *Out;
static unsigned Seq;
static bool Dedup;
static std::vector<std::vector<void *>> Stacks;

// The probe's "symbol": dladdr's name of the frame's function, demangled;
// empty when it is not exported.
static void writeSymbol(const char *Name) {
  int Status = 0;
  char *Demangled = Name ? abi::__cxa_demangle(Name, nullptr, nullptr, &Status) : nullptr;
  const char *Text = Status == 0 && Demangled ? Demangled : (Name ? Name : "");
  std::fputc('"', Out);
  for (const char *C = Text; *C; ++C) {
    if (*C == '"' || *C == '\\')
      std::fputc('\\', Out);
    std::fputc(*C, Out);
  }
  std::fputc('"', Out);
  std::free(Demangled);
}

static void writeFrames(void **Buf, int N) {
  // Frame 0 is recordSync: the probe skips its own frames the same way.
  for (int I = 1; I < N; ++I) {
    Dl_info Info{};
    dladdr(Buf[I], &Info);
    std::fprintf(Out, "%s{\"module\":\"%s\",\"offset\":\"0x%zx\",\"symbol\":",
                 I > 1 ? "," : "", Info.dli_fname ? Info.dli_fname : "",
                 reinterpret_cast<size_t>(Buf[I]) -
                     reinterpret_cast<size_t>(Info.dli_fbase));
    writeSymbol(Info.dli_sname);
    std::fputc('}', Out);
  }
}

void recordSync(const char *Kind) {
  void *Buf[32];
  int N = backtrace(Buf, 32);
  ++Seq;
  size_t Id = 0;
  if (Dedup) {
    std::vector<void *> Key(Buf, Buf + N);
    while (Id < Stacks.size() && Stacks[Id] != Key)
      ++Id;
    if (Id == Stacks.size()) {
      Stacks.push_back(Key);
      std::fprintf(Out, "{\"type\":\"stack\",\"id\":%zu,\"frames\":[", Id + 1);
      writeFrames(Buf, N);
      std::fprintf(Out, "]}\n");
    }
  }
  std::fprintf(Out,
               "{\"type\":\"sync\",\"seq\":%u,\"region\":\"\",\"api\":\"cudaFake\","
               "\"domain\":\"runtime\",\"kind\":\"%s\",\"start_ns\":0,\"end_ns\":1000,"
               "\"blocked_ns\":1000,\"tid\":1,\"correlation_id\":%u,",
               Seq, Kind, Seq);
  if (Dedup) {
    std::fprintf(Out, "\"stack_id\":%zu}\n", Id + 1);
    std::fprintf(Out, "{\"type\":\"progress\",\"events\":%u,\"stacks\":%zu,"
                      "\"elapsed_ms\":0}\n", Seq, Stacks.size());
    return;
  }
  std::fprintf(Out, "\"stack\":[");
  writeFrames(Buf, N);
  std::fprintf(Out, "]}\n");
}

void openTrace(const char *Path) {
  size_t Len = std::strlen(Path);
  Dedup = Len > 12 && std::strcmp(Path + Len - 12, ".dedup.jsonl") == 0;
  Out = std::fopen(Path, "w");
  if (!Out)
    std::exit(3);
  std::fprintf(Out, "{\"type\":\"start\",\"pid\":1,\"mode\":\"test\"}\n");
}

void closeTrace() {
  std::fprintf(Out, "{\"type\":\"summary\",\"events\":%u,\"failures\":0}\n", Seq);
  std::fclose(Out);
}

// A torchsync::mark_step() as the probe writes it: the host time of the mark
// (no step_gpu record: no GPU).
void recordStep() {
  static unsigned Steps;
  timespec T{};
  clock_gettime(CLOCK_MONOTONIC, &T);
  std::fprintf(Out, "{\"type\":\"step\",\"n\":%u,\"t_ns\":%llu}\n", ++Steps,
               static_cast<unsigned long long>(T.tv_sec) * 1000000000ull +
                   static_cast<unsigned long long>(T.tv_nsec));
}
