// The pyramidal Lucas-Kanade optical flow that follows a picture from frame
// to frame (ImageTracker) and refines a homography against a warped
// reference (RefineWithFlow): one description of a flow, so that a pyramid
// built for it and the tracking that uses the pyramid cannot disagree on the
// window or the number of levels.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

namespace vc {

struct LucasKanadeFlow {
  // The window's side in pixels.
  int window;
  // Pyramid levels above the full image.
  int levels;
  // A point stops after 20 iterations or a step shorter than this, pixels.
  double epsilon;

  cv::Size WindowSize() const { return {window, window}; }

  // Builds the pyramid `Track` expects for `gray`.
  void BuildPyramid(const cv::Mat& gray, std::vector<cv::Mat>* pyramid) const;

  // Follows `points` from `from` to `to` (images or pyramids built by
  // BuildPyramid) into `next`; `flags` are calcOpticalFlowPyrLK's (e.g.
  // cv::OPTFLOW_USE_INITIAL_FLOW, with `next` holding the guesses).
  void Track(cv::InputArray from, cv::InputArray to,
             const std::vector<cv::Point2f>& points,
             std::vector<cv::Point2f>* next, std::vector<uint8_t>* status,
             std::vector<float>* error, int flags = 0) const;
};

}  // namespace vc
