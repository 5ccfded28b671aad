// Loop-closure trials on exact ground truth, so tests can assert that the
// pose graph pulls a drifted lap back together with its gauge fixed, and that
// loop detection refuses two identical posters in different places while
// accepting a true return.
#include <Eigen/Geometry>
#include <cmath>
#include <cstring>
#include <opencv2/core.hpp>
#include <vector>

#include "common/seeded_generator.h"
#include "relocalization/depth_surface.h"
#include "relocalization/keyframe_database.h"
#include "relocalization/loop_detector.h"
#include "relocalization/pose_graph.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr double kRadius = 1.5;
constexpr double kTranslationWeight = 1.0 / 0.01;
constexpr double kHeadingWeight = 1.0 / 0.005;

// world_from_camera (OpenCV camera axes, world +Y up) of a camera at eye
// looking at target.
Eigen::Isometry3d Looking(const Eigen::Vector3d& eye,
                          const Eigen::Vector3d& target) {
  const Eigen::Vector3d forward = (target - eye).normalized();
  const Eigen::Vector3d right =
      forward.cross(Eigen::Vector3d::UnitY()).normalized();
  const Eigen::Vector3d down = forward.cross(right);
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  pose.linear().col(0) = right;
  pose.linear().col(1) = down;
  pose.linear().col(2) = forward;
  pose.translation() = eye;
  return pose;
}

double RmsCentreError(const std::vector<vc::PoseGraphNode>& estimate,
                      const std::vector<Eigen::Isometry3d>& truth) {
  double sum = 0;
  for (size_t i = 0; i < truth.size(); ++i) {
    sum +=
        (estimate[i].world_from_camera.translation() - truth[i].translation())
            .squaredNorm();
  }
  return std::sqrt(sum / static_cast<double>(truth.size()));
}

vc::PoseGraphEdge Weighted(vc::PoseGraphEdge edge, int from, int to) {
  edge.from = from;
  edge.to = to;
  edge.translation_weight = kTranslationWeight;
  edge.heading_weight = kHeadingWeight;
  return edge;
}

// The 32-byte descriptor number k of a seeded set.
void Descriptor(uint64_t seed, int k, uint8_t* out) {
  vc::SeededGenerator random(seed * 1000003u + static_cast<uint64_t>(k));
  for (int b = 0; b < 32; b += 8) {
    const uint64_t bits = random.Next();
    std::memcpy(out + b, &bits, 8);
  }
}

// A keyframe facing the wall z = -2 from (x, 1.5, 0): its features at the
// given wall points with the given descriptors, and the wall as its
// surface, placed in the world with the tracked pose.
vc::MapKeyframe WallKeyframe(int64_t id, double seconds, double true_x,
                             double tracked_x,
                             const std::vector<Eigen::Vector3d>& wall_points,
                             const std::vector<std::pair<uint64_t, int>>& looks,
                             const vc::PinholeCamera& camera,
                             const cv::Mat& depth,
                             const vc::RelocalizationOptions& options) {
  const Eigen::Vector3d target_offset(0, 0, -2);
  const Eigen::Isometry3d truth =
      Looking(Eigen::Vector3d(true_x, 1.5, 0),
              Eigen::Vector3d(true_x, 1.5, 0) + target_offset);
  const Eigen::Isometry3d tracked =
      Looking(Eigen::Vector3d(tracked_x, 1.5, 0),
              Eigen::Vector3d(tracked_x, 1.5, 0) + target_offset);
  vc::MapKeyframe result;
  vc::Keyframe& k = result.keyframe;
  k.id = id;
  k.timestamp_ns = static_cast<int64_t>(seconds * 1e9);
  k.camera_from_world = tracked.inverse();
  k.descriptors.create(static_cast<int>(wall_points.size()), 32, CV_8U);
  for (size_t i = 0; i < wall_points.size(); ++i) {
    const Eigen::Vector3d c = truth.inverse() * wall_points[i];
    const Eigen::Vector2d pixel = camera.Project(c);
    k.keypoints.emplace_back(static_cast<float>(pixel.x()),
                             static_cast<float>(pixel.y()), 31.0f);
    Descriptor(looks[i].first, looks[i].second,
               k.descriptors.ptr<uint8_t>(static_cast<int>(i)));
    k.points.push_back((tracked * c).cast<float>());
  }
  result.surface = vc::SampleSurface(
      depth, 1000.0, camera, k.camera_from_world,
      vc::ScaledStep(options.surface_step_pixels, camera.width), options);
  return result;
}

}  // namespace

