constexpr int kSteps = 3;
