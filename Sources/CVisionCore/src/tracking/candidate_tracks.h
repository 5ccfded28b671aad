// Monocular tracking's source of new map points: corners followed by optical
// flow from the frame where they appeared until the camera has moved far
// enough sideways to triangulate them (tracking/two_view_geometry.h). Where a
// frame has depth, points are lifted at once instead (RgbdTracker).
//
// Kept as a value the tracker replaces at Commit(): Follow() and Promote()
// read one set and write the next, so a failed frame leaves no trace.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "tracking/feature_tracker.h"
#include "tracking/two_view_geometry.h"

namespace vc {

struct CandidateTrack {
  // Where and from which pose the corner was first seen.
  Eigen::Vector2d origin_pixel = Eigen::Vector2d::Zero();
  Eigen::Isometry3d origin_camera_from_world = Eigen::Isometry3d::Identity();
  int64_t origin_ns = 0;
  // Where it is in the last frame followed.
  cv::Point2f pixel;
};

// A candidate triangulated into a map point, with where the current frame
// sees it.
struct PromotedCandidate {
  TriangulatedPoint point;
  cv::Point2f pixel;
  int64_t origin_ns = 0;
};

// Follows from's tracks into the frame whose pyramid flow holds now, into
// into (replaced): the ones optical flow loses are dropped.
void FollowCandidates(const std::vector<CandidateTrack>& from,
                      FeatureTracker* flow, std::vector<CandidateTrack>* into);

// Moves every candidate of tracks that triangulates from its origin and the
// current pose into promoted; drops those whose triangulation fails a check
// other than parallax; keeps the rest for later frames.
void PromoteCandidates(const PinholeCamera& camera,
                       const Eigen::Isometry3d& camera_from_world,
                       const TriangulationLimits& limits,
                       std::vector<CandidateTrack>* tracks,
                       std::vector<PromotedCandidate>* promoted);

// How many of tracks are seen now from directions at least min_parallax
// (radians) apart from where they were first seen.
int CountWithParallax(const PinholeCamera& camera,
                      const Eigen::Isometry3d& camera_from_world,
                      const std::vector<CandidateTrack>& tracks,
                      double min_parallax);

// The median image distance of tracks from where they were first seen, in
// pixels; 0 when there are none.
double MedianDisplacementPx(const std::vector<CandidateTrack>& tracks);

// Re-expresses the origins' poses in a world moved by new_world_from_old.
void ChangeCandidatesWorld(const Eigen::Isometry3d& new_world_from_old,
                           std::vector<CandidateTrack>* tracks);

}  // namespace vc
