// Windowed bundle adjustment of the local map: the newest keyframes and every
// point they saw are adjusted together; older keyframes that saw those points
// take part with their poses fixed, so they hold the map's gauge and the
// window cannot drift away from what was mapped before. A point seen only
// once constrains nothing: it stays out of the solve and moves rigidly with
// the keyframe that saw it.
//
// The result is a MapAdjustment for LocalMap::Apply, so the tracker can
// compute it in Track() and apply it in Commit(), as everything else.
#pragma once

#include <vector>

#include "common/tracking_options.h"
#include "tracking/bundle_adjuster.h"
#include "tracking/local_map.h"

namespace vc {

class KeyframeWindowAdjuster {
 public:
  explicit KeyframeWindowAdjuster(const TrackingOptions& options);

  // Adjusts map's newest keyframes and their points; adjustment receives the
  // new poses and positions (cleared first; empty when there was nothing to
  // adjust).
  BundleSummary Adjust(const LocalMap& map, MapAdjustment* adjustment);

 private:
  // Adds keyframe's observations of points already in the problem.
  void AddObservations(const LocalMap& map, const LocalKeyframe& keyframe,
                       int camera);

  BundleAdjuster adjuster_;
  int window_;
  double depth_noise_;

  // ---- Scratch, reused between adjustments.
  BundleProblem problem_;
  std::vector<int> problem_point_;     // map slot -> problem point or -1
  std::vector<int> slots_;             // problem point -> map slot
  std::vector<int> sightings_;         // problem point -> observation count
  std::vector<int> single_camera_;     // problem point seen once -> its camera
  std::vector<int64_t> keyframe_ids_;  // problem camera -> keyframe id
};

}  // namespace vc
