// The features relocalization describes in one frame (a query, or a frame
// that becomes a keyframe): ORB keypoints spread over the view, each with
// the 3D point its registered depth gives, if any. Queries and keyframes
// are described the same way, so that their descriptors are comparable.
#pragma once

#include <Eigen/Core>
#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "relocalization/relocalization_options.h"
#include "tracking/corner_detector.h"
#include "tracking/orb_describer.h"

namespace vc {

struct FrameFeatures {
  std::vector<cv::KeyPoint> keypoints;
  // One 32-byte ORB row per keypoint.
  cv::Mat descriptors;
  // Per keypoint, its point in the camera's frame (OpenCV axes, metres), or
  // zero when the depth under it is missing or untrustworthy.
  std::vector<Eigen::Vector3f> camera_points;
};

class FeatureExtractor {
 public:
  explicit FeatureExtractor(const RelocalizationOptions& options);

  // grey: CV_8UC1. depth: CV_16UC1 registered to grey (units_per_metre > 0;
  // 0 and 65535 mean no reading), or empty. Deterministic.
  void Extract(const cv::Mat& grey, const cv::Mat& depth,
               double units_per_metre, const PinholeCamera& camera,
               FrameFeatures* out);

 private:
  // The strongest corner of every cell first, then the second of every
  // cell, and so on up to max_features: spread before strength.
  void SelectSpread(const cv::Size& size,
                    std::vector<cv::KeyPoint>* corners) const;

  RelocalizationOptions options_;
  CornerDetector detector_;
  OrbDescriber describer_;
  cv::Ptr<cv::ORB> orb_;  // only with pyramid_levels > 1
};

}  // namespace vc
