// A bundle-adjustment trial on exact ground truth, so tests can assert that
// the solver recovers perturbed cameras and points, keeps fixed cameras
// fixed, and shrugs off mistracked features.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/seeded_generator.h"
#include "tracking/bundle_adjuster.h"
#include "tracking/rigid_motion.h"
#include "vision_core_testing/vision_core_testing.h"

namespace {

constexpr int kFixedCameras = 2;
constexpr double kPixelSigma = 0.5;
constexpr double kHuberScale = 3.0;
constexpr int kIterations = 10;
// The tracker's depth noise: 1.5 mm at 1 m, growing with the square.
constexpr double kDepthNoise = 0.0015;

// Uniform in [-1, 1).
double Symmetric(vc::SeededGenerator* random) {
  return static_cast<double>(random->Next() >> 11) * 0x1.0p-52 - 1.0;
}

double RmsCentreError(const std::vector<vc::BundleCamera>& estimate,
                      const std::vector<Eigen::Isometry3d>& truth) {
  double sum = 0;
  for (size_t c = 0; c < truth.size(); ++c) {
    sum += (estimate[c].camera_from_world.inverse().translation() -
            truth[c].inverse().translation())
               .squaredNorm();
  }
  return std::sqrt(sum / static_cast<double>(truth.size()));
}

double RmsPointError(const std::vector<Eigen::Vector3d>& estimate,
                     const std::vector<Eigen::Vector3d>& truth) {
  double sum = 0;
  for (size_t j = 0; j < truth.size(); ++j) {
    sum += (estimate[j] - truth[j]).squaredNorm();
  }
  return std::sqrt(sum / static_cast<double>(truth.size()));
}

}  // namespace

extern "C" {

vc_status_t vc_test_bundle_adjustment(const vc_test_bundle_trial_t* trial,
                                      vc_test_bundle_outcome_t* outcome) {
  if (trial == nullptr || outcome == nullptr ||
      trial->camera_count <= kFixedCameras || trial->point_count <= 0) {
    return VC_STATUS_INVALID_ARGUMENT;
  }
  vc::SeededGenerator random(trial->seed);
  const vc::PinholeCamera intrinsics{525, 525, 319.5, 239.5, 640, 480};

  // Cameras on a 1 m line along +X, looking down +Z, turning a little.
  std::vector<Eigen::Isometry3d> true_cameras;
  for (int c = 0; c < trial->camera_count; ++c) {
    const double s = static_cast<double>(c) / (trial->camera_count - 1);
    Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
    world_from_camera.linear() =
        Eigen::AngleAxisd(0.2 * (s - 0.5), Eigen::Vector3d::UnitY())
            .toRotationMatrix();
    world_from_camera.translation() = Eigen::Vector3d(s, 0.05 * s, 0);
    true_cameras.push_back(world_from_camera.inverse());
  }
  std::vector<Eigen::Vector3d> true_points;
  for (int j = 0; j < trial->point_count; ++j) {
    true_points.emplace_back(0.5 + 1.5 * Symmetric(&random),
                             1.0 * Symmetric(&random),
                             2.5 + 1.5 * Symmetric(&random));
  }

  vc::BundleProblem problem;
  for (int c = 0; c < trial->camera_count; ++c) {
    vc::BundleCamera camera{true_cameras[c], intrinsics, c < kFixedCameras};
    if (!camera.fixed) {
      Eigen::Matrix<double, 6, 1> error;
      for (int k = 0; k < 6; ++k) {
        error(k) = trial->camera_error_m * Symmetric(&random);
      }
      camera.camera_from_world =
          vc::PerturbedOnTheLeft(error, camera.camera_from_world);
    }
    problem.cameras.push_back(camera);
  }
  for (const Eigen::Vector3d& point : true_points) {
    problem.points.push_back(point + trial->point_error_m *
                                         Eigen::Vector3d(Symmetric(&random),
                                                         Symmetric(&random),
                                                         Symmetric(&random)));
  }
  for (int c = 0; c < trial->camera_count; ++c) {
    for (int j = 0; j < trial->point_count; ++j) {
      const Eigen::Vector3d p = true_cameras[c] * true_points[j];
      if (p.z() <= 0.1) continue;
      Eigen::Vector2d pixel = intrinsics.Project(p);
      if (!intrinsics.Contains(pixel, 0)) continue;
      pixel += trial->noise_px *
               Eigen::Vector2d(Symmetric(&random), Symmetric(&random));
      const double draw = 0.5 * (Symmetric(&random) + 1.0);
      if (draw < trial->outlier_fraction) {
        const double angle = M_PI * Symmetric(&random);
        const double length = 30.0 + 10.0 * Symmetric(&random);
        pixel += length * Eigen::Vector2d(std::cos(angle), std::sin(angle));
      }
      vc::BundleObservation o;
      o.camera = c;
      o.point = j;
      o.pixel = pixel;
      if (trial->with_depth != 0) {
        o.depth_sigma = kDepthNoise * p.z() * p.z();
        o.depth = p.z();
        if (trial->noise_px > 0) o.depth += o.depth_sigma * Symmetric(&random);
      }
      problem.observations.push_back(o);
    }
  }

  outcome->camera_rms_before = RmsCentreError(problem.cameras, true_cameras);
  outcome->point_rms_before = RmsPointError(problem.points, true_points);
  vc::BundleAdjuster adjuster(kPixelSigma, kHuberScale, kIterations);
  const vc::BundleSummary summary = adjuster.Solve(&problem);
  outcome->camera_rms_after = RmsCentreError(problem.cameras, true_cameras);
  outcome->point_rms_after = RmsPointError(problem.points, true_points);
  outcome->fixed_camera_motion = 0;
  for (int c = 0; c < kFixedCameras; ++c) {
    outcome->fixed_camera_motion =
        std::max(outcome->fixed_camera_motion,
                 (problem.cameras[c].camera_from_world.matrix() -
                  true_cameras[c].matrix())
                     .cwiseAbs()
                     .maxCoeff());
  }
  outcome->iterations = summary.iterations;
  return VC_STATUS_OK;
}

}  // extern "C"
