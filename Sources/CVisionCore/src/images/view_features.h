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

// FAST's threshold for a view's corners: fixed, or adapted from view to
// view between a lowest and a highest value.
struct FastThresholds {
  int start = 20;
  int lowest = 20;
  int highest = 20;
};

// Finds a view's ORB points: features points over levels scales of 1.2.
// FAST's threshold rises while views give all the points asked for (a
// textured scene leaves FAST and Harris fewer candidates to score) and
// falls when one gives fewer; a view with under half of them is described
// again at the lowest threshold (dim light, plain scenes). Deterministic:
// the threshold depends only on the views described before.
class ViewDescriber {
 public:
  ViewDescriber(int features, int levels, const FastThresholds& thresholds);
  void Describe(const cv::Mat& gray, ViewFeatures* view);

 private:
  int features_;
  FastThresholds thresholds_;
  int threshold_;
  cv::Ptr<cv::ORB> orb_;
};

}  // namespace vc
