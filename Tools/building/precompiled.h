// The headers nearly every C++ source of the core, the renderer and the
// test trials includes, precompiled once per build by
// Tools/building/precompile-headers (Tools/test and Tools/sanitize pass the
// result to every C++ compile with -include-pch). Parsing Eigen's and
// OpenCV's headers cost clang about 1.5 s for every source file.
// The sources do not rely on it: each still includes what it uses, and
// a plain `swift build` compiles them without it.
//
// Eigen comes first, as it does in most sources through their own headers:
// it includes the standard headers between pragmas that silence warnings,
// and clang reads those pragmas where a template from the standard library
// is instantiated. With <algorithm> first, every std::stable_sort warned of
// libstdc++'s deprecated get_temporary_buffer.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>
