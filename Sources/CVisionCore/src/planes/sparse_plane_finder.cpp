#include "planes/sparse_plane_finder.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "common/seeded_generator.h"
#include "planes/plane_moments.h"

namespace vc {
namespace {

// The points' noise grows with their distance: about 0.8% of it, RMS, in
// the synthetic room's visual-inertial walks (a floor's points 2.3 - 3 m
// away lie within 1.5 cm of their mean height; a table's, 1.2 - 2.8 m
// away, spread over 5.6 cm). A point lies on a plane within two sigmas of
// it, and never less than 2 cm.
constexpr double kNoisePerMetre = 0.008;
constexpr double kInlierSigmas = 2.0;
constexpr double kInlierDistance = 0.02;
// A plane needs 12 points spread over 0.1 m^2, at least 15 cm across its
// narrowest side: fewer, or a line of points (an edge, a row of tiles), says
// nothing about a surface.
constexpr int kMinPoints = 12;
constexpr int kMinHorizontalPoints = 8;
constexpr double kMinArea = 0.1;
constexpr double kMinWidth = 0.15;
// A vertical plane needs 0.5 m^2, 40 cm across: walls, not the back of a
// chair or the side of a box, whose few points agree with a level normal
// by chance as often as not.
constexpr double kMinVerticalArea = 0.5;
constexpr double kMinVerticalWidth = 0.4;
// Points of one surface lie within 40 cm of each other near by, further
// apart further away (15% of their distance): the tracker keeps a point
// every 10 - 25 cm on a textured floor a metre or two away. Points of one
// height (or one wall's plane) further apart are different surfaces, or
// none: a table top and the wall behind it at its height.
constexpr double kClusterLink = 0.4;
constexpr double kClusterLinkPerMetre = 0.15;
// A plane is relief, not a surface, when the points over it that lie off
// it by up to 30 cm are more than half as many as the points on it.
constexpr double kReliefDepth = 0.3;
constexpr double kMaxReliefFraction = 0.35;
// At most this many planes of each alignment per frame.
constexpr int kMaxHorizontal = 3;
constexpr int kMaxVertical = 3;
// RANSAC draws for vertical planes, from a fixed seed each frame.
constexpr int kVerticalDraws = 200;
constexpr uint64_t kSeed = 1;
// Draw pairs at least 20 cm apart: closer ones fix a wall's direction
// poorly.
constexpr double kMinPairDistance = 0.2;

// Two-dimensional coordinates on a plane with this normal.
cv::Point2f OnPlane(const Eigen::Vector3d& normal, const Eigen::Vector3d& p) {
  if (std::abs(normal.y()) > 0.5) {
    return {static_cast<float>(p.x()), static_cast<float>(p.z())};
  }
  const Eigen::Vector3d along = Eigen::Vector3d::UnitY().cross(normal);
  return {static_cast<float>(along.dot(p)), static_cast<float>(p.y())};
}

}  // namespace

const std::vector<PlaneSegment>& SparsePlaneFinder::Find(
    const std::vector<Eigen::Vector3d>& points, const PinholeCamera& camera,
    const Eigen::Isometry3d& world_from_opencv, const PlaneOptions& options) {
  segments_.clear();
  camera_points_.clear();
  world_points_.clear();
  pixels_.clear();
  tolerances_.clear();
  links_.clear();
  const Eigen::Isometry3d opencv_from_world = world_from_opencv.inverse();
  for (const Eigen::Vector3d& point : points) {
    const Eigen::Vector3d in_camera = opencv_from_world * point;
    if (!point.allFinite() || !(in_camera.z() > options.min_depth) ||
        in_camera.z() > options.max_depth) {
      continue;
    }
    const Eigen::Vector2d pixel = camera.Project(in_camera);
    if (!camera.Contains(pixel, 0)) continue;
    camera_points_.push_back(in_camera);
    world_points_.push_back(point);
    const double range = in_camera.norm();
    tolerances_.push_back(
        std::max(kInlierDistance, kInlierSigmas * kNoisePerMetre * range));
    links_.push_back(std::max(kClusterLink, kClusterLinkPerMetre * range));
    pixels_.emplace_back(static_cast<float>(pixel.x()),
                         static_cast<float>(pixel.y()));
  }
  used_.assign(world_points_.size(), false);
  WorldPlane plane;
  tried_.assign(world_points_.size(), false);
  if (options.detect_horizontal()) {
    for (int k = 0; k < kMaxHorizontal && FindHorizontalBand(&plane); ++k) {
      for (int i : plane.inliers) tried_[i] = true;
      SplitIntoSurfaces(&plane);
      for (const std::vector<int>& cluster : clusters_) {
        plane.inliers = cluster;
        AddSegment(plane, true, camera, world_from_opencv, options);
      }
    }
  }
  if (options.detect_vertical()) {
    for (int k = 0; k < kMaxVertical && FindVertical(&plane); ++k) {
      for (int i : plane.inliers) used_[i] = true;
      AddSegment(plane, false, camera, world_from_opencv, options);
    }
  }
  std::stable_sort(segments_.begin(), segments_.end(),
                   [](const PlaneSegment& a, const PlaneSegment& b) {
                     return a.area > b.area;
                   });
  return segments_;
}

bool SparsePlaneFinder::FindHorizontalBand(WorldPlane* plane) {
  order_.clear();
  for (size_t i = 0; i < world_points_.size(); ++i) {
    if (!used_[i] && !tried_[i]) order_.push_back(static_cast<int>(i));
  }
  std::sort(order_.begin(), order_.end(), [&](int a, int b) {
    return world_points_[a].y() < world_points_[b].y() ||
           (world_points_[a].y() == world_points_[b].y() && a < b);
  });
  // The window of heights 2 * kInlierDistance tall holding the most points
  // (the lowest of equals, so that a floor wins ties).
  int best_count = 0;
  double best_height = 0;
  size_t end = 0;
  for (size_t begin = 0; begin < order_.size(); ++begin) {
    const double low = world_points_[order_[begin]].y();
    end = std::max(end, begin);
    while (end < order_.size() &&
           world_points_[order_[end]].y() <= low + 2 * kInlierDistance) {
      ++end;
    }
    const int count = static_cast<int>(end - begin);
    if (count > best_count) {
      best_count = count;
      best_height = 0.5 * (low + world_points_[order_[end - 1]].y());
    }
  }
  if (best_count < kMinHorizontalPoints) return false;
  plane->normal = Eigen::Vector3d::UnitY();
  plane->offset = -best_height;
  CollectInliers(plane);
  Refit(true, plane);
  CollectInliers(plane);
  return true;
}

bool SparsePlaneFinder::FindVertical(WorldPlane* plane) {
  order_.clear();
  for (size_t i = 0; i < world_points_.size(); ++i) {
    if (!used_[i]) order_.push_back(static_cast<int>(i));
  }
  if (static_cast<int>(order_.size()) < kMinPoints) return false;
  // The unused points on the floor plan, packed: a draw is scored by
  // counting them first, and split into surfaces only when it could win.
  floor_plan_.clear();
  for (int i : order_) {
    floor_plan_.push_back(
        {world_points_[i].x(), world_points_[i].z(), tolerances_[i]});
  }
  SeededGenerator random(kSeed);
  const int n = static_cast<int>(order_.size());
  WorldPlane best;
  size_t best_size = 0;
  WorldPlane trial;
  for (int draw = 0; draw < kVerticalDraws; ++draw) {
    const Eigen::Vector3d& a = world_points_[order_[random.Below(n)]];
    const Eigen::Vector3d& b = world_points_[order_[random.Below(n)]];
    const Eigen::Vector3d along(b.x() - a.x(), 0, b.z() - a.z());
    if (along.norm() < kMinPairDistance) continue;
    trial.normal = Eigen::Vector3d(-along.z(), 0, along.x()).normalized();
    trial.offset = -trial.normal.dot(a);
    size_t count = 0;
    for (const FloorPlanPoint& p : floor_plan_) {
      count += std::abs(trial.normal.x() * p.x + trial.normal.z() * p.z +
                        trial.offset) <= p.tolerance;
    }
    if (count <= best_size) continue;
    // Scored by its largest surface: points of one plane far apart are
    // different walls' corners, or chance.
    CollectInliers(&trial);
    SplitIntoSurfaces(&trial);
    const size_t size = LargestCluster();
    if (size > best_size) {
      best_size = size;
      std::swap(best, trial);
    }
  }
  if (static_cast<int>(best_size) < kMinPoints) return false;
  *plane = std::move(best);
  SplitIntoSurfaces(plane);
  plane->inliers = clusters_[LargestClusterIndex()];
  Refit(false, plane);
  CollectInliers(plane);
  SplitIntoSurfaces(plane);
  plane->inliers = clusters_[LargestClusterIndex()];
  return static_cast<int>(plane->inliers.size()) >= kMinPoints;
}

void SparsePlaneFinder::SplitIntoSurfaces(const WorldPlane* plane) {
  // Single linkage over the points' plane coordinates, with a union-find
  // (a few dozen points: the pairwise pass is cheap).
  const size_t n = plane->inliers.size();
  parent_.resize(n);
  for (size_t i = 0; i < n; ++i) parent_[i] = static_cast<int>(i);
  const auto root = [&](int i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  };
  plane_points_.clear();
  for (int i : plane->inliers) {
    plane_points_.push_back(OnPlane(plane->normal, world_points_[i]));
  }
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const cv::Point2f d = plane_points_[i] - plane_points_[j];
      const double link =
          std::max(links_[plane->inliers[i]], links_[plane->inliers[j]]);
      if (d.dot(d) <= link * link) {
        parent_[root(static_cast<int>(i))] = root(static_cast<int>(j));
      }
    }
  }
  // Clusters in order of their first point, so the result is the same
  // whatever the union order.
  clusters_.clear();
  cluster_of_root_.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const int r = root(static_cast<int>(i));
    if (cluster_of_root_[r] < 0) {
      cluster_of_root_[r] = static_cast<int>(clusters_.size());
      clusters_.emplace_back();
    }
    clusters_[cluster_of_root_[r]].push_back(plane->inliers[i]);
  }
}

