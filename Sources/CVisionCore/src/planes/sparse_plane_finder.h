// Planar segments from the sparse map points in a frame's view, for frames
// without depth (as ARKit finds planes on a phone without LiDAR):
//
//  - horizontal: the densest band of point heights (world +Y is up, from the
//    IMU), refit to its points' mean height, taken while the band holds
//    enough points spread over enough of the floor plan;
//  - vertical: RANSAC over the remaining points for planes that contain the
//    vertical, refit by least squares with the normal kept level;
//  - each segment's footprint is the image grid cells inside the convex hull
//    of its points' pixels (one view's convex hull; the plane map's
//    occupancy grid unites the views, so the extent grows, and turns
//    concave, as more views see the surface).
//
// The segments have the depth segmenter's form (OpenCV camera axes), so the
// plane map fuses, merges, classifies and publishes them as it does depth's,
// with the points' own noise in place of the depth sensor's. Deterministic
// (RANSAC draws from a fixed seed each frame); not thread-safe: scratch
// buffers are reused so a steady stream of frames does not allocate.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/plane_options.h"
#include "planes/plane_segment.h"

namespace vc {

class SparsePlaneFinder {
 public:
  // points: map points (world, metres, +Y up), of which the ones in view
  // count. world_from_opencv: the frame's camera in the world, OpenCV
  // camera axes. Returns the segments, largest first; valid until the next
  // call.
  const std::vector<PlaneSegment>& Find(
      const std::vector<Eigen::Vector3d>& points, const PinholeCamera& camera,
      const Eigen::Isometry3d& world_from_opencv, const PlaneOptions& options);

  // The last call's points in view, camera axes (OpenCV): where the frame
  // saw surfaces, for the plane map's see-through check.
  const std::vector<Eigen::Vector3d>& surface_points() const {
    return camera_points_;
  }

 private:
  // A plane in the world (normal . x + offset = 0) and its points.
  struct WorldPlane {
    Eigen::Vector3d normal = Eigen::Vector3d::UnitY();
    double offset = 0;
    std::vector<int> inliers;
  };

  // The densest band of heights among the points not yet used or tried,
  // refit; false when it holds too few points.
  bool FindHorizontalBand(WorldPlane* plane);
  // The vertical plane whose largest surface (SplitIntoSurfaces) holds the
  // most unused points, refit to that surface; false when none holds
  // enough.
  bool FindVertical(WorldPlane* plane);
  // Unused points within their tolerance of the plane.
  void CollectInliers(WorldPlane* plane) const;
  // Least-squares plane through the inliers, its normal kept level or
  // vertical as the plane's alignment is.
  void Refit(bool horizontal, WorldPlane* plane) const;
  // Splits the plane's inliers into surfaces (clusters_): points linked
  // by steps of at most kClusterLink along the plane.
  void SplitIntoSurfaces(const WorldPlane* plane);
  size_t LargestClusterIndex() const;
  size_t LargestCluster() const;
  // Adds the plane as a segment if its points span a surface; a horizontal
  // one's points are then used.
  void AddSegment(const WorldPlane& plane, bool horizontal,
                  const PinholeCamera& camera,
                  const Eigen::Isometry3d& world_from_opencv,
                  const PlaneOptions& options);
  // Whether the inliers span a surface (not a line or a clump) large
  // enough for the alignment, and their area on the plane, square metres.
  bool SpansSurface(const WorldPlane& plane, bool horizontal, double* area);
  // Whether many points over the plane's hull (hull_, from SpansSurface)
  // lie close to it but off it: relief, whose best plane is one of its
  // levels.
  bool IsRelief(const WorldPlane& plane) const;
  // The plane as a segment of this frame; false if it faces away.
  bool ToSegment(const WorldPlane& plane, double area,
                 const PinholeCamera& camera,
                 const Eigen::Isometry3d& world_from_opencv,
                 const PlaneOptions& options, PlaneSegment* segment);
  void AddFootprint(const std::vector<int>& inliers,
                    const PinholeCamera& camera, const PlaneOptions& options,
                    PlaneSegment* segment);

  std::vector<PlaneSegment> segments_;
  std::vector<Eigen::Vector3d> camera_points_;
  // Scratch.
  std::vector<Eigen::Vector3d> world_points_;
  std::vector<cv::Point2f> pixels_;
  // Per point: how far off a plane it may lie, and the step that links it
  // to the points of its surface (both grow with its distance).
  std::vector<double> tolerances_;
  std::vector<double> links_;
  std::vector<bool> used_;
  mutable std::vector<bool> in_plane_;
  // Points a horizontal band already took in (used or not).
  std::vector<bool> tried_;
  std::vector<int> parent_;
  std::vector<int> cluster_of_root_;
  std::vector<std::vector<int>> clusters_;
  std::vector<int> order_;
  struct FloorPlanPoint {
    double x = 0;
    double z = 0;
    double tolerance = 0;
  };
  std::vector<FloorPlanPoint> floor_plan_;
  std::vector<cv::Point2f> plane_points_;
  std::vector<cv::Point2f> hull_;
};

}  // namespace vc
