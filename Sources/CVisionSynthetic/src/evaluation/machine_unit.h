// The machine unit: how long OpenCV's ORB takes on one fixed frame on this
// machine, now. Machines of our kind, and one machine from minute to
// minute, differ up to 2x in speed, so benchmarks state their times in this
// unit too (DESIGN.md, budgets): a time measured beside the unit compares
// across machines and sessions where milliseconds alone do not.
#pragma once

#include <opencv2/core.hpp>

namespace vc {

// The unit's frame: 640 x 480 grey pixels drawn from a fixed seed with the
// core's splitmix64 (never OpenCV's RNG, whose sequence is not promised
// across versions), so every build and machine times the same pixels.
// Overlapping rectangles and discs on a ramp, softened by a blur, give ORB
// corners at every scale and cost it what a real camera frame does.
cv::Mat MachineUnitFrame();

struct OrbTiming {
  double milliseconds = 0.0;
  // Keypoints ORB returned: a frame with none timed nothing worth a unit.
  int features = 0;
};

// One ORB detection and description (1000 features, scale 1.2, 8 levels)
// on `frame`, timed, with OpenCV limited to one thread for the call. Not for
// use while other OpenCV work runs in the process: the thread count is
// OpenCV's global setting (restored before returning).
OrbTiming TimeOrbOnce(const cv::Mat& frame);

}  // namespace vc
