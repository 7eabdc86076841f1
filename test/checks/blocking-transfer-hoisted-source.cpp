// RUN: %check_torchsync %s blocking-transfer %t
// An upload of a source that is not a variable (a function's result,
// torch::from_blob over a request's buffer), to a device chosen at run time:
// the source is given a variable of its own in front of the statement,
// which a test at run time reads (its memory may be pinned already, and a
// function result's device may be shown only by another file), then the
// guarded pinned copy without blocking. Only where the source is the first
// thing its statement evaluates (the start of a variable's initializer, the
// right side of an assignment), in a block, with a name nothing else in the
// function has.
#include <torch/torch.h>
#include <vector>

// ---- Positives ----------------------------------------------------------------

void serve(torch::nn::Linear model, torch::Device device,
           std::vector<std::vector<float>> &requests) {
  for (auto &r : requests) {
    auto input = torch::from_blob(r.data(), {1, 4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {1, 4},...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    const torch::Tensor batch =
        torch::from_blob(r.data(), {4}, torch::kFloat).to(device).unsqueeze(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    model->forward(input + batch);
  }
}
// CHECK-FIXES: auto input_host = torch::from_blob(r.data(), {1, 4}, torch::kFloat);
// CHECK-FIXES-NEXT: auto input = (device.is_cuda() && !input_host.is_pinned() ? input_host.pin_memory() : input_host).to(device, /*non_blocking=*/device.is_cuda() && !input_host.is_pinned());
// CHECK-FIXES: auto batch_host = torch::from_blob(r.data(), {4}, torch::kFloat);
// CHECK-FIXES-NEXT: const torch::Tensor batch =
// CHECK-FIXES-NEXT: (device.is_cuda() && !batch_host.is_pinned() ? batch_host.pin_memory() : batch_host).to(device, /*non_blocking=*/device.is_cuda() && !batch_host.is_pinned()).unsqueeze(0);

// A row of a device tensor assigned from one (Tensor::operator= of a view
// is copy_).
void rows(torch::Device device, std::vector<std::vector<float>> &requests) {
  auto table = torch::empty({8, 4}, device);
  for (size_t i = 0; i < requests.size(); ++i) {
    table[i] = torch::from_blob(requests[i].data(), {4}, torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'table[i] = torch::from_blob(requests[...' waits for the GPU to copy host tensor 'torch::from_blob(requests[i].data(),...' to the device if 'table[i]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
  }
}
// CHECK-FIXES: auto table_host = torch::from_blob(requests[i].data(), {4}, torch::kFloat);
// CHECK-FIXES-NEXT: table[i].copy_(table.is_cuda() && !table_host.is_pinned() ? table_host.pin_memory() : table_host, /*non_blocking=*/table.is_cuda() && !table_host.is_pinned());

// Assigned to a variable: the right side is evaluated first as well. Not in
// one branch of a conditional, which may not run.
void reassigned(torch::Device device, std::vector<std::vector<float>> &requests) {
  torch::Tensor last;
  for (auto &r : requests) {
    last = torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    auto either = r.empty() ? last : torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:85: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)either;
  }
}
// CHECK-FIXES: auto last_host = torch::from_blob(r.data(), {4}, torch::kFloat);
// CHECK-FIXES-NEXT: last = (device.is_cuda() && !last_host.is_pinned() ? last_host.pin_memory() : last_host).to(device, /*non_blocking=*/device.is_cuda() && !last_host.is_pinned());
// CHECK-FIXES: auto either = r.empty() ? last : torch::from_blob(r.data(), {4}, torch::kFloat).to(device);

// ---- Negatives: reported, no fix ------------------------------------------------

#define UPLOAD(buf) torch::from_blob((buf).data(), {4}, torch::kFloat).to(device)

struct Server {
  torch::Tensor out_host;
  void step(torch::Device device, std::vector<std::vector<float>> &requests) {
    for (auto &r : requests) {
      // Passed on: the callee's object would be evaluated first.
      sink(torch::from_blob(r.data(), {4}, torch::kFloat).to(device));
      // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // A member already has the name.
      auto out = torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      out_host = out;
      // A local already has the name.
      torch::Tensor seen_host;
      auto seen = torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      // A broadcast view: its pinned copy would throw.
      auto wide = torch::broadcast_to(torch::from_blob(r.data(), {1, 4}, torch::kFloat), {2, 4}).to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:98: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::broadcast_to(torch::from_blob(...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      sink(wide);
      // In a macro.
      auto up = UPLOAD(r);
      // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'to()' waits for the GPU to copy host tensor 'torch::from_blob((buf).data(), {4},...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
      sink(out + seen + up + seen_host);
    }
    // The statement is a loop's body without braces.
    for (auto &r : requests)
      sink(torch::from_blob(r.data(), {4}, torch::kFloat).to(device) * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(r.data(), {4}, torch...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
  }
  void sink(const torch::Tensor &t);
};
void use(const torch::Tensor &t);

// A static local is initialized once: its source must not be evaluated on
// every pass.
void once(torch::Device device, std::vector<float> &buf, int steps) {
  for (int i = 0; i < steps; ++i) {
    static auto kept = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    use(kept);
  }
}

// A case after the statement would jump past the new variable's
// initialization.
void cases(torch::Device device, std::vector<float> &buf, int k) {
  auto table = torch::empty({2, 4}, device);
  for (int i = 0; i < 2; ++i) {
    switch (k) {
    case 0:
      k = 1;
      table[i] = torch::from_blob(buf.data(), {4}, torch::kFloat);
      // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'table[i] = torch::from_blob(buf.data(...' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'table[i]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
      break;
    case 1:
      k = 0;
      break;
    }
  }
}

// Two rows of one tensor assigned in one block: both would be given
// 'table_host' there.
void two_rows(torch::Device device, std::vector<float> &buf) {
  auto table = torch::empty({2, 4}, device);
  for (int i = 0; i < 2; ++i) {
    table[0] = torch::from_blob(buf.data(), {4}, torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'table[0] = torch::from_blob(buf.data(...' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'table[0]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
    table[1] = torch::from_blob(buf.data(), {4}, torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'table[1] = torch::from_blob(buf.data(...' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'table[1]' is on CUDA; pin it and copy_() with non_blocking=true [torchsync-blocking-transfer]
  }
}

// A variable declared from an upload, which gets 'again_host', then
// assigned from another in the same block: only the first is given it.
void declared_then_assigned(torch::Device device, std::vector<float> &buf) {
  for (int i = 0; i < 2; ++i) {
    auto again = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    again = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'to(device)' waits for the GPU to copy host tensor 'torch::from_blob(buf.data(), {4},...' to the device if 'device' is CUDA; pin it and copy with non_blocking=true [torchsync-blocking-transfer]
    (void)again;
  }
}

// CHECK-FIXES: sink(torch::from_blob(r.data(), {4}, torch::kFloat).to(device));
// CHECK-FIXES: auto out = torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
// CHECK-FIXES: auto seen = torch::from_blob(r.data(), {4}, torch::kFloat).to(device);
// CHECK-FIXES: auto wide = torch::broadcast_to(torch::from_blob(r.data(), {1, 4}, torch::kFloat), {2, 4}).to(device);
// CHECK-FIXES: auto up = UPLOAD(r);
// CHECK-FIXES: sink(torch::from_blob(r.data(), {4}, torch::kFloat).to(device) * 2);
// CHECK-FIXES: static auto kept = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
// CHECK-FIXES: table[i] = torch::from_blob(buf.data(), {4}, torch::kFloat);
// CHECK-FIXES: table[0] = torch::from_blob(buf.data(), {4}, torch::kFloat);
// CHECK-FIXES: table[1] = torch::from_blob(buf.data(), {4}, torch::kFloat);
// CHECK-FIXES: auto again_host = torch::from_blob(buf.data(), {4}, torch::kFloat);
// CHECK-FIXES: again = torch::from_blob(buf.data(), {4}, torch::kFloat).to(device);