size_t SparsePlaneFinder::LargestClusterIndex() const {
  size_t best = 0;
  for (size_t k = 1; k < clusters_.size(); ++k) {
    if (clusters_[k].size() > clusters_[best].size()) best = k;
  }
  return best;
}

size_t SparsePlaneFinder::LargestCluster() const {
  return clusters_.empty() ? 0 : clusters_[LargestClusterIndex()].size();
}

void SparsePlaneFinder::AddSegment(const WorldPlane& plane, bool horizontal,
                                   const PinholeCamera& camera,
                                   const Eigen::Isometry3d& world_from_opencv,
                                   const PlaneOptions& options) {
  double area = 0;
  if (!SpansSurface(plane, horizontal, &area)) return;
  segments_.emplace_back();
  if (!ToSegment(plane, area, camera, world_from_opencv, options,
                 &segments_.back())) {
    segments_.pop_back();
    return;
  }
  if (horizontal) {
    for (int i : plane.inliers) used_[i] = true;
  }
}

void SparsePlaneFinder::CollectInliers(WorldPlane* plane) const {
  plane->inliers.clear();
  for (size_t i = 0; i < world_points_.size(); ++i) {
    if (!used_[i] && std::abs(plane->normal.dot(world_points_[i]) +
                              plane->offset) <= tolerances_[i]) {
      plane->inliers.push_back(static_cast<int>(i));
    }
  }
}

