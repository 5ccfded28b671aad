// Degrees and radians, converted one way everywhere: options and thresholds
// are written in degrees for people, the maths works in radians.
#pragma once

namespace vc {

constexpr double kPi = 3.14159265358979323846;

constexpr double Radians(double degrees) { return degrees * (kPi / 180.0); }
constexpr double Degrees(double radians) { return radians * (180.0 / kPi); }

}  // namespace vc
