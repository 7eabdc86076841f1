#include <torch/torch.h>
int main() { return undeclared_thing; }
