// A pose graph over keyframes with four degrees of freedom per node
// (position and heading about world +Y), as in VINS-Mono (Qin et al. 2018):
// with up known from gravity, roll and pitch are observed directly and do
// not drift, so a loop closure only corrects position and heading, and
// horizontal planes stay horizontal. Solved by Gauss-Newton with Eigen's
// sparse Cholesky (SimplicialLDLT): the normal equations are block
// tridiagonal plus a few loop blocks, a few hundred unknowns, well within
// one millisecond per iteration.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

namespace vc {

// One keyframe: world_from_camera in OpenCV camera axes, world +Y up.
struct PoseGraphNode {
  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
};

// A measured relation between nodes from and to: to's position in from's
// heading frame (from's position as origin, turned by from's heading only)
// and to's heading minus from's, radians.
struct PoseGraphEdge {
  int from = 0;
  int to = 0;
  Eigen::Vector3d translation = Eigen::Vector3d::Zero();
  double heading = 0;
  // Inverse standard deviations, 1/m and 1/rad.
  double translation_weight = 1;
  double heading_weight = 1;
};

// The heading of a world_from_camera rotation: its yaw about world +Y in a
// yaw-pitch-roll (Y, X, Z) decomposition, radians.
double HeadingOf(const Eigen::Matrix3d& world_from_camera);

// The edge from the two nodes' poses as they are (a measurement that the
// current estimate satisfies exactly).
PoseGraphEdge EdgeBetween(const Eigen::Isometry3d& from_world_from_camera,
                          const Eigen::Isometry3d& to_world_from_camera);

struct PoseGraphSummary {
  int iterations = 0;
  double initial_cost = 0;
  double final_cost = 0;
};

// Moves every node but the fixed one (the gauge) to minimise the weighted
// squared edge errors; each node keeps its tilt (roll and pitch) and only
// its position and heading change. Deterministic.
PoseGraphSummary OptimizePoseGraph(const std::vector<PoseGraphEdge>& edges,
                                   int fixed, int max_iterations,
                                   std::vector<PoseGraphNode>* nodes);

}  // namespace vc
