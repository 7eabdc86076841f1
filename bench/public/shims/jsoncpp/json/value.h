// A stand-in for jsoncpp's headers for bench/public's d2l-gru: the helper
// header it includes (utils.h of "Dive into Deep Learning with LibTorch")
// includes six of them and says `using namespace Json;`, but the program
// calls nothing of jsoncpp, which the GPU machine does not have (see
// README.md). allocator.h, config.h, json_features.h, reader.h and writer.h
// include this one. Outside every root: never counted as user code.
#pragma once

namespace Json {}
