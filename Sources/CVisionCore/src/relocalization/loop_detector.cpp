#include "relocalization/loop_detector.h"

#include <algorithm>
#include <cmath>

#include "common/angles.h"
#include "common/rotation_angle.h"
#include "relocalization/pose_ransac.h"
#include "relocalization/surface_alignment.h"
#include "relocalization/two_nearest.h"

namespace vc {
namespace {

Eigen::Vector3d Centre(const Keyframe& k) {
  return k.camera_from_world.inverse().translation();
}

// The optical axis in the world.
Eigen::Vector3d Forward(const Keyframe& k) {
  return k.camera_from_world.linear().row(2).transpose();
}

// Candidate indices, nearest first (ties: the older).
std::vector<int> ChooseCandidates(const std::vector<MapKeyframe>& keyframes,
                                  const Keyframe& q,
                                  const LoopDetectionOptions& options) {
  const Eigen::Vector3d centre = Centre(q);
  const Eigen::Vector3d forward = Forward(q);
  const double min_cos = std::cos(Radians(options.max_view_degrees));
  const int64_t newest_ns =
      q.timestamp_ns - static_cast<int64_t>(options.min_age_seconds * 1e9);
  std::vector<std::pair<double, int>> near;
  for (int k = 0; k < int(keyframes.size()); ++k) {
    const Keyframe& c = keyframes[k].keyframe;
    // A keyframe stamped after the query came from another recording (an
    // adopted world map): old enough whatever its clock says.
    const bool recent =
        c.timestamp_ns > newest_ns && c.timestamp_ns <= q.timestamp_ns;
    if (recent || keyframes[k].surface.empty()) continue;
    const double distance = (Centre(c) - centre).norm();
    if (distance > options.max_distance_metres ||
        Forward(c).dot(forward) < min_cos) {
      continue;
    }
    near.emplace_back(distance, k);
  }
  std::sort(near.begin(), near.end());
  std::vector<int> chosen;
  for (size_t i = 0; i < near.size() && int(i) < options.candidates; ++i) {
    chosen.push_back(near[i].second);
  }
  return chosen;
}

// The query's features matched to the candidates' map points: camera
// points (the query's, in its tracked world), map points, and the candidate
// keyframe each came from.
struct LoopMatches {
  std::vector<Eigen::Vector3d> camera_points;
  std::vector<Eigen::Vector3d> world_points;
  std::vector<int> owner;
};

// Each query feature's best match among the candidates' map points (the
// nearest descriptor, passing the distance and ratio tests of
// relocalization).
LoopMatches MatchToCandidates(const std::vector<MapKeyframe>& keyframes,
                              const Keyframe& q,
                              const std::vector<int>& candidates,
                              const RelocalizationOptions& relocalization) {
  const int features = q.descriptors.rows;
  std::vector<int> best_distance(features,
                                 relocalization.max_descriptor_distance + 1);
  std::vector<std::pair<int, int>> best(features, {-1, -1});  // keyframe, point
  std::vector<TwoNearest> nearest(features);
  for (int k : candidates) {
    const Keyframe& c = keyframes[k].keyframe;
    if (c.descriptors.rows < 2) continue;
    FindTwoNearest(q.descriptors, c.descriptors, nearest.data());
    for (int f = 0; f < features; ++f) {
      const TwoNearest& n = nearest[f];
      if (n.distance >= best_distance[f] ||
          static_cast<float>(n.distance) >
              relocalization.match_ratio *
                  static_cast<float>(n.second_distance)) {
        continue;
      }
      best_distance[f] = n.distance;
      best[f] = {k, n.index};
    }
  }
  LoopMatches matches;
  for (int f = 0; f < features; ++f) {
    if (best[f].first < 0) continue;
    matches.camera_points.push_back(q.camera_from_world *
                                    q.points[f].cast<double>());
    matches.world_points.push_back(keyframes[best[f].first]
                                       .keyframe.points[best[f].second]
                                       .cast<double>());
    matches.owner.push_back(best[f].first);
  }
  return matches;
}

// The correction the loop asks for, and how much the distance walked since
// the looped keyframe allows.
void MeasureCorrection(const std::vector<MapKeyframe>& keyframes,
                       const Keyframe& q, const LoopDetectionOptions& options,
                       LoopDetection* result) {
  const Eigen::Isometry3d tracked = q.camera_from_world.inverse();
  const Eigen::Isometry3d looped = result->camera_from_world.inverse();
  const Eigen::Matrix3d turn = looped.linear() * tracked.linear().transpose();
  result->correction_metres =
      (looped.translation() - tracked.translation()).norm();
  result->correction_degrees = RotationDegrees(turn);
  const Eigen::Vector3d up = Eigen::Vector3d::UnitY();
  result->tilt_degrees =
      Degrees(std::acos(std::clamp((turn * up).dot(up), -1.0, 1.0)));
  double walked = 0;
  for (int k = result->keyframe; k < int(keyframes.size()); ++k) {
    const Keyframe& next =
        k + 1 < int(keyframes.size()) ? keyframes[k + 1].keyframe : q;
    walked += (Centre(next) - Centre(keyframes[k].keyframe)).norm();
  }
  result->allowed_metres =
      options.max_correction_metres + options.max_correction_per_metre * walked;
  result->allowed_degrees = options.max_correction_degrees +
                            options.max_correction_degrees_per_metre * walked;
}

// What becomes of a loop whose pose is aligned and measured.
LoopOutcome JudgeLoop(const SurfaceAlignment& alignment,
                      const LoopDetection& result,
                      const RelocalizationOptions& relocalization,
                      const LoopDetectionOptions& options) {
  if (alignment.agreeing < relocalization.min_surface_points ||
      alignment.overlap < relocalization.min_overlap ||
      alignment.residual > relocalization.max_residual) {
    return LoopOutcome::kPoorAlignment;
  }
  if (result.agreeing_keyframes < options.min_agreeing_keyframes) {
    return LoopOutcome::kOneKeyframe;
  }
  if (result.correction_metres > result.allowed_metres ||
      result.correction_degrees > result.allowed_degrees ||
      result.tilt_degrees > options.max_tilt_degrees) {
    return LoopOutcome::kImplausible;
  }
  return LoopOutcome::kFound;
}

}  // namespace

const char* LoopOutcomeName(LoopOutcome outcome) {
  switch (outcome) {
    case LoopOutcome::kFound:
      return "found";
    case LoopOutcome::kNoCandidates:
      return "no_candidates";
    case LoopOutcome::kTooFewMatches:
      return "too_few_matches";
    case LoopOutcome::kNoConsensus:
      return "no_consensus";
    case LoopOutcome::kPoorAlignment:
      return "poor_alignment";
    case LoopOutcome::kImplausible:
      return "implausible";
    case LoopOutcome::kNegligible:
      return "negligible";
    case LoopOutcome::kInconsistent:
      return "inconsistent";
    case LoopOutcome::kOneKeyframe:
      return "one_keyframe";
    case LoopOutcome::kUnconfirmed:
      return "unconfirmed";
  }
  return "unknown";
}

LoopDetection DetectLoop(const KeyframeDatabase& database,
                         const MapKeyframe& query,
                         const std::vector<Eigen::Vector3f>& query_points,
                         const RelocalizationOptions& relocalization,
                         const LoopDetectionOptions& options) {
  LoopDetection result;
  const std::vector<MapKeyframe>& keyframes = database.keyframes();
  const Keyframe& q = query.keyframe;
  const std::vector<int> candidates = ChooseCandidates(keyframes, q, options);
  result.candidates = int(candidates.size());
  if (candidates.empty() || q.descriptors.empty()) return result;

  const LoopMatches matches =
      MatchToCandidates(keyframes, q, candidates, relocalization);
  result.matches = int(matches.camera_points.size());
  if (result.matches < options.min_inliers) {
    result.outcome = LoopOutcome::kTooFewMatches;
    return result;
  }

  PoseRansacOptions ransac;
  ransac.max_iterations = relocalization.ransac_iterations;
  ransac.seed = relocalization.ransac_seed;
  ransac.threshold = relocalization.ransac_threshold_metres;
  PoseHypothesis hypothesis;
  const bool have = RansacRigid(matches.camera_points, matches.world_points,
                                ransac, &hypothesis);
  result.inliers = have ? hypothesis.inlier_count : 0;
  if (!have || hypothesis.inlier_count < options.min_inliers ||
      hypothesis.inlier_count <
          relocalization.min_inlier_ratio * double(result.matches)) {
    result.outcome = LoopOutcome::kNoConsensus;
    return result;
  }
  std::vector<int> votes(keyframes.size(), 0);
  FeatureCorrespondences inliers;
  for (size_t m = 0; m < matches.camera_points.size(); ++m) {
    if (!hypothesis.inliers[m]) continue;
    ++votes[matches.owner[m]];
    inliers.camera.push_back(matches.camera_points[m]);
    inliers.world.push_back(matches.world_points[m]);
  }
  result.keyframe =
      int(std::max_element(votes.begin(), votes.end()) - votes.begin());

  // The whole view's depth must agree with the old surfaces, not just the
  // matched texture.
  std::vector<const DepthSurface*> surfaces;
  for (int k : candidates) surfaces.push_back(&keyframes[k].surface);
  const SurfaceAlignment alignment =
      AlignToSurfaces(query_points, surfaces, inliers,
                      hypothesis.camera_from_world, relocalization,
                      /*by_surface=*/true);
  result.camera_from_world = alignment.camera_from_world;
  result.overlap = alignment.overlap;
  result.residual_metres = alignment.residual;
  result.agreeing_keyframes =
      int(std::count_if(alignment.agreeing_by_surface.begin(),
                        alignment.agreeing_by_surface.end(), [&](int agreeing) {
                          return agreeing >= relocalization.min_surface_points;
                        }));
  MeasureCorrection(keyframes, q, options, &result);
  result.outcome = JudgeLoop(alignment, result, relocalization, options);
  return result;
}

}  // namespace vc
