// The device b.cpp works on; cache.test edits it.
#define B_DEVICE torch::kCUDA
