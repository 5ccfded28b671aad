// Loop detection: whether the newest keyframe of the map sees a place an
// older keyframe saw, and where the newest keyframe really is in the older
// keyframes' world. The tracker's pose narrows the search, since it has
// drifted by centimetres, not metres: candidates are keyframes at least
// min_age_seconds older (not neighbours in time) whose camera was near and
// looked the same way. A loop is then verified as relocalization verifies a
// pose, only stricter: ORB matches against the candidates' map points, a
// rigid 3D-3D RANSAC on depth, then the newest frame's depth aligned to the
// candidates' surfaces must agree over most of the view, and the correction
// must be one drift could explain (a few centimetres per metre walked,
// level kept). Repeated texture (two identical posters in two places)
// matches well and fits a rigid motion, but that motion is the distance
// between the posters, which no drift explains, and the walls around the
// poster do not agree.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "relocalization/keyframe_database.h"
#include "relocalization/relocalization_options.h"

namespace vc {

struct LoopDetectionOptions {
  // Candidates: keyframes this much older than the query ...
  double min_age_seconds = 4.0;
  // ... whose camera centre was within this distance ...
  double max_distance_metres = 1.0;
  // ... and whose optical axis within this angle of the query's.
  double max_view_degrees = 40.0;
  // The nearest this many are matched.
  int candidates = 3;
  // Matches agreeing with the rigid hypothesis, at least.
  int min_inliers = 20;
  // The place must be seen alike from several of its keyframes: the query's
  // depth, placed by the loop, must lie on the surfaces of at least this
  // many candidates (each with relocalization's min_surface_points), so the
  // old keyframes agree with each other and with the new one about it.
  int min_agreeing_keyframes = 2;
  // The largest correction drift explains: a floor plus a share of the path
  // walked between the candidate and the query.
  double max_correction_metres = 0.03;
  double max_correction_per_metre = 0.03;
  double max_correction_degrees = 2.0;
  double max_correction_degrees_per_metre = 0.5;
  // Tilt (roll and pitch against gravity) does not drift while up is
  // measured: a correction that tilts the world more than this is wrong.
  double max_tilt_degrees = 1.5;
};

enum class LoopOutcome {
  kFound = 0,
  kNoCandidates,
  kTooFewMatches,
  kNoConsensus,    // RANSAC: too few inliers
  kPoorAlignment,  // depth disagrees with the candidates' surfaces
  kImplausible,    // a correction no drift explains
  kNegligible,     // a true loop, but the map already agrees with it
  kInconsistent,   // the pose graph could not agree with it and the others
  kOneKeyframe,    // only one keyframe of the place supports it
  kUnconfirmed,    // the previous keyframe did not find the same correction
};

const char* LoopOutcomeName(LoopOutcome outcome);

struct LoopDetection {
  LoopOutcome outcome = LoopOutcome::kNoCandidates;
  // The candidate holding most inliers (index into keyframes()), or -1.
  int keyframe = -1;
  // The query keyframe's pose in the candidates' world (OpenCV axes).
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  int candidates = 0;
  int matches = 0;
  int inliers = 0;
  // Candidates whose surface the query's depth agrees with.
  int agreeing_keyframes = 0;
  double overlap = 0;
  double residual_metres = 0;
  // How far the loop moves the query from where tracking put it, and what
  // drift could explain.
  double correction_metres = 0;
  double correction_degrees = 0;
  double tilt_degrees = 0;
  double allowed_metres = 0;
  double allowed_degrees = 0;
};

// Checks query, a keyframe about to join the database (newer than all of
// its keyframes), against the older keyframes. query_points: the query
// frame's depth samples (camera frame, SampleDepthPoints). Deterministic.
LoopDetection DetectLoop(const KeyframeDatabase& database,
                         const MapKeyframe& query,
                         const std::vector<Eigen::Vector3f>& query_points,
                         const RelocalizationOptions& relocalization,
                         const LoopDetectionOptions& options);

}  // namespace vc
