// The program of the fix-check test. Line numbers matter: train.findings.json
// names them, with fix-its that replace syncedRead (line 18: a warning's
// fix-it, same values) and scaled (line 19: a note's, values 0.02% off).
#include "fake_tensor.h"
#include <cstdio>
#include <cstdlib>

void openTrace(const char *Path);
void closeTrace();
void recordStep();

int main(int Argc, char **Argv) {
  openTrace(std::getenv("TORCHSYNC_PROBE_OUT"));
  int Steps = Argc > 1 ? std::atoi(Argv[1]) : 20;
  float Sum = 0;
  for (int I = 0; I < Steps; ++I) {
    float X = 0.25f * static_cast<float>(I);
    float Read = syncedRead(X);
    float Out = scaled(Read);
    Sum += syncedRead(Out);
    std::printf("step %d out %.6f\n", I, Out);
    recordStep();
  }
  std::printf("sum %.6f in %s\n", Sum, Argv[0]);
  closeTrace();
  return 0;
}
