#include "images/depth_plane_refinement.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/angles.h"
#include "common/conventions.h"
#include "images/homography_checks.h"

namespace vc {
namespace {

// Readings on a grid over the picture's inner 80% (away from its edges,
// where depth mixes with the wall behind).
constexpr int kGrid = 9;
constexpr int kMinReadings = 20;
// A fit whose readings stray further than this fraction of the picture's
// distance is not one flat picture (occluded, or the depth is poor).
constexpr double kMaxRmsFraction = 0.01;
// The depth plane may tilt the picture by at most this much: more means the
// homography and the depth disagree about what is seen.
constexpr double kMaxCorrectionDegrees = 10.0;

}  // namespace

double RefineWithDepthPlane(const ReferenceImage& reference,
                            const cv::Matx33d& homography,
                            const DepthSampler& depth,
                            const PinholeCamera& camera,
                            Eigen::Isometry3d* camera_from_image) {
  std::vector<Eigen::Vector3d> points;  // OpenCV camera axes
  for (int row = 0; row < kGrid; ++row) {
    for (int column = 0; column < kGrid; ++column) {
      const cv::Point2d pixel(
          reference.width * (0.1 + 0.8 * column / (kGrid - 1)),
          reference.height * (0.1 + 0.8 * row / (kGrid - 1)));
      const cv::Point2d view = Apply(homography, pixel);
      if (!camera.Contains(Eigen::Vector2d(view.x, view.y), 2.0)) continue;
      const double z = depth.DepthAt(float(view.x), float(view.y));
      if (z <= 0) continue;
      points.push_back(camera.Unproject(view.x, view.y, z));
    }
  }
  if (int(points.size()) < kMinReadings) return 0;
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& p : points) mean += p;
  mean /= double(points.size());
  Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();
  for (const Eigen::Vector3d& p : points) {
    scatter += (p - mean) * (p - mean).transpose();
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(scatter);
  Eigen::Vector3d normal = solver.eigenvectors().col(0);
  const double rms = std::sqrt(solver.eigenvalues()(0) / points.size());
  if (rms > kMaxRmsFraction * mean.norm()) return 0;
  if (normal.dot(mean) > 0) normal = -normal;  // towards the camera

  // The picture's +Y (its normal towards the viewer) in ARKit camera axes.
  const Eigen::Vector3d measured = ArkitFromOpenCvCameraVector(normal);
  const Eigen::Vector3d current = camera_from_image->linear().col(1);
  const Eigen::Quaterniond turn =
      Eigen::Quaterniond::FromTwoVectors(current, measured);
  if (Degrees(2.0 * std::acos(std::min(1.0, std::abs(turn.w())))) >
      kMaxCorrectionDegrees) {
    return 0;
  }
  camera_from_image->linear() =
      turn.toRotationMatrix() * camera_from_image->linear();

  // Where the depth plane meets the ray through the picture's centre,
  // against where the physical width put it.
  const Eigen::Vector3d centre =
      OpenCvFromArkitCameraVector(camera_from_image->translation());
  const double along = normal.dot(centre);
  if (std::abs(along) < 1e-9) return 0;
  const double t = normal.dot(mean) / along;
  return t > 0 ? t : 0;
}

}  // namespace vc
