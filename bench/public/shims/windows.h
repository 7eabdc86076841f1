// A stand-in for <windows.h> for bench/public's ssd-libtorch, which is
// written for Windows: the one call it makes, a console title, does nothing
// here (see README.md).
#pragma once

inline int SetConsoleTitle(const char *) { return 1; }
