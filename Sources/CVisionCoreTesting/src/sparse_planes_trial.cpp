// A sparse-plane trial: a seeded cloud of map points in front of one camera
// 1.5 m above the floor, looking 30 degrees down (a VGA camera of 525 px
// focal length), each point pushed along its ray by Gaussian noise that
// grows with its distance, as a monocular tracker's are. The scenes are the
// cases SparsePlaneFinder must tell apart: a room's floor, table top and
// wall; a line of points along the floor (an edge); a wall of tiles that
// stand out by different amounts (relief); points scattered in space.
#include <Eigen/Geometry>
#include <cmath>
#include <optional>
#include <vector>

#include "common/conventions.h"
#include "common/pinhole_camera.h"
#include "common/plane_options.h"
#include "common/seeded_generator.h"
#include "planes/plane_map.h"
#include "planes/sparse_plane_finder.h"
#include "raycast/feature_point_plane.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr double kCameraHeight = 1.5;

class Cloud {
 public:
  Cloud(uint64_t seed, double noise_per_metre)
      : random_(seed), noise_per_metre_(noise_per_metre) {}

  double Uniform(double low, double high) {
    return low +
           (high - low) * static_cast<double>(random_.Next() >> 11) * 0x1.0p-53;
  }

  // Standard normal, Box-Muller.
  double Normal() {
    const double u = Uniform(1e-12, 1.0);
    const double v = Uniform(0.0, 1.0);
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * M_PI * v);
  }

  // A point on a surface, seen from the camera at the world origin, moved
  // along its ray by noise_per_metre of its distance (one sigma).
  void Add(const Eigen::Vector3d& surface_point) {
    points_.push_back(surface_point * (1.0 + noise_per_metre_ * Normal()));
  }

  const std::vector<Eigen::Vector3d>& points() const { return points_; }

 private:
  vc::SeededGenerator random_;
  double noise_per_metre_;
  std::vector<Eigen::Vector3d> points_;
};

vc::PinholeCamera TrialCamera() { return {525, 525, 319.5, 239.5, 640, 480}; }

vc::PlaneOptions TrialOptions() {
  vc::PlaneOptions options;
  options.detection =
      VC_PLANE_DETECTION_HORIZONTAL | VC_PLANE_DETECTION_VERTICAL;
  return options;
}

// world_from_camera in OpenCV camera axes: at the origin (world +Y up, the
// floor 1.5 m below), looking along -Z and 30 degrees down.
Eigen::Isometry3d TrialPose() {
  const Eigen::Vector3d right(1, 0, 0);
  const Eigen::Vector3d forward(0, -std::sin(M_PI / 6), -std::cos(M_PI / 6));
  const Eigen::Vector3d down = forward.cross(right);
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  pose.linear() << right, down, forward;
  return pose;
}

void AddRoom(Cloud* cloud) {
  for (int i = 0; i < 90; ++i) {
    cloud->Add({cloud->Uniform(-1.5, 1.5), -kCameraHeight,
                cloud->Uniform(-4.0, -1.5)});
  }
  // The table top, 0.75 m above the floor.
  for (int i = 0; i < 15; ++i) {
    cloud->Add({cloud->Uniform(0.2, 1.0), 0.75 - kCameraHeight,
                cloud->Uniform(-2.4, -1.8)});
  }
  // A wall 4.5 m ahead, up to the top of the view (1.05 m above the
  // floor there).
  for (int i = 0; i < 60; ++i) {
    cloud->Add({cloud->Uniform(-2.0, 2.0), cloud->Uniform(-kCameraHeight, -0.5),
                -4.5});
  }
}

void AddLine(Cloud* cloud) {
  for (int i = 0; i < 40; ++i) {
    cloud->Add({cloud->Uniform(-1.5, 1.5), -kCameraHeight,
                -2.5 + cloud->Uniform(-0.02, 0.02)});
  }
}

// Tiles of 0.3 m standing out of a wall 4 m ahead by 0 - 24 cm, each by a
// seeded number of 6 cm steps.
void AddRelief(Cloud* cloud) {
  for (int row = 0; row < 8; ++row) {
    for (int column = 0; column < 12; ++column) {
      const double proud =
          0.06 *
          (cloud->Uniform(0, 5) > 4.99 ? 4 : std::floor(cloud->Uniform(0, 5)));
      for (int k = 0; k < 2; ++k) {
        cloud->Add({-1.8 + 0.3 * (column + cloud->Uniform(0, 1)),
                    -kCameraHeight + 0.3 * (row + cloud->Uniform(0, 1)),
                    -4.0 + proud});
      }
    }
  }
}

