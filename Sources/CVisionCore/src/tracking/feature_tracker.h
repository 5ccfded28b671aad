// Follows features from the last tracked frame into the current one with
// pyramidal Lucas-Kanade optical flow, starting from predicted positions so
// that a small window and few levels suffice. Owns the two image pyramids
// (last tracked frame, current frame) and reuses their buffers.
#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/tracking_options.h"

namespace vc {

class FeatureTracker {
 public:
  explicit FeatureTracker(const TrackingOptions& options);

  // Builds the current frame's pyramid (with derivatives, which optical flow
  // needs for the frame it tracks from, so each image gets them once).
  void BuildPyramid(const cv::Mat& gray);

  // Whether a previous frame's pyramid exists to track from.
  bool has_previous() const { return !previous_.empty(); }

  // Tracks previous positions (in the previous frame) into the current one.
  // positions holds the predicted positions on entry and the tracked ones on
  // return; ok[i] is 1 where the track is good (converged, small error,
  // inside the image).
  void Track(const std::vector<cv::Point2f>& previous,
             std::vector<cv::Point2f>* positions, std::vector<uint8_t>* ok);

  // The current pyramid becomes the one the next frame is tracked from.
  void AdvanceFrame() noexcept { previous_.swap(current_); }

  // Forgets the previous frame (a new map starts from the current one).
  void Reset() noexcept { previous_.clear(); }

 private:
  cv::Size window_;
  int levels_;
  cv::TermCriteria criteria_;
  float max_error_;
  std::vector<cv::Mat> previous_;
  std::vector<cv::Mat> current_;
  std::vector<float> errors_;
};

}  // namespace vc
