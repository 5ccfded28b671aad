// Included last by the files whose rendered bytes must not depend on the
// compiler: clang fuses multiply-adds by default wherever FMA exists (e.g. on
// arm64) and GCC does not in ISO C++ mode, so sample data rendered on one
// machine would differ from another's. The pragma holds for the rest of the
// including file.
#pragma once

#if defined(__clang__)
#pragma clang fp contract(off)
#endif