void SparsePlaneFinder::Refit(bool horizontal, WorldPlane* plane) const {
  if (plane->inliers.empty()) return;
  // Each point weighted by its precision: the near points place a plane,
  // the far ones mostly widen it.
  double weights = 0;
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (int i : plane->inliers) {
    const double weight = 1.0 / (tolerances_[i] * tolerances_[i]);
    weights += weight;
    mean += weight * world_points_[i];
  }
  mean /= weights;
  if (horizontal) {
    plane->offset = -mean.y();
    return;
  }
  // A vertical plane is a line on the floor plan: the normal is the
  // direction of least spread of the points' (x, z).
  Eigen::Matrix2d scatter = Eigen::Matrix2d::Zero();
  for (int i : plane->inliers) {
    const double weight = 1.0 / (tolerances_[i] * tolerances_[i]);
    const Eigen::Vector2d d(world_points_[i].x() - mean.x(),
                            world_points_[i].z() - mean.z());
    scatter += weight * d * d.transpose();
  }
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> solver(scatter);
  const Eigen::Vector2d least = solver.eigenvectors().col(0);
  Eigen::Vector3d normal(least.x(), 0, least.y());
  if (normal.norm() < 1e-6) return;
  normal.normalize();
  if (normal.dot(plane->normal) < 0) normal = -normal;
  plane->normal = normal;
  plane->offset = -normal.dot(mean);
}

bool SparsePlaneFinder::SpansSurface(const WorldPlane& plane, bool horizontal,
                                     double* area) {
  if (static_cast<int>(plane.inliers.size()) <
      (horizontal ? kMinHorizontalPoints : kMinPoints)) {
    return false;
  }
  plane_points_.clear();
  for (int i : plane.inliers) {
    plane_points_.push_back(OnPlane(plane.normal, world_points_[i]));
  }
  cv::convexHull(plane_points_, hull_);
  *area = cv::contourArea(hull_);
  if (*area < (horizontal ? kMinArea : kMinVerticalArea)) return false;
  // The narrowest width of the hull: its minimum-area rectangle's short
  // side.
  const cv::RotatedRect box = cv::minAreaRect(hull_);
  if (std::min(box.size.width, box.size.height) <
      (horizontal ? kMinWidth : kMinVerticalWidth)) {
    return false;
  }
  return !IsRelief(plane);
}

