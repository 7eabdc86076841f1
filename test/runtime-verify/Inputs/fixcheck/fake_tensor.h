// Stands in for LibTorch in the fix-check test: a read that syncs (it
// records a sync in the probe's trace format and sleeps, as a blocked host
// would) and the same read that does not. Outside the --root: not user code.
#pragma once
#include <chrono>
#include <thread>

void recordSync(const char *Kind);

inline __attribute__((always_inline)) float syncedRead(float V) {
  recordSync("stream_sync");
  std::this_thread::sleep_for(std::chrono::microseconds(200));
  return V;
}
inline float deferredRead(float V) { return V; }
inline float scaled(float V) { return V * 0.5f; }
inline float scaledOnDevice(float V) { return V * 0.5001f; }
