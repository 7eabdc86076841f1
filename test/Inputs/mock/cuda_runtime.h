#pragma once
#include <crt/host_defines.h>
#include <cuda_runtime_api.h>
