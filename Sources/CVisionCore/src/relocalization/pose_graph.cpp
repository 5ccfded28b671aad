#include "relocalization/pose_graph.h"

#include <Eigen/SparseCholesky>
#include <cmath>

#include "common/angles.h"

namespace vc {
namespace {

constexpr int kBlock = 4;  // x, y, z, heading

Eigen::Matrix3d HeadingRotation(double heading) {
  return Eigen::AngleAxisd(heading, Eigen::Vector3d::UnitY())
      .toRotationMatrix();
}

// d/dheading of HeadingRotation(heading).transpose().
Eigen::Matrix3d HeadingRotationTransposeDerivative(double heading) {
  const double c = std::cos(heading);
  const double s = std::sin(heading);
  Eigen::Matrix3d d;
  d << -s, 0, -c,  //
      0, 0, 0,     //
      c, 0, -s;
  return d;
}

double WrapAngle(double radians) { return std::remainder(radians, 2.0 * kPi); }

struct State {
  std::vector<Eigen::Vector3d> position;
  std::vector<double> heading;
};

double Cost(const std::vector<PoseGraphEdge>& edges, const State& s) {
  double cost = 0;
  for (const PoseGraphEdge& e : edges) {
    const Eigen::Vector3d rt =
        e.translation_weight * (HeadingRotation(s.heading[e.from]).transpose() *
                                    (s.position[e.to] - s.position[e.from]) -
                                e.translation);
    const double rh =
        e.heading_weight *
        WrapAngle(s.heading[e.to] - s.heading[e.from] - e.heading);
    cost += rt.squaredNorm() + rh * rh;
  }
  return cost;
}

}  // namespace

double HeadingOf(const Eigen::Matrix3d& r) {
  // R = Ry(yaw) Rx(pitch) Rz(roll): the third column is
  // (cos pitch sin yaw, -sin pitch, cos pitch cos yaw). Looking straight up
  // or down the optical axis has no heading; the first column's then gives
  // the camera's sideways direction's.
  if (std::hypot(r(0, 2), r(2, 2)) > 1e-6) return std::atan2(r(0, 2), r(2, 2));
  return std::atan2(-r(2, 0), r(0, 0));
}

PoseGraphEdge EdgeBetween(const Eigen::Isometry3d& from,
                          const Eigen::Isometry3d& to) {
  PoseGraphEdge edge;
  const double from_heading = HeadingOf(from.linear());
  edge.translation = HeadingRotation(from_heading).transpose() *
                     (to.translation() - from.translation());
  edge.heading = WrapAngle(HeadingOf(to.linear()) - from_heading);
  return edge;
}

namespace {

// Column of a node's block in the system, or -1 for the fixed node.
int BlockColumn(int node, int fixed) {
  return node == fixed ? -1 : (node < fixed ? node : node - 1) * kBlock;
}

// Adds edge e's Gauss-Newton terms at state: its blocks of the Hessian as
// triplets, and of the gradient.
void AddEdgeTerms(const PoseGraphEdge& e, const State& state, int fixed,
                  std::vector<Eigen::Triplet<double>>* triplets,
                  Eigen::VectorXd* gradient) {
  const Eigen::Matrix3d rt = HeadingRotation(state.heading[e.from]).transpose();
  const Eigen::Vector3d delta = state.position[e.to] - state.position[e.from];
  // Residual (4) and Jacobians with respect to from's and to's blocks.
  Eigen::Vector4d r;
  r.head<3>() = e.translation_weight * (rt * delta - e.translation);
  r(3) = e.heading_weight *
         WrapAngle(state.heading[e.to] - state.heading[e.from] - e.heading);
  Eigen::Matrix4d j_from = Eigen::Matrix4d::Zero();
  Eigen::Matrix4d j_to = Eigen::Matrix4d::Zero();
  j_from.block<3, 3>(0, 0) = -e.translation_weight * rt;
  j_from.block<3, 1>(0, 3) =
      e.translation_weight *
      HeadingRotationTransposeDerivative(state.heading[e.from]) * delta;
  j_from(3, 3) = -e.heading_weight;
  j_to.block<3, 3>(0, 0) = e.translation_weight * rt;
  j_to(3, 3) = e.heading_weight;
  const int blocks[2] = {BlockColumn(e.from, fixed), BlockColumn(e.to, fixed)};
  const Eigen::Matrix4d* jacobians[2] = {&j_from, &j_to};
  for (int a = 0; a < 2; ++a) {
    if (blocks[a] < 0) continue;
    gradient->segment<kBlock>(blocks[a]) += jacobians[a]->transpose() * r;
    for (int b = 0; b < 2; ++b) {
      if (blocks[b] < 0) continue;
      const Eigen::Matrix4d h = jacobians[a]->transpose() * (*jacobians[b]);
      for (int row = 0; row < kBlock; ++row) {
        for (int col = 0; col < kBlock; ++col) {
          triplets->emplace_back(blocks[a] + row, blocks[b] + col, h(row, col));
        }
      }
    }
  }
}

// The nodes at the optimised state: each turned about +Y by its change of
// heading.
void MoveNodes(const State& state, const std::vector<double>& initial_heading,
               std::vector<PoseGraphNode>* nodes) {
  for (size_t i = 0; i < nodes->size(); ++i) {
    Eigen::Isometry3d& pose = (*nodes)[i].world_from_camera;
    const Eigen::Matrix3d turn =
        HeadingRotation(WrapAngle(state.heading[i] - initial_heading[i]));
    pose.linear() = turn * pose.linear();
    pose.translation() = state.position[i];
  }
}

}  // namespace

PoseGraphSummary OptimizePoseGraph(const std::vector<PoseGraphEdge>& edges,
                                   int fixed, int max_iterations,
                                   std::vector<PoseGraphNode>* nodes) {
  PoseGraphSummary summary;
  const int count = static_cast<int>(nodes->size());
  if (count < 2 || fixed < 0 || fixed >= count) return summary;
  State state;
  std::vector<double> initial_heading(count);
  for (int i = 0; i < count; ++i) {
    const Eigen::Isometry3d& pose = (*nodes)[i].world_from_camera;
    state.position.push_back(pose.translation());
    initial_heading[i] = HeadingOf(pose.linear());
    state.heading.push_back(initial_heading[i]);
  }
  const int unknowns = (count - 1) * kBlock;
  summary.initial_cost = Cost(edges, state);
  summary.final_cost = summary.initial_cost;

  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver;
  std::vector<Eigen::Triplet<double>> triplets;
  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    triplets.clear();
    Eigen::VectorXd gradient = Eigen::VectorXd::Zero(unknowns);
    for (const PoseGraphEdge& e : edges) {
      AddEdgeTerms(e, state, fixed, &triplets, &gradient);
    }
    // A tiny damping keeps nodes no edge constrains (none in a connected
    // graph) from making the system singular.
    for (int k = 0; k < unknowns; ++k) triplets.emplace_back(k, k, 1e-9);
    Eigen::SparseMatrix<double> hessian(unknowns, unknowns);
    hessian.setFromTriplets(triplets.begin(), triplets.end());
    if (iteration == 0) solver.analyzePattern(hessian);
    solver.factorize(hessian);
    if (solver.info() != Eigen::Success) break;
    const Eigen::VectorXd step = solver.solve(-gradient);
    if (solver.info() != Eigen::Success || !step.allFinite()) break;
    for (int i = 0; i < count; ++i) {
      const int c = BlockColumn(i, fixed);
      if (c < 0) continue;
      state.position[i] += step.segment<3>(c);
      state.heading[i] += step(c + 3);
    }
    summary.iterations = iteration + 1;
    summary.final_cost = Cost(edges, state);
    // Converged: the largest move is below a tenth of a millimetre (or
    // its equivalent in heading at a metre).
    if (step.lpNorm<Eigen::Infinity>() < 1e-4) break;
  }
  MoveNodes(state, initial_heading, nodes);
  return summary;
}

}  // namespace vc
