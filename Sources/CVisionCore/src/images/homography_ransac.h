// A homography fitted to point correspondences with RANSAC: minimal
// four-point samples drawn by a seeded generator (same input, same result on
// every platform), samples no camera could produce rejected before they are
// solved, an adaptive number of iterations, and a least-squares fit to the
// inliers of the best sample. OpenCV's findHomography spends about 8 us per
// iteration on general-purpose machinery; recognition verifies several
// candidates per frame, most of them wrong, and so runs all its iterations.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

namespace vc {

struct RansacOptions {
  // Pixels in the target image.
  double threshold = 3.0;
  int max_iterations = 300;
  // Stop once a sample this likely to be all inliers has been drawn.
  double confidence = 0.995;
  uint64_t seed = 0x1A6E5EED;
};

// Fits h (from -> to) and flags the inliers (one flag per correspondence).
// False when fewer than 4 correspondences agree on any homography.
bool RansacHomography(const std::vector<cv::Point2f>& from,
                      const std::vector<cv::Point2f>& to,
                      const RansacOptions& options, cv::Matx33d* h,
                      std::vector<uint8_t>* inliers);

}  // namespace vc
