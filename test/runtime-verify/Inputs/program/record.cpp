// Writes probe-format JSON lines (runtime-verify/probe/Probe.h) for calls the
// test program makes, with the frames the probe would record: return
// addresses from backtrace(), relative to dladdr's module base. Only the
// trace is synthetic; the addresses are this program's own.
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <execinfo.h>

static FILE *Out;
static unsigned Seq;

void recordSync(const char *Kind) {
  void *Buf[32];
  int N = backtrace(Buf, 32);
  ++Seq;
  std::fprintf(Out,
               "{\"type\":\"sync\",\"seq\":%u,\"region\":\"\",\"api\":\"cudaFake\","
               "\"domain\":\"runtime\",\"kind\":\"%s\",\"start_ns\":0,\"end_ns\":1000,"
               "\"blocked_ns\":1000,\"tid\":1,\"correlation_id\":%u,\"stack\":[",
               Seq, Kind, Seq);
  // Frame 0 is this function: the probe skips its own frames the same way.
  for (int I = 1; I < N; ++I) {
    Dl_info Info{};
    dladdr(Buf[I], &Info);
    std::fprintf(Out, "%s{\"module\":\"%s\",\"offset\":\"0x%zx\",\"symbol\":\"\"}",
                 I > 1 ? "," : "", Info.dli_fname ? Info.dli_fname : "",
                 reinterpret_cast<size_t>(Buf[I]) -
                     reinterpret_cast<size_t>(Info.dli_fbase));
  }
  std::fprintf(Out, "]}\n");
}

void openTrace(const char *Path) {
  Out = std::fopen(Path, "w");
  if (!Out)
    std::exit(3);
  std::fprintf(Out, "{\"type\":\"start\",\"pid\":1,\"mode\":\"test\"}\n");
}

void closeTrace() {
  std::fprintf(Out, "{\"type\":\"summary\",\"events\":%u,\"failures\":0}\n", Seq);
  std::fclose(Out);
}
