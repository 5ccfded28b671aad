// Refines a camera pose by aligning the query's depth to keyframe depth
// surfaces: point-to-plane ICP with projective association, robust
// (Huber) weights and a shrinking association gate, plus the pose's feature
// inliers as point-to-point terms that keep a single plane from sliding
// along itself. Depth agrees between views far better than the colour
// camera's guessed calibration lets features agree, so this is what makes
// the answer centimetre-accurate; its final agreement is also what decides
// whether the answer is right at all.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "relocalization/depth_surface.h"
#include "relocalization/relocalization_options.h"

namespace vc {

struct SurfaceAlignment {
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  int iterations = 0;
  // Query samples that land on a keyframe surface and are not hidden
  // behind it from that keyframe ...
  int visible = 0;
  // ... those within accept_distance of it ...
  int agreeing = 0;
  // ... agreeing / visible ...
  double overlap = 0;
  // ... and the RMS point-to-plane distance of the agreeing, metres.
  double residual = 0;
  // Of the query samples, those within accept_distance of each surface
  // (in the order given), when asked for: a place several keyframes saw is
  // confirmed by each of them. Empty otherwise.
  std::vector<int> agreeing_by_surface;
  // Smallest eigenvalue of the last iteration's normal equations over the
  // largest: near 0 when some motion is unconstrained.
  double conditioning = 0;
};

// The pose hypothesis' inlier correspondences: each feature's point in the
// camera frame and its map point in the world (both may be empty).
struct FeatureCorrespondences {
  std::vector<Eigen::Vector3d> camera;
  std::vector<Eigen::Vector3d> world;
};

// query_points: the query's depth samples (camera frame). by_surface: also
// count the agreement with each surface (loop detection), which visits
// every surface for every sample instead of stopping at the first that
// agrees (relocalization does not pay for it).
SurfaceAlignment AlignToSurfaces(
    const std::vector<Eigen::Vector3f>& query_points,
    const std::vector<const DepthSurface*>& surfaces,
    const FeatureCorrespondences& features,
    const Eigen::Isometry3d& initial_camera_from_world,
    const RelocalizationOptions& options, bool by_surface = false);

}  // namespace vc