void AddScattered(Cloud* cloud) {
  for (int i = 0; i < 120; ++i) {
    cloud->Add({cloud->Uniform(-2.0, 2.0), cloud->Uniform(-kCameraHeight, 1.0),
                cloud->Uniform(-5.0, -1.5)});
  }
}

std::vector<Eigen::Vector3d> TrialCloud(uint64_t seed, int scene,
                                        double noise_per_metre) {
  Cloud cloud(seed, noise_per_metre);
  switch (scene) {
    case 0:
      AddRoom(&cloud);
      break;
    case 1:
      AddLine(&cloud);
      break;
    case 2:
      AddRelief(&cloud);
      break;
    default:
      AddScattered(&cloud);
      break;
  }
  return cloud.points();
}

}  // namespace

extern "C" {

vc_status_t vc_test_sparse_planes(uint64_t seed, int scene,
                                  double noise_per_metre,
                                  vc_test_sparse_plane_t* out_planes,
                                  int capacity, int* out_count) {
  if (out_count == nullptr || capacity < 0 ||
      (capacity > 0 && out_planes == nullptr) || scene < 0 || scene > 3 ||
      !(noise_per_metre >= 0)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  const std::vector<Eigen::Vector3d> points =
      TrialCloud(seed, scene, noise_per_metre);
  const Eigen::Isometry3d world_from_opencv = TrialPose();
  vc::SparsePlaneFinder finder;
  const std::vector<vc::PlaneSegment>& segments =
      finder.Find(points, TrialCamera(), world_from_opencv, TrialOptions());
  *out_count = static_cast<int>(segments.size());
  for (int k = 0; k < capacity && k < *out_count; ++k) {
    const vc::PlaneSegment& segment = segments[k];
    const Eigen::Vector3d normal = world_from_opencv.linear() * segment.normal;
    vc_test_sparse_plane_t& plane = out_planes[k];
    for (int axis = 0; axis < 3; ++axis) plane.normal[axis] = normal[axis];
    plane.offset = segment.offset - normal.dot(world_from_opencv.translation());
    plane.points = static_cast<int32_t>(segment.moments.count());
    plane.area = segment.area;
  }
  return VC_STATUS_OK;
}

vc_status_t vc_test_sparse_plane_rescale(double scale, double* height_before,
                                         double* height_after) {
  if (height_before == nullptr || height_after == nullptr || !(scale > 0)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  const vc::PlaneOptions options = TrialOptions();
  vc::PlaneMap map(options);
  const Eigen::Isometry3d world_from_opencv = TrialPose();
  const Eigen::Isometry3d world_from_arkit =
      vc::WorldFromArkitCamera(world_from_opencv);
  vc::SparsePlaneFinder finder;
  // The room seen in ten frames, each with its own noise.
  for (uint64_t frame = 1; frame <= 10; ++frame) {
    const std::vector<vc::PlaneSegment>& segments = finder.Find(
        TrialCloud(frame, 0, 0.005), TrialCamera(), world_from_opencv, options);
    map.BeginFrame();
    map.Integrate(segments, finder.surface_points(), TrialCamera(),
                  world_from_arkit, true);
  }
  // NaN when there is no floor anchor.
  const auto floor_height = [&]() {
    double height = std::nan("");
    for (const vc_plane_anchor_t& anchor : map.anchors()) {
      if (anchor.classification == VC_PLANE_CLASSIFICATION_FLOOR) {
        height = anchor.world_from_anchor[13];
      }
    }
    return height;
  };
  *height_before = floor_height();
  map.BeginFrame();
  map.ScaleWorld(scale, Eigen::Vector3d::Zero());
  *height_after = floor_height();
  return VC_STATUS_OK;
}

vc_status_t vc_test_feature_point_raycast(uint64_t seed, int scene,
                                          double noise_per_metre,
                                          const double direction[3],
                                          vc_raycast_alignment_t alignment,
                                          vc_raycast_result_t* out_hit,
                                          int* out_found) {
  if (direction == nullptr || out_hit == nullptr || out_found == nullptr ||
      scene < 0 || scene > 3 || !(noise_per_metre >= 0)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  const Eigen::Vector3d towards(direction[0], direction[1], direction[2]);
  if (!(towards.norm() > 1e-9)) return VC_STATUS_INVALID_ARGUMENT;
  const vc::Ray ray{Eigen::Vector3d::Zero(), towards.normalized()};
  const std::optional<vc_raycast_result_t> hit =
      vc::RaycastFeaturePoints(ray, TrialCloud(seed, scene, noise_per_metre),
                               alignment, vc::RaycastOptions());
  *out_found = hit ? 1 : 0;
  if (hit) *out_hit = *hit;
  return VC_STATUS_OK;
}

}  // extern "C"
