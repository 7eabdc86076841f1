#pragma once
// Mock-internal helper (no LibTorch counterpart): provides std::function.
// With libstdc++ only <bits/std_function.h> is included, which parses much
// faster than <functional> (C++17 <functional> pulls in <unordered_map>,
// <array> and the searchers).
#include <string> // defines __GLIBCXX__ when libstdc++ is used
#if defined(__GLIBCXX__) && __has_include(<bits/std_function.h>)
#include <bits/std_function.h>
#else
#include <functional>
#endif
