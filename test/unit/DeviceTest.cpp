//===--- DeviceTest.cpp - The device lattice (program/Device.h) -----------===//

#include "program/Device.h"
#include "gtest/gtest.h"

using namespace clang::tidy::torchsync;

namespace {

const Device All[] = {Device::None, Device::CPU, Device::CUDA,
                      Device::Runtime, Device::Unknown};

TEST(DeviceTest, NoneJoinsAway) {
  for (Device D : All) {
    EXPECT_EQ(joinAgreeing(Device::None, D), D);
    EXPECT_EQ(joinChoices(D, Device::None), D);
    EXPECT_EQ(joinCallers(Device::None, D), D);
    EXPECT_EQ(combineInputs(Device::None, D), D);
  }
}

TEST(DeviceTest, JoinsAreCommutativeAndIdempotent) {
  for (Device A : All) {
    EXPECT_EQ(joinAgreeing(A, A), A);
    EXPECT_EQ(joinChoices(A, A), A);
    EXPECT_EQ(joinCallers(A, A), A);
    EXPECT_EQ(combineInputs(A, A), A);
    for (Device B : All) {
      EXPECT_EQ(joinAgreeing(A, B), joinAgreeing(B, A));
      EXPECT_EQ(joinChoices(A, B), joinChoices(B, A));
      EXPECT_EQ(joinCallers(A, B), joinCallers(B, A));
      EXPECT_EQ(combineInputs(A, B), combineInputs(B, A));
    }
  }
}

TEST(DeviceTest, VariablesMustAgree) {
  EXPECT_EQ(joinAgreeing(Device::CPU, Device::CUDA), Device::Unknown);
  EXPECT_EQ(joinAgreeing(Device::CPU, Device::Runtime), Device::Unknown);
}

TEST(DeviceTest, ChoicesMadeAtRunTime) {
  EXPECT_EQ(joinChoices(Device::CPU, Device::CUDA), Device::Runtime);
  EXPECT_EQ(joinChoices(Device::Runtime, Device::CUDA), Device::Runtime);
  EXPECT_EQ(joinChoices(Device::CPU, Device::Unknown), Device::Unknown);
}

TEST(DeviceTest, AnyCudaInputMakesTheResultCuda) {
  EXPECT_EQ(combineInputs(Device::CPU, Device::CUDA), Device::CUDA);
  EXPECT_EQ(combineInputs(Device::Unknown, Device::CUDA), Device::CUDA);
  EXPECT_EQ(combineInputs(Device::CPU, Device::Runtime), Device::Runtime);
  EXPECT_EQ(combineInputs(Device::CPU, Device::Unknown), Device::Unknown);
}

TEST(DeviceTest, CallersOrder) {
  // None < CPU < Runtime < Unknown < CUDA.
  EXPECT_EQ(joinCallers(Device::CPU, Device::Runtime), Device::Runtime);
  EXPECT_EQ(joinCallers(Device::Runtime, Device::Unknown), Device::Unknown);
  EXPECT_EQ(joinCallers(Device::Unknown, Device::CUDA), Device::CUDA);
  EXPECT_FALSE(mayBeNonCpu(Device::None));
  EXPECT_FALSE(mayBeNonCpu(Device::CPU));
  EXPECT_TRUE(mayBeNonCpu(Device::Runtime));
  EXPECT_TRUE(mayBeNonCpu(Device::Unknown));
  EXPECT_TRUE(mayBeNonCpu(Device::CUDA));
}

TEST(DeviceTest, WireNamesRoundTrip) {
  for (Device D : {Device::CPU, Device::CUDA, Device::Runtime, Device::Unknown})
    EXPECT_EQ(deviceFromWire(wireName(D)), D);
  EXPECT_EQ(wireName(Device::None), "unknown");
  EXPECT_EQ(deviceFromWire("CUDA"), std::nullopt);
  EXPECT_EQ(deviceFromWire(""), std::nullopt);
}

} // namespace