extern "C" {

vc_status_t vc_test_pose_graph(const vc_test_pose_graph_trial_t* trial,
                               vc_test_pose_graph_outcome_t* outcome) {
  if (trial == nullptr || outcome == nullptr || trial->node_count < 3) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  const int n = trial->node_count;
  const Eigen::Vector3d centre(0, 0.75, 0);
  std::vector<Eigen::Isometry3d> truth;
  for (int i = 0; i < n; ++i) {
    const double angle = 2 * M_PI * i / n;
    truth.push_back(Looking(Eigen::Vector3d(kRadius * std::sin(angle), 1.4,
                                            kRadius * std::cos(angle)),
                            centre));
  }
  // Odometry: each step's motion, turned a little more and stretched.
  const Eigen::Matrix3d turn =
      Eigen::AngleAxisd(trial->heading_drift_rad, Eigen::Vector3d::UnitY())
          .toRotationMatrix();
  std::vector<vc::PoseGraphNode> nodes(n);
  nodes[0].world_from_camera = truth[0];
  for (int i = 0; i + 1 < n; ++i) {
    const Eigen::Isometry3d step = truth[i].inverse() * truth[i + 1];
    const Eigen::Isometry3d& from = nodes[i].world_from_camera;
    Eigen::Isometry3d& to = nodes[i + 1].world_from_camera;
    to.linear() = turn * from.linear() * step.linear();
    to.translation() = from.translation() + turn * from.linear() *
                                                step.translation() *
                                                (1 + trial->length_drift);
  }
  std::vector<vc::PoseGraphEdge> edges;
  for (int i = 0; i + 1 < n; ++i) {
    edges.push_back(Weighted(vc::EdgeBetween(nodes[i].world_from_camera,
                                             nodes[i + 1].world_from_camera),
                             i, i + 1));
  }
  const vc::PoseGraphEdge loop =
      Weighted(vc::EdgeBetween(truth[0], truth[n - 1]), 0, n - 1);
  edges.push_back(loop);

  outcome->rms_before = RmsCentreError(nodes, truth);
  const Eigen::Isometry3d fixed = nodes[0].world_from_camera;
  const vc::PoseGraphSummary summary =
      vc::OptimizePoseGraph(edges, 0, 10, &nodes);
  outcome->rms_after = RmsCentreError(nodes, truth);
  outcome->fixed_motion =
      (nodes[0].world_from_camera.matrix() - fixed.matrix()).norm();
  outcome->loop_error = (vc::EdgeBetween(nodes[0].world_from_camera,
                                         nodes[n - 1].world_from_camera)
                             .translation -
                         loop.translation)
                            .norm();
  outcome->iterations = summary.iterations;
  return VC_STATUS_OK;
}

vc_status_t vc_test_identical_posters_loop(double poster_separation_m,
                                           double drift_m, int old_keyframes,
                                           int* outcome, double* correction_m,
                                           int* inliers) {
  if (outcome == nullptr || correction_m == nullptr || inliers == nullptr ||
      old_keyframes < 1 || old_keyframes > 2 ||
      !std::isfinite(poster_separation_m) || !std::isfinite(drift_m)) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  const vc::PinholeCamera camera{525, 525, 319.5, 239.5, 640, 480};
  const vc::RelocalizationOptions options;
  // The wall 2 m in front of every camera (millimetres).
  const cv::Mat depth(camera.height, camera.width, CV_16UC1, cv::Scalar(2000));
  vc::SeededGenerator random(0x9057E25u);
  auto uniform = [&](double lo, double hi) {
    return lo +
           (hi - lo) * static_cast<double>(random.Next() >> 11) * 0x1.0p-53;
  };
  constexpr uint64_t kPoster = 1;
  constexpr uint64_t kOldWall = 2;
  constexpr uint64_t kNewWall = 3;
  // The poster's features, relative to its centre, and the wall's.
  std::vector<Eigen::Vector3d> poster;
  for (int k = 0; k < 100; ++k) {
    poster.emplace_back(uniform(-0.3, 0.3), uniform(-0.3, 0.3), 0);
  }
  std::vector<Eigen::Vector3d> wall;
  for (int k = 0; k < 60; ++k) {
    wall.emplace_back(uniform(-1.0, 1.0), uniform(-0.7, 0.7), 0);
  }
  const Eigen::Vector3d wall_origin(0, 1.5, -2);

  auto view = [&](double x, uint64_t wall_look) {
    std::vector<Eigen::Vector3d> points;
    std::vector<std::pair<uint64_t, int>> looks;
    for (int k = 0; k < int(poster.size()); ++k) {
      points.push_back(wall_origin + Eigen::Vector3d(x, 0, 0) + poster[k]);
      looks.emplace_back(kPoster, k);
    }
    for (int k = 0; k < int(wall.size()); ++k) {
      if (std::abs(wall[k].x()) < 0.35 && std::abs(wall[k].y()) < 0.35)
        continue;
      points.push_back(wall_origin + Eigen::Vector3d(x, 0, 0) + wall[k]);
      looks.emplace_back(wall_look, k);
    }
    return std::make_pair(points, looks);
  };

  // The old place as one keyframe or two 5 cm apart saw it: a loop must
  // agree with more than one of them.
  vc::KeyframeDatabase database(options);
  const auto old_view = view(0, kOldWall);
  for (int k = 0; k < old_keyframes; ++k) {
    database.Add(WallKeyframe(k, 0.5 * k, 0.05 * k, 0.05 * k, old_view.first,
                              old_view.second, camera, depth, options));
  }
  const bool same_place = poster_separation_m == 0;
  const auto new_view =
      view(poster_separation_m, same_place ? kOldWall : kNewWall);
  const vc::MapKeyframe query =
      WallKeyframe(2, 10.0, poster_separation_m, poster_separation_m + drift_m,
                   new_view.first, new_view.second, camera, depth, options);
  std::vector<Eigen::Vector3f> query_points;
  vc::SampleDepthPoints(depth, 1000.0, camera,
                        vc::ScaledStep(options.query_step_pixels, camera.width),
                        options, &query_points);
  const vc::LoopDetection detection = vc::DetectLoop(
      database, query, query_points, options, vc::LoopDetectionOptions());
  *outcome = static_cast<int>(detection.outcome);
  *correction_m = detection.correction_metres;
  *inliers = detection.inliers;
  return VC_STATUS_OK;
}

}  // extern "C"
