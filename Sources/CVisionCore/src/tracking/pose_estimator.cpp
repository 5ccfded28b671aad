#include "tracking/pose_estimator.h"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>

#include "common/angles.h"
#include "tracking/rigid_motion.h"

namespace vc {
namespace {

// Optical flow locates a corner to about half a pixel.
constexpr double kPixelSigma = 0.5;
// The prediction is accepted without sampling when, refined, it explains
// this fraction of the tracks.
constexpr double kPredictionConsensus = 0.8;
constexpr double kRansacConfidence = 0.999;
// Sigmas from the prediction beyond which a pose needs many inliers.
constexpr double kMaxPriorDistance = 4.0;

}  // namespace

PoseEstimator::PoseEstimator(const TrackingOptions& options)
    : threshold_px_(options.inlier_threshold),
      max_iterations_(options.ransac_max_iterations),
      min_inliers_(options.min_inliers),
      min_inliers_far_(options.min_inliers_normal),
      prior_sigma_rotation_(Radians(options.motion_prior_degrees)),
      prior_sigma_translation_(options.motion_prior_metres) {}

double PoseEstimator::PriorDistance(const Eigen::Isometry3d& prior_pose,
                                    const Eigen::Isometry3d& pose) const {
  const Eigen::Matrix3d rotation =
      pose.linear() * prior_pose.linear().transpose();
  const double angle = Eigen::AngleAxisd(rotation).angle();
  const double shift =
      (pose.translation() - rotation * prior_pose.translation()).norm();
  return std::max(angle / prior_sigma_rotation_,
                  shift / prior_sigma_translation_);
}

int PoseEstimator::Classify(const PinholeCamera& camera,
                            const std::vector<PointObservation>& observations,
                            const Eigen::Isometry3d& pose,
                            std::vector<uint8_t>* inliers) const {
  inliers->assign(observations.size(), 0);
  const double threshold_sq = threshold_px_ * threshold_px_;
  int count = 0;
  for (size_t i = 0; i < observations.size(); ++i) {
    const Eigen::Vector3d p = pose * observations[i].world;
    if (p.z() <= 1e-6) continue;
    const double error_sq =
        (camera.Project(p) - observations[i].pixel).squaredNorm();
    if (error_sq <= threshold_sq) {
      (*inliers)[i] = 1;
      ++count;
    }
  }
  return count;
}

namespace {

using Matrix6 = Eigen::Matrix<double, 6, 6>;
using Vector6 = Eigen::Matrix<double, 6, 1>;

// Observation o's reprojection term at its camera point p (in front of the
// camera), robustly weighted.
void AddPixelTerm(const PinholeCamera& camera, const PointObservation& o,
                  const Eigen::Vector3d& p, double huber_px, Matrix6* hessian,
                  Vector6* gradient) {
  const double inverse_z = 1.0 / p.z();
  const Eigen::Vector2d residual = camera.Project(p) - o.pixel;
  // The point's 3D uncertainty seen from this camera, added to the flow's:
  // far points (noisier depth) count less. Normalised so that an exact point
  // has weight 1 and the Huber scale stays in pixels.
  const double point_px = camera.MeanFocal() * o.sigma * inverse_z;
  const double information = kPixelSigma * kPixelSigma /
                             (kPixelSigma * kPixelSigma + point_px * point_px);
  const double error = std::sqrt(residual.squaredNorm() * information);
  const double robust = error <= huber_px ? 1.0 : huber_px / error;
  const double weight = information * robust;

  Eigen::Matrix<double, 2, 3> d_pixel_d_point;
  d_pixel_d_point << camera.fx * inverse_z, 0,
      -camera.fx * p.x() * inverse_z * inverse_z, 0, camera.fy * inverse_z,
      -camera.fy * p.y() * inverse_z * inverse_z;
  // Left perturbation exp(delta) * pose, delta = (rotation, translation).
  Eigen::Matrix<double, 3, 6> d_point_d_delta;
  d_point_d_delta << -Skew(p), Eigen::Matrix3d::Identity();
  const Eigen::Matrix<double, 2, 6> jacobian =
      d_pixel_d_point * d_point_d_delta;
  hessian->noalias() += weight * jacobian.transpose() * jacobian;
  gradient->noalias() += weight * jacobian.transpose() * residual;
}

// Observation o's depth term at its camera point p, in the same normalised
// units as the pixels: the measured and the map point's uncertainties add
// up.
void AddDepthTerm(const PointObservation& o, const Eigen::Vector3d& p,
                  double huber_px, Matrix6* hessian, Vector6* gradient) {
  const double depth_residual = p.z() - o.depth;
  const double depth_information =
      kPixelSigma * kPixelSigma /
      (o.depth_sigma * o.depth_sigma + o.sigma * o.sigma);
  const double depth_error =
      std::abs(depth_residual) * std::sqrt(depth_information);
  const double depth_weight =
      depth_information *
      (depth_error <= huber_px ? 1.0 : huber_px / depth_error);
  Eigen::Matrix<double, 1, 6> depth_jacobian;
  depth_jacobian << p.y(), -p.x(), 0, 0, 0, 1;
  hessian->noalias() +=
      depth_weight * depth_jacobian.transpose() * depth_jacobian;
  gradient->noalias() +=
      depth_weight * depth_residual * depth_jacobian.transpose();
}

}  // namespace

void PoseEstimator::Refine(const PinholeCamera& camera,
                           const std::vector<PointObservation>& observations,
                           const std::vector<uint8_t>* mask, double huber_px,
                           int iterations, const Eigen::Isometry3d* prior_pose,
                           Eigen::Isometry3d* pose) const {
  for (int iteration = 0; iteration < iterations; ++iteration) {
    Matrix6 hessian = Matrix6::Zero();
    Vector6 gradient = Vector6::Zero();
    int used = 0;
    for (size_t i = 0; i < observations.size(); ++i) {
      if (mask != nullptr && !(*mask)[i]) continue;
      const PointObservation& o = observations[i];
      const Eigen::Vector3d p = *pose * o.world;
      if (p.z() <= 1e-6) continue;
      AddPixelTerm(camera, o, p, huber_px, &hessian, &gradient);
      if (o.depth > 0) AddDepthTerm(o, p, huber_px, &hessian, &gradient);
      ++used;
    }
    if (used < 3) return;
    if (prior_pose != nullptr) {
      AddPriorTerm(*prior_pose, *pose, &hessian, &gradient);
    }
    const Vector6 delta = -hessian.ldlt().solve(gradient);
    if (!delta.allFinite()) return;
    *pose = PerturbedOnTheLeft(delta, *pose);
    if (delta.squaredNorm() < 1e-16) return;
  }
}

void PoseEstimator::AddPriorTerm(const Eigen::Isometry3d& prior_pose,
                                 const Eigen::Isometry3d& pose,
                                 Eigen::Matrix<double, 6, 6>* hessian,
                                 Eigen::Matrix<double, 6, 1>* gradient) const {
  // The prior's weights in the residuals' units (pixels normalised by the
  // flow's sigma).
  const double rotation_weight =
      kPixelSigma * kPixelSigma /
      (prior_sigma_rotation_ * prior_sigma_rotation_);
  const double translation_weight =
      kPixelSigma * kPixelSigma /
      (prior_sigma_translation_ * prior_sigma_translation_);
  // Residual of the pose against the prior in the same left-perturbation
  // coordinates; its Jacobian is close to the identity near the prior.
  const Eigen::Matrix3d rotation =
      pose.linear() * prior_pose.linear().transpose();
  const Eigen::AngleAxisd angle_axis(rotation);
  const Eigen::Vector3d rotation_error = angle_axis.angle() * angle_axis.axis();
  const Eigen::Vector3d translation_error =
      pose.translation() - rotation * prior_pose.translation();
  for (int k = 0; k < 3; ++k) {
    (*hessian)(k, k) += rotation_weight;
    (*gradient)(k) += rotation_weight * rotation_error(k);
    (*hessian)(3 + k, 3 + k) += translation_weight;
    (*gradient)(3 + k) += translation_weight * translation_error(k);
  }
}

bool PoseEstimator::Ransac(const PinholeCamera& camera,
                           const std::vector<PointObservation>& observations,
                           uint64_t seed, Eigen::Isometry3d* pose,
                           std::vector<uint8_t>* inliers) {
  const int count = static_cast<int>(observations.size());
  if (count < 4) return false;
  cv::RNG rng(seed);
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  std::vector<cv::Point3d> sample_world(3);
  std::vector<cv::Point2d> sample_pixels(3);
  std::vector<cv::Mat> rvecs;
  std::vector<cv::Mat> tvecs;
  int best = 0;
  int needed = max_iterations_;
  for (int iteration = 0; iteration < needed; ++iteration) {
    int picked[3];
    for (int j = 0; j < 3; ++j) {
      bool repeated = true;
      while (repeated) {
        picked[j] = rng.uniform(0, count);
        repeated = false;
        for (int m = 0; m < j; ++m) repeated |= picked[m] == picked[j];
      }
      const PointObservation& o = observations[picked[j]];
      sample_world[j] = cv::Point3d(o.world.x(), o.world.y(), o.world.z());
      sample_pixels[j] = cv::Point2d(o.pixel.x(), o.pixel.y());
    }
    const int solutions =
        cv::solveP3P(sample_world, sample_pixels, k, cv::noArray(), rvecs,
                     tvecs, cv::SOLVEPNP_P3P);
    for (int s = 0; s < solutions; ++s) {
      cv::Matx33d r;
      cv::Rodrigues(rvecs[s], r);
      Eigen::Isometry3d hypothesis = Eigen::Isometry3d::Identity();
      for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 3; ++column) {
          hypothesis.linear()(row, column) = r(row, column);
        }
        hypothesis.translation()(row) = tvecs[s].at<double>(row);
      }
      const int support =
          Classify(camera, observations, hypothesis, &scratch_mask_);
      if (support > best) {
        best = support;
        *pose = hypothesis;
        inliers->swap(scratch_mask_);
        const double outlier_ratio = 1.0 - static_cast<double>(best) / count;
        const double all_inlier_sample = std::pow(1.0 - outlier_ratio, 3);
        if (all_inlier_sample >= 1.0) {
          needed = 0;
        } else if (all_inlier_sample > 0) {
          const double iterations = std::log(1.0 - kRansacConfidence) /
                                    std::log(1.0 - all_inlier_sample);
          needed = std::min(needed, static_cast<int>(std::ceil(iterations)));
        }
      }
    }
  }
  return best >= 4;
}

