#include "relocalization/surface_alignment.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

namespace vc {
namespace {

// Huber thresholds: Kinect depth noise at 1-3 m is a few millimetres; a
// feature's 3D point also carries the colour-to-depth misregistration.
constexpr double kSurfaceHuber = 0.01;
constexpr double kFeatureHuber = 0.03;
// Updates smaller than this (radians + metres) mean converged.
constexpr double kConverged = 1e-5;

struct Association {
  const Eigen::Vector3f* point = nullptr;
  const Eigen::Vector3f* normal = nullptr;
  float distance_squared = std::numeric_limits<float>::max();
  // The query point lies behind the sample as the keyframe sees it.
  bool behind = false;
};

// The nearest valid sample among the 3x3 cells around world point p's
// projection into surface; false when p falls outside the keyframe's view
// or on no sample.
bool Associate(const DepthSurface& surface,
               const Eigen::Isometry3f& kf_from_world, const Eigen::Vector3f& p,
               float behind_margin, Association* out) {
  const Eigen::Vector3f c = kf_from_world * p;
  if (c.z() <= 0.05f) return false;
  const float u =
      float(surface.camera.fx) * c.x() / c.z() + float(surface.camera.cx);
  const float v =
      float(surface.camera.fy) * c.y() / c.z() + float(surface.camera.cy);
  if (!surface.CoversPixel(u, v)) return false;
  const int column = int(u) / surface.step;
  const int row = int(v) / surface.step;
  bool found = false;
  for (int r = std::max(0, row - 1); r <= std::min(surface.rows - 1, row + 1);
       ++r) {
    for (int q = std::max(0, column - 1);
         q <= std::min(surface.columns - 1, column + 1); ++q) {
      const size_t cell = size_t(r) * surface.columns + q;
      if (!surface.valid[cell]) continue;
      const float d2 = (surface.points[cell] - p).squaredNorm();
      if (d2 < out->distance_squared) {
        out->distance_squared = d2;
        out->point = &surface.points[cell];
        out->normal = &surface.normals[cell];
        found = true;
      }
    }
  }
  if (!found) return false;
  // Hidden from this keyframe by the surface it sees: no evidence against.
  const float sample_depth = (kf_from_world * *out->point).z();
  out->behind = c.z() > sample_depth + behind_margin;
  return true;
}

using Matrix6 = Eigen::Matrix<double, 6, 6>;
using Vector6 = Eigen::Matrix<double, 6, 1>;

// Point-to-plane terms of the query points that fall within gate of a
// keyframe sample (upper triangle of h); returns how many did.
int AddSurfaceTerms(const std::vector<Eigen::Vector3f>& query_points,
                    const std::vector<const DepthSurface*>& surfaces,
                    const std::vector<Eigen::Isometry3f>& kf_from_world,
                    const Eigen::Isometry3d& world_from_camera, double gate,
                    Matrix6* h, Vector6* g) {
  const float gate2 = float(gate * gate);
  const Eigen::Isometry3f pose = world_from_camera.cast<float>();
  int used = 0;
  for (const Eigen::Vector3f& q : query_points) {
    const Eigen::Vector3f p = pose * q;
    Association best;
    for (size_t s = 0; s < surfaces.size(); ++s) {
      Associate(*surfaces[s], kf_from_world[s], p, float(gate), &best);
    }
    if (best.point == nullptr || best.distance_squared > gate2) continue;
    const Eigen::Vector3d n = best.normal->cast<double>();
    const Eigen::Vector3d pd = p.cast<double>();
    const double r = n.dot(pd - best.point->cast<double>());
    const double w =
        std::abs(r) <= kSurfaceHuber ? 1.0 : kSurfaceHuber / std::abs(r);
    Vector6 j;
    j << pd.cross(n), n;
    h->selfadjointView<Eigen::Upper>().rankUpdate(j, w);
    *g += w * r * j;
    ++used;
  }
  return used;
}

// Point-to-point terms of the matched features (upper triangle of h).
void AddFeatureTerms(const FeatureCorrespondences& features,
                     const Eigen::Isometry3d& world_from_camera,
                     const RelocalizationOptions& options, Matrix6* h,
                     Vector6* g) {
  for (size_t f = 0; f < features.camera.size(); ++f) {
    const Eigen::Vector3d p = world_from_camera * features.camera[f];
    const Eigen::Vector3d e = p - features.world[f];
    const double norm = e.norm();
    const double w = options.icp_feature_weight *
                     (norm <= kFeatureHuber ? 1.0 : kFeatureHuber / norm);
    // d(p + omega x p + v) = -[p]x omega + v
    Eigen::Matrix<double, 3, 6> j;
    j.leftCols<3>() << 0, p.z(), -p.y(), -p.z(), 0, p.x(), p.y(), -p.x(), 0;
    j.rightCols<3>().setIdentity();
    h->selfadjointView<Eigen::Upper>().rankUpdate(j.transpose(), w);
    *g += w * j.transpose() * e;
  }
}

// The smallest eigenvalue of the system over its largest: how well every
// direction of the pose is held.
double Conditioning(const Matrix6& full) {
  const Eigen::SelfAdjointEigenSolver<Matrix6> eigen(full,
                                                     Eigen::EigenvaluesOnly);
  const double largest = eigen.eigenvalues()(5);
  return largest > 0 ? eigen.eigenvalues()(0) / largest : 0;
}

// exp(delta) as a rigid motion (rotation vector, then translation); sets
// size to the step's rotation (radians) plus translation (metres).
Eigen::Isometry3d PoseUpdate(const Vector6& delta, double* size) {
  const Eigen::Vector3d omega = delta.head<3>();
  Eigen::Isometry3d update = Eigen::Isometry3d::Identity();
  const double angle = omega.norm();
  if (angle > 0) {
    update.linear() =
        Eigen::AngleAxisd(angle, omega / angle).toRotationMatrix();
  }
  update.translation() = delta.tail<3>();
  *size = angle + delta.tail<3>().norm();
  return update;
}

// Agreement at the final pose: every query sample the keyframes see.
void MeasureAgreement(const std::vector<Eigen::Vector3f>& query_points,
                      const std::vector<const DepthSurface*>& surfaces,
                      const std::vector<Eigen::Isometry3f>& kf_from_world,
                      const Eigen::Isometry3d& world_from_camera,
                      const RelocalizationOptions& options, bool by_surface,
                      SurfaceAlignment* result) {
  const Eigen::Isometry3f pose = world_from_camera.cast<float>();
  const float accept = options.accept_distance;
  if (by_surface) result->agreeing_by_surface.assign(surfaces.size(), 0);
  double squared = 0;
  for (const Eigen::Vector3f& q : query_points) {
    const Eigen::Vector3f p = pose * q;
    bool seen = false;
    bool agree = false;
    double r = 0;
    for (size_t s = 0; s < surfaces.size() && (by_surface || !agree); ++s) {
      Association a;
      if (!Associate(*surfaces[s], kf_from_world[s], p, accept, &a)) continue;
      if (a.distance_squared <= accept * accept) {
        if (by_surface) ++result->agreeing_by_surface[s];
        if (!agree) r = a.normal->dot(p - *a.point);
        agree = true;
      } else if (!a.behind) {
        seen = true;
      }
    }
    if (agree) {
      ++result->agreeing;
      squared += r * r;
    }
    result->visible += agree || seen;
  }
  if (result->visible > 0) {
    result->overlap = double(result->agreeing) / result->visible;
  }
  if (result->agreeing > 0) {
    result->residual = std::sqrt(squared / result->agreeing);
  }
}

}  // namespace

SurfaceAlignment AlignToSurfaces(
    const std::vector<Eigen::Vector3f>& query_points,
    const std::vector<const DepthSurface*>& surfaces,
    const FeatureCorrespondences& features,
    const Eigen::Isometry3d& initial_camera_from_world,
    const RelocalizationOptions& options, bool by_surface) {
  SurfaceAlignment result;
  std::vector<Eigen::Isometry3f> kf_from_world;
  for (const DepthSurface* s : surfaces) {
    kf_from_world.push_back(s->camera_from_world.cast<float>());
  }
  Eigen::Isometry3d world_from_camera = initial_camera_from_world.inverse();
  const int iterations = options.icp_iterations;
  const double ratio = options.icp_final_distance / options.icp_start_distance;
  for (int iteration = 0; iteration < iterations; ++iteration) {
    // The association gate shrinks geometrically from start to final.
    const double gate =
        options.icp_start_distance *
        std::pow(ratio,
                 iterations > 1 ? double(iteration) / (iterations - 1) : 1.0);
    Matrix6 h = Matrix6::Zero();
    Vector6 g = Vector6::Zero();
    const int used = AddSurfaceTerms(query_points, surfaces, kf_from_world,
                                     world_from_camera, gate, &h, &g);
    AddFeatureTerms(features, world_from_camera, options, &h, &g);
    if (used < 6) break;
    const Matrix6 full = h.selfadjointView<Eigen::Upper>();
    const Eigen::LDLT<Matrix6> solver(full);
    const Vector6 delta = -solver.solve(g);
    if (!delta.allFinite()) break;
    result.iterations = iteration + 1;
    if (iteration + 1 == iterations) result.conditioning = Conditioning(full);
    double step = 0;
    world_from_camera = PoseUpdate(delta, &step) * world_from_camera;
    if (step < kConverged) break;
  }
  result.camera_from_world = world_from_camera.inverse();
  MeasureAgreement(query_points, surfaces, kf_from_world, world_from_camera,
                   options, by_surface, &result);
  return result;
}

}  // namespace vc
