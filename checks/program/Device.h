//===--- Device.h - The device lattice of torchsync -------------*- C++ -*-===//
//
// Part of torchsync. Where a tensor lives, or which device a device spec
// names, as every analysis, the per-file summaries, the resolved program
// index and its file spell it: one enum, its joins and its names on the
// wire (the summaries and torchsync-facts.json), written and read only
// here. A leaf: it includes nothing of torchsync and nothing of clang.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_PROGRAM_DEVICE_H
#define TORCHSYNC_PROGRAM_DEVICE_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace clang::tidy::torchsync {

/// What is known about where a tensor lives (or which device a device spec
/// names). `None` means "no information from this source" (an undefined
/// tensor, a cycle); it joins away. `Runtime` is "CUDA or CPU, chosen when
/// the program runs": a `torch::Device` that is a parameter, a member, a
/// mutable global, parsed from a string, or `cond ? kCUDA : kCPU` with any
/// condition, and the tensors moved there. A sync on it costs on the runs
/// that choose CUDA; a fix that needs CUDA breaks the runs that choose the
/// CPU. `Unknown` is "nothing is known" (a tensor parameter, say).
enum class Device : uint8_t { None, CPU, CUDA, Runtime, Unknown };

/// Whether a host tensor's memory is page-locked.
enum class HostMemory : uint8_t { Unknown, Pageable, Pinned };

// ---- Joins within a function ---------------------------------------------

/// Joins the tensors a variable (or a `?:`) may hold where it is read: they
/// must all agree, else Unknown (a CPU initializer and a `t = t.cuda()` that
/// both reach a read do not make a choice made at run time).
Device joinAgreeing(Device A, Device B);
/// Joins the devices a device spec (a Device or DeviceType variable, a
/// `?:`, the `m->to(dev)` calls of a module) may name: equal values stay;
/// anything joined with Unknown is Unknown; CPU, CUDA and Runtime that
/// disagree are Runtime: the run decides which one it names.
Device joinChoices(Device A, Device B);
/// Combines the devices of an op's tensor inputs: any CUDA input makes the
/// result CUDA (CPU 0-dim operands are allowed with CUDA tensors); else any
/// Runtime input makes it Runtime (CUDA on the runs that choose CUDA,
/// whatever the other inputs are); else any Unknown input, Unknown.
Device combineInputs(Device A, Device B);

// ---- Joins over the program ----------------------------------------------

/// Joins what the callers of a function pass for one parameter (or what
/// its definitions return), for deciding whether it may be anything but
/// the CPU: None < CPU < Runtime < Unknown < CUDA, and the larger wins.
/// Runtime and Unknown are "maybe CUDA" alike there; CUDA is kept apart so
/// that a note can say a CUDA tensor was passed.
Device joinCallers(Device A, Device B);
/// True where a program-wide value may be a CUDA tensor: anything but the
/// CPU and None.
bool mayBeNonCpu(Device D);

// ---- Names on the wire ---------------------------------------------------

/// "cpu", "cuda", "runtime" or "unknown" (None is written "unknown": the
/// files carry no undecided values).
llvm::StringRef wireName(Device D);
/// The device of a wire name; nullopt for any other text.
std::optional<Device> deviceFromWire(llvm::StringRef Name);

} // namespace clang::tidy::torchsync

#endif // TORCHSYNC_PROGRAM_DEVICE_H
