// The program whose syncs the program-mode test reconciles. Line numbers
// matter: sync_sites.findings.json names them.
#include "fake_torch.h"

void recordSync(const char *Kind);
void openTrace(const char *Path);
void closeTrace();

__attribute__((noinline)) float helper(float X) {
  return fakeItem(X) + 1; // line 10: one sync per call, via an inlined header function
}

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return 2;
  openTrace(Argv[1]);
  float Sum = 0;
  for (int I = 0; I < 3; ++I) {
    Sum += fakeItem(I);   // line 19: three syncs, predicted
    Sum += helper(I);     // line 20: calls helper, whose line 10 syncs
    if (Sum < -1)
      recordSync("context_sync"); // line 22: predicted, never runs
  }
  for (int I = 0; I < 2; ++I)
    recordSync("event_sync"); // line 25: two syncs nothing predicted
  recordSync("free");         // line 26: once, unpredicted
  Sum += fakeItem( // line 27: the debug info puts the call here
      Sum + 1);    // line 28: the finding points here, in the same statement
  closeTrace();
  return Sum > 0 ? 0 : 1;
}
