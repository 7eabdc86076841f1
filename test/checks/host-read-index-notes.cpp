// RUN: %check_torchsync %s host-read %t -fix-notes
// The index_select rewrite of a tensor index is a note fix, offered only
// where it is well-formed: a long or int index (index_select rejects other
// dtypes, which item() converts) on the indexed tensor's device. Elsewhere a
// note says what to check.
#include <torch/torch.h>

const torch::Device kDev(torch::kCUDA);

void pick(torch::Tensor other) {
  auto scores = torch::rand({16}, kDev);
  auto table = torch::randn({16, 8}, kDev);
  for (int i = 0; i < 4; ++i) {
    auto row = table[scores.argmax()];
    // CHECK-NOTES: :[[@LINE-1]]:16: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.argmax()'; index on the device with 'index_select(0, scores.argmax().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: FIX-IT applied suggested code changes
    // CHECK-NOTES: :[[@LINE-3]]:16: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-4]]:16: note: index on the device with index_select; the result becomes a copy instead of a view, and a negative or out-of-range index becomes a device-side assert instead of counting from the end or an exception
    // CHECK-FIXES: auto row = table.index_select(0, scores.argmax().reshape({1})).squeeze(0);
    auto row2 = other[scores.argmax()];
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.argmax()'; index on the device with 'index_select(0, scores.argmax().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:17: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:17: note: index_select indexes on the device where the indexed tensor is on the device of 'scores.argmax()'; no fix is offered because that is not shown here
    // CHECK-FIXES: auto row2 = other[scores.argmax()];
    auto row3 = table[scores.max()];
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'operator[]' waits for the GPU to read CUDA tensor index 'scores.max()'; index on the device with 'index_select(0, scores.max().reshape({1})).squeeze(0)' [torchsync-host-read]
    // CHECK-NOTES: :[[@LINE-2]]:17: note: the host waits in c10::cuda::memcpy_and_sync (cudaMemcpyAsync + cudaStreamSynchronize)
    // CHECK-NOTES: :[[@LINE-3]]:17: note: index_select indexes on the device where 'scores.max()' is a long or int tensor (it rejects other dtypes, which item() converts); no fix is offered because that is not shown here
    // CHECK-FIXES: auto row3 = table[scores.max()];
    (void)row; (void)row2; (void)row3;
  }
}
