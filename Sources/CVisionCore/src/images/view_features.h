// The ORB points of one view (a camera frame or a query photo) with a grid
// over them, so that guided matching finds the points near a position
// without scanning them all.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <vector>

namespace vc {

struct ViewFeatures {
  // The view's grey pixels (a header, valid while the view is).
  cv::Mat gray;
  std::vector<cv::KeyPoint> keypoints;
  cv::Mat descriptors;

  // Indices of the keypoints within radius pixels of p.
  void Near(const cv::Point2f& p, float radius, std::vector<int>* out) const;

  // Fills the grid from keypoints; called once they are found.
  void BuildGrid();

 private:
  static constexpr int kCell = 16;
  int columns_ = 0;
  int rows_ = 0;
  std::vector<std::vector<int>> cells_;
};

// Finds a view's ORB points: features points over levels scales of 1.2,
// FAST corners at fast_threshold, or at low_fast_threshold when that gives
// fewer than features points.
class ViewDescriber {
 public:
  ViewDescriber(int features, int levels, int fast_threshold,
                int low_fast_threshold);
  void Describe(const cv::Mat& gray, ViewFeatures* view);

 private:
  int features_;
  cv::Ptr<cv::ORB> orb_;
  // Null when there is no lower threshold to try.
  cv::Ptr<cv::ORB> low_orb_;
};

}  // namespace vc
