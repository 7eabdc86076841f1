// See value.h: a stand-in for jsoncpp for bench/public's d2l-gru.
#pragma once
#include "value.h"
