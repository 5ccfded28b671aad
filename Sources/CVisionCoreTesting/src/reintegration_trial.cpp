// A re-integration trial (see vc_test_reintegration): scene reconstruction
// of two exact planes, then the world moves and the kept views are fused
// anew; tests check where the final mesh lies and what the anchors did.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "common/angles.h"
#include "reconstruction/scene_reconstruction.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr double kFloorY = 1.0;  // OpenCV axes: +y is down
constexpr double kWallZ = 3.0;
constexpr double kStep = 0.06;
constexpr int64_t kFrameNs = 33'000'000;

vc::PinholeCamera TrialCamera() { return {525, 525, 319.5, 239.5, 640, 480}; }

// Millimetres along the optical axis from a camera at `centre` looking
// along +z with the world's axes.
cv::Mat RenderDepth(const Eigen::Vector3d& centre) {
  const vc::PinholeCamera camera = TrialCamera();
  cv::Mat depth(camera.height, camera.width, CV_16UC1);
  for (int v = 0; v < camera.height; ++v) {
    for (int u = 0; u < camera.width; ++u) {
      const double dy = (v - camera.cy) / camera.fy;
      double t = kWallZ - centre.z();
      if (dy > 0) t = std::min(t, (kFloorY - centre.y()) / dy);
      depth.at<uint16_t>(v, u) = static_cast<uint16_t>(std::lround(t * 1000));
    }
  }
  return depth;
}

double DistanceToSurfaces(const Eigen::Vector3d& in_old_world) {
  return std::min(std::abs(in_old_world.y() - kFloorY),
                  std::abs(in_old_world.z() - kWallZ));
}

using Anchors = std::map<uint64_t, vc::MeshAnchorPointer>;

void Apply(const vc::MeshChanges& changes, Anchors* anchors) {
  for (uint64_t id : changes.removed) anchors->erase(id);
  for (const auto* list : {&changes.added, &changes.updated}) {
    for (const vc::MeshAnchorPointer& anchor : *list) {
      (*anchors)[anchor->id] = anchor;
    }
  }
}

size_t VertexCount(const Anchors& anchors) {
  size_t count = 0;
  for (const auto& [id, anchor] : anchors) {
    count += anchor->mesh.vertices.size();
  }
  return count;
}

}  // namespace

extern "C" {

vc_status_t vc_test_reintegration(int32_t view_count, double turn_degrees,
                                  double shift_m, int64_t max_view_bytes,
                                  vc_test_reintegration_trial_t* out) {
  if (out == nullptr || view_count < 1 || view_count > 200 ||
      max_view_bytes < 0) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  *out = {};
  vc::TsdfOptions options;
  options.max_depth = 4;
  vc::SceneReconstruction reconstruction(options, false, 1, 0,
                                         static_cast<size_t>(max_view_bytes));
  const std::vector<vc::ClassifiedPlane> no_planes;
  Anchors anchors;
  std::vector<vc::TimedWorldPose> moved_poses;
  const Eigen::Isometry3d new_world_from_old =
      Eigen::Translation3d(0, shift_m, 0) *
      Eigen::AngleAxisd(vc::Radians(turn_degrees), Eigen::Vector3d::UnitY());
  int64_t timestamp_ns = 0;
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  for (int i = 0; i < view_count; ++i) {
    pose.translation() = Eigen::Vector3d(kStep * (i - view_count / 2), 0, 0);
    timestamp_ns += kFrameNs;
    reconstruction.Integrate(RenderDepth(pose.translation()), 0.001,
                             TrialCamera(), pose, timestamp_ns);
    reconstruction.NextFrame();
    Apply(reconstruction.Remesh(no_planes), &anchors);
    moved_poses.push_back({timestamp_ns, new_world_from_old * pose});
  }
  Apply(reconstruction.Remesh(no_planes, true), &anchors);
  const Anchors before = anchors;
  const size_t vertices_before = VertexCount(anchors);
  out->views_kept = static_cast<int32_t>(reconstruction.view_history().size());
  out->view_bytes = static_cast<int64_t>(reconstruction.view_history().bytes());

  // The camera stays at the last pose, seeing the moved world, while the
  // kept views are fused anew.
  reconstruction.BeginReintegration(moved_poses);
  const cv::Mat last_view = RenderDepth(pose.translation());
  while (reconstruction.reintegrating() && out->frames_reintegrating < 1000) {
    ++out->frames_reintegrating;
    timestamp_ns += kFrameNs;
    reconstruction.Integrate(last_view, 0.001, TrialCamera(),
                             new_world_from_old * pose, timestamp_ns);
    reconstruction.ReintegrateSome(1);
    reconstruction.NextFrame();
    const vc::MeshChanges changes = reconstruction.Remesh(no_planes);
    if (reconstruction.reintegrating() && !changes.empty()) {
      ++out->changes_while_reintegrating;
    }
    Apply(changes, &anchors);
  }
  Apply(reconstruction.Remesh(no_planes, true), &anchors);

  out->anchors_before = static_cast<int32_t>(before.size());
  for (const auto& [id, anchor] : before) {
    if (anchors.count(id) != 0) {
      ++out->anchors_kept;
    } else {
      ++out->anchors_removed;
    }
  }
  for (const auto& [id, anchor] : anchors) {
    if (before.count(id) == 0) ++out->anchors_added;
  }
  std::vector<double> distances;
  const Eigen::Isometry3d old_from_new = new_world_from_old.inverse();
  for (const auto& [id, anchor] : anchors) {
    for (const Eigen::Vector3f& vertex : anchor->mesh.vertices) {
      distances.push_back(
          DistanceToSurfaces(old_from_new * vertex.cast<double>()));
    }
  }
  if (distances.empty()) return VC_STATUS_OK;
  std::sort(distances.begin(), distances.end());
  out->median_distance_m = distances[distances.size() / 2];
  out->max_distance_m = distances.back();
  out->vertex_ratio = static_cast<double>(distances.size()) /
                      static_cast<double>(std::max<size_t>(1, vertices_before));
  return VC_STATUS_OK;
}

}  // extern "C"
