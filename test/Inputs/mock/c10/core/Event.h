#pragma once
// torchsync mock of c10/core/Event.h. In 1.13 c10::Event has no
// synchronize()/elapsedTime(); they exist in 2.x mode only.
#include <c10/core/Device.h>
#include <c10/core/DeviceType.h>
#include <c10/core/Stream.h>
#include <c10/macros/Macros.h>

namespace c10 {

// real: c10/core/impl/DeviceGuardImplInterface.h
enum class EventFlag {
  PYTORCH_DEFAULT,
  BACKEND_DEFAULT,
  // CUDA flags
  CUDA_EVENT_DEFAULT,
  CUDA_EVENT_DISABLE_TIMING, // PyTorch-default for CUDA
  // HIP flags
  HIP_EVENT_DEFAULT,
  HIP_EVENT_DISABLE_TIMING, // PyTorch-default for HIP
  // FOR TESTING ONLY
  INVALID
};

struct Event final {
  // Constructors
  Event() = delete;
  Event(
      const DeviceType _device_type,
      const EventFlag _flag = EventFlag::PYTORCH_DEFAULT);

  // Copy constructor and copy assignment operator (deleted)
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  // Move constructor and move assignment operator
  Event(Event&& other);
  Event& operator=(Event&& other);

  // Destructor
  ~Event();

  Device device() const noexcept;
  DeviceType device_type() const noexcept;
  DeviceIndex device_index() const noexcept;
  EventFlag flag() const noexcept;
  bool was_marked_for_recording() const noexcept;

  void recordOnce(const Stream& stream);
  void record(const Stream& stream);
  void block(const Stream& stream) const;
  bool query() const;

#if TORCH_MOCK_2X
  double elapsedTime(const Event& event) const;
  void* eventId() const;
  void synchronize() const;
#endif
};

} // namespace c10
