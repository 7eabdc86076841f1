// Two findings on each of two lines. Line numbers and columns matter:
// step.findings.json names them.
#include "torch_api.h"

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return 2;
  openTrace(Argv[1]);
  at::Tensor P, A, B;
  long Sum = 0;
  for (int I = 0; I < 3; ++I) {
    Sum += at::multinomial(P, 1).item<long>(); // line 12: item() syncs, multinomial() not
    at::Tensor X = A.to(1), Y = B.to(1);       // line 13: both copies sync
    Sum += X.Device + Y.Device;
  }
  closeTrace();
  return Sum > 0 ? 0 : 1;
}