int PoseEstimator::RefineNearby(
    const PinholeCamera& camera,
    const std::vector<PointObservation>& observations,
    Eigen::Isometry3d* camera_from_world, std::vector<uint8_t>* inliers) const {
  Eigen::Isometry3d pose = *camera_from_world;
  const Eigen::Isometry3d prior = *camera_from_world;
  Refine(camera, observations, nullptr, threshold_px_, 4, &prior, &pose);
  Classify(camera, observations, pose, inliers);
  Refine(camera, observations, inliers, threshold_px_, 3, &prior, &pose);
  const int support = Classify(camera, observations, pose, inliers);
  if (!pose.matrix().allFinite()) {
    inliers->assign(observations.size(), 0);
    return 0;
  }
  *camera_from_world = pose;
  return support;
}

int PoseEstimator::Estimate(const PinholeCamera& camera,
                            const std::vector<PointObservation>& observations,
                            uint64_t seed, Eigen::Isometry3d* camera_from_world,
                            std::vector<uint8_t>* inliers) {
  inliers->assign(observations.size(), 0);
  if (static_cast<int>(observations.size()) < std::max(min_inliers_, 4)) {
    return 0;
  }
  // The prediction as the first hypothesis: a wide Huber scale first so a
  // prediction several pixels off still converges, then the inlier scale.
  const Eigen::Isometry3d prior = *camera_from_world;
  Eigen::Isometry3d pose = prior;
  Refine(camera, observations, nullptr, 4 * threshold_px_, 4, &prior, &pose);
  Refine(camera, observations, nullptr, threshold_px_, 3, &prior, &pose);
  int support = Classify(camera, observations, pose, inliers);
  if (support < kPredictionConsensus * observations.size()) {
    if (!Ransac(camera, observations, seed, &pose, inliers)) return 0;
  }
  // Refine on the consensus, then let points that now agree back in.
  Refine(camera, observations, inliers, threshold_px_, 5, &prior, &pose);
  support = Classify(camera, observations, pose, inliers);
  Refine(camera, observations, inliers, threshold_px_, 3, &prior, &pose);
  support = Classify(camera, observations, pose, inliers);
  if (!pose.matrix().allFinite()) return 0;
  // A pose far from the prediction needs strong evidence: a few points can
  // agree with a wrong pose when they are bunched together.
  if (support < min_inliers_far_ &&
      PriorDistance(prior, pose) > kMaxPriorDistance) {
    inliers->assign(observations.size(), 0);
    return 0;
  }
  *camera_from_world = pose;
  return support;
}

}  // namespace vc
