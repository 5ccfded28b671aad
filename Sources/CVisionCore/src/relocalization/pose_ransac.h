// Camera pose hypotheses from query-to-map correspondences. With depth, a
// rigid 3D-3D RANSAC (three-point Kabsch): it needs only the depth to be
// consistent between map and query, not the colour camera's calibration,
// which for some datasets is only guessed; without depth, PnP.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cstdint>
#include <vector>

#include "common/pinhole_camera.h"

namespace vc {

struct PoseRansacOptions {
  int max_iterations = 300;
  // Stop once a sample this likely to be all inliers has been drawn.
  double confidence = 0.999;
  // Metres (rigid) or pixels (PnP).
  double threshold = 0.05;
  uint64_t seed = 0x1A6E5EED;
};

struct PoseHypothesis {
  Eigen::Isometry3d camera_from_world = Eigen::Isometry3d::Identity();
  std::vector<uint8_t> inliers;  // one flag per correspondence
  int inlier_count = 0;
};

// camera_points[k] (query camera frame) and world_points[k] are one
// physical point. False when fewer than 3 correspondences agree.
bool RansacRigid(const std::vector<Eigen::Vector3d>& camera_points,
                 const std::vector<Eigen::Vector3d>& world_points,
                 const PoseRansacOptions& options, PoseHypothesis* result);

// pixels[k] (query image) sees world_points[k]. OpenCV's P3P RANSAC (its
// generator is seeded with a constant, so deterministic) and an iterative
// refinement on the inliers. False when fewer than 6 agree.
bool RansacPnP(const std::vector<Eigen::Vector2d>& pixels,
               const std::vector<Eigen::Vector3d>& world_points,
               const PinholeCamera& camera, const PoseRansacOptions& options,
               PoseHypothesis* result);

// The rigid transform taking from[k] closest to to[k] in the least-squares
// sense (Kabsch with weights; reflection-safe). Needs 3 non-collinear.
Eigen::Isometry3d FitRigid(const std::vector<Eigen::Vector3d>& from,
                           const std::vector<Eigen::Vector3d>& to);

}  // namespace vc
