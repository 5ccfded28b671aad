#include "raycast/feature_point_plane.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace vc {
namespace {

// Points within 5 cm + 5% of their distance of the ray are where it passes
// through the cloud (a tracker's points are 1 - 2% of their distance off
// along their rays, and a tap is a few pixels off too).
constexpr double kConeBase = 0.05;
constexpr double kConePerMetre = 0.05;
constexpr double kMinDistance = 0.05;
// A patch: the points within 20 cm + 10% of the distance of a point the
// ray passes, at least 6 of them, lying on a plane within 1 cm + 1.5% of
// the distance RMS.
constexpr double kPatchBase = 0.2;
constexpr double kPatchPerMetre = 0.1;
constexpr int kMinPatchPoints = 6;
constexpr double kFlatBase = 0.01;
constexpr double kFlatPerMetre = 0.015;
// The nearest few points the ray passes are tried in turn.
constexpr int kMaxTries = 8;

struct Patch {
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();  // mean outer product
  int count = 0;
};

Patch PatchAround(const Eigen::Vector3d& centre, double radius,
                  const std::vector<Eigen::Vector3d>& points) {
  Patch patch;
  for (const Eigen::Vector3d& p : points) {
    if ((p - centre).squaredNorm() > radius * radius) continue;
    patch.centroid += p;
    ++patch.count;
  }
  if (patch.count == 0) return patch;
  patch.centroid /= patch.count;
  for (const Eigen::Vector3d& p : points) {
    if ((p - centre).squaredNorm() > radius * radius) continue;
    const Eigen::Vector3d d = p - patch.centroid;
    patch.scatter += d * d.transpose() / patch.count;
  }
  return patch;
}

double SpreadAlong(const Patch& patch, const Eigen::Vector3d& normal) {
  return std::sqrt(std::max(0.0, normal.dot(patch.scatter * normal)));
}

// The level direction of least spread of the patch's points.
Eigen::Vector3d UprightNormal(const Patch& patch) {
  Eigen::Matrix2d floor_plan;
  floor_plan << patch.scatter(0, 0), patch.scatter(0, 2), patch.scatter(2, 0),
      patch.scatter(2, 2);
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> solver(floor_plan);
  const Eigen::Vector2d least = solver.eigenvectors().col(0);
  return Eigen::Vector3d(least.x(), 0, least.y()).normalized();
}

// The patch's plane normal for the wanted alignment, and whether its points
// lie on that plane within flat (RMS). A handful of points a few metres
// away, each 1 - 2% of its distance off, fixes a height far better than a
// tilt: any alignment is tried as level first, then as upright, never as
// a tilted plane.
bool PatchNormal(const Patch& patch, vc_raycast_alignment_t wanted, double flat,
                 Eigen::Vector3d* normal) {
  if (wanted != VC_RAYCAST_ALIGNMENT_VERTICAL) {
    *normal = Eigen::Vector3d::UnitY();
    if (SpreadAlong(patch, *normal) <= flat) return true;
    if (wanted == VC_RAYCAST_ALIGNMENT_HORIZONTAL) return false;
  }
  *normal = UprightNormal(patch);
  return normal->allFinite() && SpreadAlong(patch, *normal) <= flat;
}

}  // namespace

std::optional<vc_raycast_result_t> RaycastFeaturePoints(
    const Ray& ray, const std::vector<Eigen::Vector3d>& points,
    vc_raycast_alignment_t alignment, const RaycastOptions& options) {
  // The points the ray passes, nearest first.
  std::vector<std::pair<double, int>> passed;
  for (size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d offset = points[i] - ray.origin;
    const double along = offset.dot(ray.direction);
    if (!(along > kMinDistance) || along > options.max_distance) continue;
    const double across = (offset - along * ray.direction).norm();
    if (across <= kConeBase + kConePerMetre * along) {
      passed.emplace_back(along, static_cast<int>(i));
    }
  }
  std::sort(passed.begin(), passed.end());
  const int tries = std::min(kMaxTries, static_cast<int>(passed.size()));
  for (int k = 0; k < tries; ++k) {
    const double along = passed[k].first;
    const double radius = kPatchBase + kPatchPerMetre * along;
    const Patch patch = PatchAround(points[passed[k].second], radius, points);
    if (patch.count < kMinPatchPoints) continue;
    Eigen::Vector3d normal;
    if (!PatchNormal(patch, alignment, kFlatBase + kFlatPerMetre * along,
                     &normal)) {
      continue;
    }
    const double cosine = normal.dot(ray.direction);
    if (std::abs(cosine) < 1e-6) continue;
    const double distance = normal.dot(patch.centroid - ray.origin) / cosine;
    // The hit must lie on the patch, not on its plane far beyond it.
    if (!(distance > 0) || distance > options.max_distance ||
        (ray.At(distance) - patch.centroid).norm() > 2 * radius) {
      continue;
    }
    const vc_raycast_alignment_t found =
        AlignmentOfNormal(normal, options.alignment_tolerance_degrees);
    if (!AlignmentMatches(alignment, found)) continue;
    return MakeRaycastResult(ray, distance, normal,
                             VC_RAYCAST_TARGET_ESTIMATED_PLANE, found, 0);
  }
  return std::nullopt;
}

}  // namespace vc
