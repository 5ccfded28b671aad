#include "raycast/estimated_plane.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/conventions.h"

namespace vc {
namespace {

// The march starts this far along the ray and grows its step by this factor:
// about 530 samples from 5 cm to 10 m, each a projection and one lookup, and
// the crossing is then refined by bisection.
constexpr double kMarchStart = 0.05;
constexpr double kMarchGrowth = 1.01;
constexpr int kBisections = 12;
// A crossing where the ray's depth and the map's differ by more than this
// fraction of the depth (after refinement) is the ray passing behind a
// silhouette, not meeting a surface.
constexpr double kMaxCrossingGap = 0.03;
// Patch pixels further in depth than this fraction from the hit belong to
// another surface (a table's edge over the floor) and are left out.
constexpr double kPatchDepthBand = 0.1;

struct DepthRay {
  Eigen::Vector3d origin;     // OpenCV camera axes
  Eigen::Vector3d direction;  // OpenCV camera axes, unit

  Eigen::Vector3d At(double t) const { return origin + t * direction; }
};

// How far in front (+) or behind (-) the map's surface the ray's point at t
// is; nullopt where the point is behind the camera, outside the image or
// over a pixel without depth.
std::optional<double> Clearance(const DepthRay& ray, double t,
                                const DepthSnapshot& snapshot) {
  const Eigen::Vector3d p = ray.At(t);
  if (p.z() <= 1e-3) return std::nullopt;
  const Eigen::Vector2d uv = snapshot.camera.Project(p);
  if (!snapshot.camera.Contains(uv, 0)) return std::nullopt;
  const double depth = snapshot.MetresAt(static_cast<int>(std::lround(uv.x())),
                                         static_cast<int>(std::lround(uv.y())));
  if (depth <= 0) return std::nullopt;
  return depth - p.z();
}

// Distance along the ray where it first passes from in front of the depth
// map to behind it on the same surface.
std::optional<double> FirstCrossing(const DepthRay& ray, double max_distance,
                                    const DepthSnapshot& snapshot) {
  // A ray from the depth camera's own centre (a tap on the frame the depth
  // came with) sees one pixel all along: its depth is the crossing.
  if (ray.origin.norm() < 1e-4 && ray.direction.z() > 1e-6) {
    const Eigen::Vector2d uv = snapshot.camera.Project(ray.direction);
    if (!snapshot.camera.Contains(uv, 0)) return std::nullopt;
    const double depth =
        snapshot.MetresAt(static_cast<int>(std::lround(uv.x())),
                          static_cast<int>(std::lround(uv.y())));
    const double t = depth / ray.direction.z();
    if (depth <= 0 || t < kMarchStart || t > max_distance) return std::nullopt;
    return t;
  }
  std::optional<double> previous_t;
  for (double t = kMarchStart; t <= max_distance; t *= kMarchGrowth) {
    const std::optional<double> clearance = Clearance(ray, t, snapshot);
    if (!clearance) {
      previous_t.reset();
      continue;
    }
    if (*clearance > 0) {
      previous_t = t;
      continue;
    }
    if (!previous_t) continue;
    double front = *previous_t, back = t;
    for (int i = 0; i < kBisections; ++i) {
      const double middle = 0.5 * (front + back);
      const std::optional<double> c = Clearance(ray, middle, snapshot);
      (c && *c <= 0 ? back : front) = middle;
    }
    const double hit = 0.5 * (front + back);
    const std::optional<double> gap = Clearance(ray, back, snapshot);
    if (gap && std::abs(*gap) <= kMaxCrossingGap * ray.At(hit).z()) return hit;
    previous_t.reset();
  }
  return std::nullopt;
}

struct PlaneFit {
  Eigen::Vector3d centroid;
  Eigen::Vector3d normal;
  double rms = 0;
};

std::optional<PlaneFit> FitPlane(const std::vector<Eigen::Vector3d>& points,
                                 int min_points) {
  if (static_cast<int>(points.size()) < min_points) return std::nullopt;
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& p : points) centroid += p;
  centroid /= static_cast<double>(points.size());
  Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();
  for (const Eigen::Vector3d& p : points) {
    const Eigen::Vector3d d = p - centroid;
    scatter += d * d.transpose();
  }
  scatter /= static_cast<double>(points.size());
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(scatter);
  if (solver.info() != Eigen::Success) return std::nullopt;
  // A line of points (a one-pixel sliver of depth) has no plane.
  if (solver.eigenvalues()(1) <= 1e-12) return std::nullopt;
  return PlaneFit{centroid, solver.eigenvectors().col(0),
                  std::sqrt(std::max(0.0, solver.eigenvalues()(0)))};
}

// The plane of the surface around `hit` (OpenCV camera axes): fitted first
// to the inner half of the patch, then to the points of the whole patch
// that agree with that first fit. Growing from the centre keeps a corner's
// other wall, or the floor beyond a table's edge, out of the fit.
std::optional<PlaneFit> FitPatch(const Eigen::Vector3d& hit,
                                 const DepthSnapshot& snapshot,
                                 const RaycastOptions& options) {
  const Eigen::Vector2d uv = snapshot.camera.Project(hit);
  const int u0 = static_cast<int>(std::lround(uv.x()));
  const int v0 = static_cast<int>(std::lround(uv.y()));
  const int r = options.patch_radius;
  const int inner = std::max(1, r / 2);
  std::vector<Eigen::Vector3d> points, centre;
  const size_t side = static_cast<size_t>(2 * r / options.patch_step + 1);
  points.reserve(side * side);
  centre.reserve(side * side);
  for (int dv = -r; dv <= r; dv += options.patch_step) {
    for (int du = -r; du <= r; du += options.patch_step) {
      const double z = snapshot.MetresAt(u0 + du, v0 + dv);
      if (z <= 0 || std::abs(z - hit.z()) > kPatchDepthBand * hit.z()) continue;
      points.push_back(snapshot.camera.Unproject(u0 + du, v0 + dv, z));
      if (std::abs(du) <= inner && std::abs(dv) <= inner) {
        centre.push_back(points.back());
      }
    }
  }
  const double allowed = options.max_rms_per_metre * hit.z();
  const std::optional<PlaneFit> first = FitPlane(
      centre,
      std::min(options.min_patch_points, static_cast<int>(side * side / 4)));
  if (!first || first->rms > allowed) return std::nullopt;
  // Points within three times the first fit's spread (at least a quarter
  // of what is allowed, so exact depth does not shrink it to nothing).
  const double band = std::max(3 * first->rms, 0.25 * allowed);
  std::vector<Eigen::Vector3d> agreeing;
  agreeing.reserve(points.size());
  for (const Eigen::Vector3d& p : points) {
    if (std::abs(first->normal.dot(p - first->centroid)) <= band) {
      agreeing.push_back(p);
    }
  }
  std::optional<PlaneFit> fit = FitPlane(agreeing, options.min_patch_points);
  if (!fit || fit->rms > allowed) return std::nullopt;
  return fit;
}

}  // namespace

