#include "tracking/keyframe_window_adjuster.h"

#include <algorithm>

namespace vc {
namespace {

// A keyframe's pixels come from optical flow carried over many frames, which
// wanders more than the half pixel of one frame's flow. Measured on
// 7scenes-kitchen-dev (mean ATE over six RANSAC seeds): 1 px 3.08-3.23 cm,
// 0.5 px 3.44, 0.75 px 3.24, 1.5 px 3.12; without adjustment 3.99. Depth
// weighted by the tracker's noise model did best (2 and 4 times looser
// depth: 4.24 and 4.37).
constexpr double kPixelSigma = 1.0;
// Beyond 3 sigma (whitened) an observation pulls with a constant force.
constexpr double kHuberScale = 3.0;
// Each adjustment starts from the last one's result, so a few iterations per
// keyframe suffice (10 did no better on the kitchen).
constexpr int kMaxIterations = 5;
// Keyframes adjusted at once: the newest ones, which the current frame is
// tracked against (on the kitchen, 8: 3.08 cm; 5: 3.58; 12: 3.21).
constexpr int kWindowKeyframes = 8;

}  // namespace

KeyframeWindowAdjuster::KeyframeWindowAdjuster(const TrackingOptions& options)
    : adjuster_(kPixelSigma, kHuberScale, kMaxIterations),
      window_(kWindowKeyframes),
      depth_noise_(options.depth_noise) {}

void KeyframeWindowAdjuster::AddObservations(const LocalMap& map,
                                             const LocalKeyframe& keyframe,
                                             int camera) {
  for (const KeyframeObservation& o : keyframe.observations) {
    if (!map.holds(o.point, o.point_id)) continue;
    const int point = problem_point_[o.point];
    if (point < 0) continue;
    BundleObservation observation;
    observation.camera = camera;
    observation.point = point;
    observation.pixel = o.pixel.cast<double>();
    if (o.depth > 0) {
      const double z = o.depth;
      observation.depth = z;
      // The 3x3 mean has a third of one reading's noise (DepthSampler).
      observation.depth_sigma = depth_noise_ * z * z / 3.0;
    }
    problem_.observations.push_back(observation);
    ++sightings_[point];
  }
}

BundleSummary KeyframeWindowAdjuster::Adjust(const LocalMap& map,
                                             MapAdjustment* adjustment) {
  adjustment->Clear();
  problem_.cameras.clear();
  problem_.points.clear();
  problem_.observations.clear();
  slots_.clear();
  sightings_.clear();
  keyframe_ids_.clear();
  const std::deque<LocalKeyframe>& keyframes = map.keyframes();
  const int count = static_cast<int>(keyframes.size());
  if (count < 2) return BundleSummary();
  const int first = std::max(0, count - window_);

  // The window's points, in the order the window first saw them.
  problem_point_.assign(map.slot_count(), -1);
  for (int k = first; k < count; ++k) {
    for (const KeyframeObservation& o : keyframes[k].observations) {
      if (!map.holds(o.point, o.point_id) || problem_point_[o.point] >= 0) {
        continue;
      }
      problem_point_[o.point] = static_cast<int>(slots_.size());
      slots_.push_back(o.point);
      problem_.points.push_back(map.point(o.point).world);
    }
  }
  sightings_.assign(slots_.size(), 0);
  // The window's cameras first (the oldest holds the gauge when no older
  // keyframe saw its points), then the older keyframes that saw them, fixed.
  for (int k = first; k < count; ++k) {
    problem_.cameras.push_back(
        {keyframes[k].camera_from_world, keyframes[k].camera, false});
    keyframe_ids_.push_back(keyframes[k].id);
    AddObservations(map, keyframes[k],
                    static_cast<int>(problem_.cameras.size()) - 1);
  }
  for (int k = 0; k < first; ++k) {
    const size_t before = problem_.observations.size();
    const int camera = static_cast<int>(problem_.cameras.size());
    AddObservations(map, keyframes[k], camera);
    if (problem_.observations.size() == before) continue;
    problem_.cameras.push_back(
        {keyframes[k].camera_from_world, keyframes[k].camera, true});
    keyframe_ids_.push_back(keyframes[k].id);
  }
  // A point seen once is fixed by that one view alone: it leaves the solve
  // and moves rigidly with the keyframe that saw it.
  single_camera_.assign(slots_.size(), -1);
  for (const BundleObservation& o : problem_.observations) {
    if (sightings_[o.point] == 1) single_camera_[o.point] = o.camera;
  }
  problem_.observations.erase(
      std::remove_if(
          problem_.observations.begin(), problem_.observations.end(),
          [&](const BundleObservation& o) { return sightings_[o.point] < 2; }),
      problem_.observations.end());
  if (problem_.observations.empty()) return BundleSummary();

  const BundleSummary summary = adjuster_.Solve(&problem_);
  if (summary.iterations == 0) return summary;
  for (int c = 0; c < count - first; ++c) {
    adjustment->keyframes.push_back(
        {keyframe_ids_[c], problem_.cameras[c].camera_from_world});
  }
  for (size_t j = 0; j < slots_.size(); ++j) {
    Eigen::Vector3d world = problem_.points[j];
    if (sightings_[j] < 2) {
      const int camera = single_camera_[j];
      if (camera < 0 || problem_.cameras[camera].fixed) continue;
      // Where its keyframe saw it, from where that keyframe is now.
      const LocalKeyframe& keyframe = keyframes[first + camera];
      world = problem_.cameras[camera].camera_from_world.inverse() *
              (keyframe.camera_from_world * world);
    }
    adjustment->points.push_back({slots_[j], map.point(slots_[j]).id, world});
  }
  return summary;
}

}  // namespace vc
