// ORB descriptors for a keyframe's features, kept so that a lost camera can
// later be relocalised against the keyframes. Runs on keyframes only (never
// per frame) and describes the tracker's own FAST corners instead of
// detecting a second set of features.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <vector>

namespace vc {

class OrbDescriber {
 public:
  OrbDescriber();

  // Gives every keypoint its intensity-centroid orientation (what makes ORB
  // rotation invariant; OpenCV only computes it for corners it detects
  // itself) and computes the descriptors. Keypoints too close to the border
  // to describe are removed; class_id is preserved, so callers tag each
  // keypoint with its index to match rows of descriptors back.
  void Describe(const cv::Mat& gray, std::vector<cv::KeyPoint>* keypoints,
                cv::Mat* descriptors);

 private:
  float IntensityCentroidAngle(const cv::Mat& gray, const cv::Point2f& p) const;

  cv::Ptr<cv::ORB> orb_;
  // Half-width of each row of the circular orientation patch.
  std::vector<int> row_half_width_;
};

}  // namespace vc
