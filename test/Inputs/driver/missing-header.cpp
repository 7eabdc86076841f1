#include <no_such_header_for_torchsync.h>
int main() { return 0; }