std::optional<vc_raycast_result_t> RaycastEstimatedPlane(
    const Ray& ray, const DepthSnapshot& snapshot,
    vc_raycast_alignment_t alignment, const RaycastOptions& options) {
  if (snapshot.empty()) return std::nullopt;
  const Eigen::Isometry3d world_from_camera =
      WorldFromOpenCvCamera(snapshot.world_from_camera);
  const Eigen::Isometry3d camera_from_world = world_from_camera.inverse();
  const DepthRay camera_ray{camera_from_world * ray.origin,
                            camera_from_world.linear() * ray.direction};
  const std::optional<double> crossing =
      FirstCrossing(camera_ray, options.max_distance, snapshot);
  if (!crossing) return std::nullopt;
  const std::optional<PlaneFit> fit =
      FitPatch(camera_ray.At(*crossing), snapshot, options);
  if (!fit) return std::nullopt;

  Eigen::Vector3d normal = world_from_camera.linear() * fit->normal;
  const Eigen::Vector3d centroid = world_from_camera * fit->centroid;
  const double cosine = normal.dot(ray.direction);
  if (std::abs(cosine) < 1e-6) return std::nullopt;
  const double distance = normal.dot(centroid - ray.origin) / cosine;
  if (!(distance > 0) || distance > options.max_distance) return std::nullopt;
  const vc_raycast_alignment_t found =
      AlignmentOfNormal(normal, options.alignment_tolerance_degrees);
  if (!AlignmentMatches(alignment, found)) return std::nullopt;
  // A level or upright surface gets an exactly level or upright frame: an
  // object on it then stands straight whatever the depth noise.
  if (found == VC_RAYCAST_ALIGNMENT_HORIZONTAL) {
    normal = Eigen::Vector3d(0, normal.y() > 0 ? 1 : -1, 0);
  } else if (found == VC_RAYCAST_ALIGNMENT_VERTICAL) {
    normal.y() = 0;
    normal.normalize();
  }
  return MakeRaycastResult(ray, distance, normal,
                           VC_RAYCAST_TARGET_ESTIMATED_PLANE, found, 0);
}

}  // namespace vc
