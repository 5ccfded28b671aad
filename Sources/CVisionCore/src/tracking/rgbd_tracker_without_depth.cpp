// RgbdTracker's steps for frames without depth (monocular): points are
// triangulated from candidate tracks instead of lifted with depth.
#include <algorithm>
#include <vector>

#include "common/angles.h"
#include "common/depth_sampler.h"
#include "tracking/rgbd_tracker.h"
#include "tracking/two_view_geometry.h"

namespace vc {
namespace {

// A point is triangulated once its two rays are this far apart (ORB-SLAM
// asks 1.15 degrees; less measures distance poorly), and a keyframe is due
// once this many candidates have that parallax.
constexpr double kMinParallaxDegrees = 1.5;
constexpr int kReadyCandidatesForKeyframe = 20;
// The first map needs the candidates to have moved this fraction of the
// image's width (median), this many points from two views that agree on one
// motion, and a median parallax of kInitialParallaxDegrees: a camera that
// only turns never gets there (no baseline, no depth).
constexpr double kInitialDisplacementFraction = 0.04;
constexpr int kInitialMinPoints = 50;
constexpr double kInitialParallaxDegrees = 2.0;
// Candidates are spawned afresh when fewer than this many are left.
constexpr int kMinCandidates = 60;
// A monocular map has a scale of its own: its first points' median depth.
constexpr double kInitialMedianDepth = 1.0;

TriangulationLimits PointLimits(const TrackingOptions& options) {
  TriangulationLimits limits;
  limits.min_parallax = Radians(kMinParallaxDegrees);
  limits.max_error_px = options.inlier_threshold;
  return limits;
}

bool ShareOneOrigin(const std::vector<CandidateTrack>& tracks) {
  return std::all_of(tracks.begin(), tracks.end(),
                     [&](const CandidateTrack& t) {
                       return t.origin_ns == tracks.front().origin_ns;
                     });
}

double Median(std::vector<double> values) {
  auto middle = values.begin() + values.size() / 2;
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace

bool RgbdTracker::NeedsMonocularKeyframe(const TrackerFrame& frame,
                                         int inliers) const {
  if (NeedsKeyframe(inliers)) return true;
  return CountWithParallax(frame.camera, pending_.camera_from_world,
                           next_candidates_, Radians(kMinParallaxDegrees)) >=
         kReadyCandidatesForKeyframe;
}

int RgbdTracker::StartMonocularMap(const TrackerFrame& frame,
                                   const DepthSampler& depth) {
  ClearPendingTracks();
  if (!ShareOneOrigin(next_candidates_)) next_candidates_.clear();
  const int added = TriangulateFirstPoints(frame);
  if (added == 0) {
    ClearPendingTracks();
    if (static_cast<int>(next_candidates_.size()) < kMinCandidates) {
      next_candidates_.clear();
      SpawnCandidates(frame);
    }
    return 0;
  }
  next_candidates_.clear();
  DescribeTracksAndCorners(frame);
  SpawnCandidates(frame);
  BuildKeyframe(frame, depth);
  clear_map_ = true;
  pending_.metric_map = false;
  pending_.recovery_since_ns = -1;
  return added;
}

int RgbdTracker::StartMapAtSightings(
    const TrackerFrame& frame, const DepthSampler& depth,
    const std::vector<PointSighting>& sightings) {
  ClearPendingTracks();
  // Relocalization's consensus is loose (several pixels); the pose is
  // refined on the sightings, and only those within the tracker's own
  // threshold are followed.
  observations_.clear();
  for (const PointSighting& sighting : sightings) {
    const double z = (pending_.camera_from_world * sighting.world).z();
    // As uncertain as one pixel at its distance: the keyframe map keeps no
    // uncertainty of its own.
    observations_.push_back(
        {sighting.world, Eigen::Vector2d(sighting.pixel.x, sighting.pixel.y),
         z > 0 ? z / frame.camera.MeanFocal() : 0.0});
  }
  Eigen::Isometry3d pose = pending_.camera_from_world;
  const int support = estimator_.RefineNearby(frame.camera, observations_,
                                              &pose, &inlier_mask_);
  if (support < options_.min_inliers_normal) return 0;
  pending_.camera_from_world = pose;
  for (size_t k = 0; k < sightings.size(); ++k) {
    if (!inlier_mask_[k] ||
        static_cast<int>(next_positions_.size()) >= options_.max_features) {
      continue;
    }
    PromotedCandidate promoted;
    promoted.point.world = sightings[k].world;
    promoted.point.sigma = observations_[k].sigma;
    promoted.pixel = sightings[k].pixel;
    promoted.origin_ns = frame.timestamp_ns;
    AddPromotedPoint(frame, promoted);
  }
  const int added = static_cast<int>(new_points_.size());
  // Candidates followed before the loss start from a pose that is not this
  // map's.
  next_candidates_.clear();
  DescribeTracksAndCorners(frame);
  SpawnCandidates(frame);
  BuildKeyframe(frame, depth);
  clear_map_ = true;
  pending_.recovery_since_ns = -1;
  return added;
}

int RgbdTracker::TriangulateFirstPoints(const TrackerFrame& frame) {
  const std::vector<CandidateTrack>& tracks = next_candidates_;
  if (static_cast<int>(tracks.size()) < kInitialMinPoints ||
      MedianDisplacementPx(tracks) <
          kInitialDisplacementFraction * frame.camera.width) {
    return 0;
  }
  std::vector<cv::Point2f> from;
  std::vector<cv::Point2f> to;
  for (const CandidateTrack& t : tracks) {
    from.emplace_back(static_cast<float>(t.origin_pixel.x()),
                      static_cast<float>(t.origin_pixel.y()));
    to.push_back(t.pixel);
  }
  Eigen::Isometry3d b_from_a;
  std::vector<uint8_t> agree;
  if (!RelativeMotionFromMatches(frame.camera, from, to, kInitialMinPoints,
                                 &b_from_a, &agree)) {
    return 0;
  }
  // Triangulated at unit baseline, then scaled to the map's unit.
  const Eigen::Isometry3d a_from_world =
      tracks.front().origin_camera_from_world;
  const TriangulationLimits limits = PointLimits(options_);
  std::vector<double> depths;
  std::vector<double> parallaxes;
  for (size_t i = 0; i < tracks.size(); ++i) {
    TriangulatedPoint p;
    if (agree[i] &&
        TriangulateTwoViews(frame.camera, a_from_world, tracks[i].origin_pixel,
                            b_from_a * a_from_world,
                            Eigen::Vector2d(to[i].x, to[i].y), limits, &p)) {
      depths.push_back((a_from_world * p.world).z());
      parallaxes.push_back(p.parallax);
    }
  }
  if (static_cast<int>(depths.size()) < kInitialMinPoints ||
      Median(parallaxes) < Radians(kInitialParallaxDegrees)) {
    return 0;
  }
  b_from_a.translation() *= kInitialMedianDepth / Median(depths);
  pending_.camera_from_world = b_from_a * a_from_world;
  for (size_t i = 0; i < tracks.size(); ++i) {
    PromotedCandidate promoted;
    if (!agree[i] ||
        !TriangulateTwoViews(frame.camera, a_from_world, tracks[i].origin_pixel,
                             pending_.camera_from_world,
                             Eigen::Vector2d(to[i].x, to[i].y), limits,
                             &promoted.point)) {
      continue;
    }
    promoted.pixel = to[i];
    promoted.origin_ns = tracks[i].origin_ns;
    AddPromotedPoint(frame, promoted);
  }
  return static_cast<int>(new_points_.size());
}

int RgbdTracker::PromoteCandidatesToPoints(const TrackerFrame& frame) {
  promoted_.clear();
  PromoteCandidates(frame.camera, pending_.camera_from_world,
                    PointLimits(options_), &next_candidates_, &promoted_);
  int added = 0;
  for (const PromotedCandidate& promoted : promoted_) {
    if (static_cast<int>(next_positions_.size()) >= options_.max_features) {
      break;
    }
    AddPromotedPoint(frame, promoted);
    ++added;
  }
  return added;
}

void RgbdTracker::AddPromotedPoint(const TrackerFrame& frame,
                                   const PromotedCandidate& promoted) {
  MapPoint point;
  point.world = promoted.point.world;
  point.sigma = promoted.point.sigma;
  point.last_seen_frame = pending_.frame_index;
  point.last_seen_ns = frame.timestamp_ns;
  point.first_seen_ns = promoted.origin_ns;
  point.inlier_count = 1;
  new_points_.push_back(point);
  next_positions_.push_back(promoted.pixel);
  next_points_.push_back(-static_cast<int>(new_points_.size()));
}

void RgbdTracker::SpawnCandidates(const TrackerFrame& frame) {
  occupied_ = next_positions_;
  for (const CandidateTrack& t : next_candidates_) occupied_.push_back(t.pixel);
  const int budget =
      options_.max_features - static_cast<int>(next_candidates_.size());
  new_keypoints_.clear();
  const int added = corners_.SelectInEmptyCells(
      occupied_, budget, [](const cv::KeyPoint&) { return true; },
      &new_keypoints_);
  for (int k = 0; k < added; ++k) {
    CandidateTrack track;
    const cv::Point2f& pt = new_keypoints_[k].pt;
    track.origin_pixel = Eigen::Vector2d(pt.x, pt.y);
    track.origin_camera_from_world = pending_.camera_from_world;
    track.origin_ns = frame.timestamp_ns;
    track.pixel = pt;
    next_candidates_.push_back(track);
  }
}

}  // namespace vc
