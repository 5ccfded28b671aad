// One reference image as recognition keeps it: its name and physical size,
// its distinctive points over a few scales with their ORB descriptors, the
// corners that per-frame tracking follows, and a working-size grey copy for
// the refinement that aligns it with a view.
#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

namespace vc {

struct ReferenceImage {
  std::string name;
  // Metres; the height follows from the aspect ratio of the pixels.
  double physical_width = 0;
  double physical_height = 0;
  // Size of the image as given, in pixels. Every coordinate below is in
  // these pixels, whatever size the points were found at.
  int width = 0;
  int height = 0;
  // Working pixels = given pixels * working_scale (<= 1): large images are
  // reduced so that every reference costs about the same.
  double working_scale = 1;
  cv::Mat working_gray;
  // ORB points over the scales of ORB's pyramid: position, the pyramid level
  // they were found at, orientation (degrees), and one 32-byte descriptor
  // row each.
  std::vector<cv::Point2f> points;
  std::vector<int> octaves;
  std::vector<float> angles;
  cv::Mat descriptors;
  // Corners that optical flow follows well, spread over the image.
  std::vector<cv::Point2f> track_points;
  // A 32x32 zero-mean, unit-norm thumbnail (CV_32F): images with nearly the
  // same thumbnail show the same picture.
  cv::Mat thumbnail;

  // Pixels of the image as given -> metres in the image's plane frame
  // (origin at the centre, +X right, +Y down; see common/conventions.h).
  double MetresPerPixel() const { return physical_width / width; }
};

}  // namespace vc