bool SparsePlaneFinder::IsRelief(const WorldPlane& plane) const {
  // Points over the plane's hull (hull_) that lie off it, yet close: in
  // front of it or behind it by up to kReliefDepth. A surface has few (the
  // things standing on a table, a poster's edge); relief, whose best plane
  // is one of its levels, has as many as that level has points.
  in_plane_.assign(world_points_.size(), false);
  for (int i : plane.inliers) in_plane_[i] = true;
  int off_plane = 0;
  for (size_t i = 0; i < world_points_.size(); ++i) {
    if (in_plane_[i]) continue;
    const double distance =
        std::abs(plane.normal.dot(world_points_[i]) + plane.offset);
    if (distance <= tolerances_[i] || distance > kReliefDepth) continue;
    if (cv::pointPolygonTest(hull_, OnPlane(plane.normal, world_points_[i]),
                             false) >= 0) {
      ++off_plane;
    }
  }
  return off_plane >
         kMaxReliefFraction * static_cast<double>(plane.inliers.size());
}

bool SparsePlaneFinder::ToSegment(const WorldPlane& plane, double area,
                                  const PinholeCamera& camera,
                                  const Eigen::Isometry3d& world_from_opencv,
                                  const PlaneOptions& options,
                                  PlaneSegment* segment) {
  const Eigen::Matrix3d camera_from_world_rotation =
      world_from_opencv.linear().transpose();
  Eigen::Vector3d normal = camera_from_world_rotation * plane.normal;
  double offset =
      plane.normal.dot(world_from_opencv.translation()) + plane.offset;
  if (std::abs(offset) < 1e-6) return false;  // the camera is on the plane
  if (offset < 0) {
    normal = -normal;
    offset = -offset;
  }
  segment->normal = normal;
  segment->offset = offset;
  // Each point weighs by its precision (1 / tolerance^2), scaled so that
  // the weights add up to the point count: near points place the plane.
  double precision = 0;
  for (int i : plane.inliers) {
    precision += 1.0 / (tolerances_[i] * tolerances_[i]);
  }
  const double count = static_cast<double>(plane.inliers.size());
  const Eigen::Vector3d reference = camera_points_[plane.inliers.front()];
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  Eigen::Matrix3d outer = Eigen::Matrix3d::Zero();
  double squared_distance = 0;
  for (int i : plane.inliers) {
    const double weight = count / (precision * tolerances_[i] * tolerances_[i]);
    const Eigen::Vector3d& point = camera_points_[i];
    const Eigen::Vector3d p = point - reference;
    sum += weight * p;
    outer += weight * p * p.transpose();
    const double distance = normal.dot(point) + offset;
    squared_distance += distance * distance;
  }
  segment->moments = PlaneMoments::FromSums(count, sum, outer, reference);
  segment->centroid = segment->moments.mean();
  segment->area = area;
  segment->rms_distance = std::sqrt(squared_distance / count);
  segment->noise_rms = kNoisePerMetre * segment->centroid.z();
  segment->footprint.clear();
  AddFootprint(plane.inliers, camera, options, segment);
  return !segment->footprint.empty();
}

void SparsePlaneFinder::AddFootprint(const std::vector<int>& inliers,
                                     const PinholeCamera& camera,
                                     const PlaneOptions& options,
                                     PlaneSegment* segment) {
  plane_points_.clear();
  for (int i : inliers) plane_points_.push_back(pixels_[i]);
  cv::convexHull(plane_points_, hull_);
  const int cell = options.cell_size;
  segment->cell_count = 0;
  segment->pixel_count = 0;
  // Only the cells under the hull's bounding box can be inside it.
  const cv::Rect box = cv::boundingRect(hull_);
  const int u_begin = std::max(0, box.x / cell * cell);
  const int v_begin = std::max(0, box.y / cell * cell);
  const int u_end = std::min(camera.width, box.x + box.width + cell);
  const int v_end = std::min(camera.height, box.y + box.height + cell);
  for (int v = v_begin; v + cell <= v_end; v += cell) {
    for (int u = u_begin; u + cell <= u_end; u += cell) {
      const cv::Point2f centre(u + 0.5f * cell - 0.5f, v + 0.5f * cell - 0.5f);
      if (cv::pointPolygonTest(hull_, centre, false) < 0) continue;
      segment->footprint.push_back(
          {u - 0.5f, v - 0.5f, u + cell - 0.5f, v + cell - 0.5f});
      ++segment->cell_count;
      segment->pixel_count += cell * cell;
    }
  }
}

}  // namespace vc
