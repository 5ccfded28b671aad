// A reference image seen in one view: where (the homography from its pixels
// to the view's), how sure, and its pose relative to the camera.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>

namespace vc {

struct ImageObservation {
  int reference_index = 0;
  // Reference pixels (as given) -> view pixels.
  cv::Matx33d homography = cv::Matx33d::eye();
  // Fraction (0..1) of the reference points expected in the view that were
  // found there and agree with the homography.
  double score = 0;
  int inlier_count = 0;
  // Found by recognition in this view, rather than followed from the last.
  bool recognized = false;
  // ARKit's image-anchor frame in ARKit camera axes.
  Eigen::Isometry3d camera_from_image = Eigen::Isometry3d::Identity();
  // Depth's distance to the picture over the distance its physical width
  // implies; 1 without depth.
  double estimated_scale_factor = 1;
};

}  // namespace vc
