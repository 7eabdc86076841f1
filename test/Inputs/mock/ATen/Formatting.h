#pragma once
#include <ATen/core/Formatting.h>
