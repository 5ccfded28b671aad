#include "relocalization/pose_ransac.h"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>
#include <opencv2/core/eigen.hpp>

#include "common/ransac_sampling.h"

namespace vc {
namespace {

// Three points closer than this (metres) constrain rotation poorly.
constexpr double kMinSampleSide = 0.05;

int MarkRigidInliers(const std::vector<Eigen::Vector3d>& camera_points,
                     const std::vector<Eigen::Vector3d>& world_points,
                     const Eigen::Isometry3d& camera_from_world,
                     double threshold, std::vector<uint8_t>* flags) {
  const double limit = threshold * threshold;
  flags->resize(camera_points.size());
  int count = 0;
  for (size_t k = 0; k < camera_points.size(); ++k) {
    const bool in = (camera_from_world * world_points[k] - camera_points[k])
                        .squaredNorm() <= limit;
    (*flags)[k] = in;
    count += in;
  }
  return count;
}

// The rigid transform taking the triangle from[0..2] onto to[0..2]: an
// orthonormal frame built on each triangle (first side, normal, their
// cross product), R = F_to F_from^T. Exact for a noise-free sample and
// ~30x faster than an SVD, which matters because RANSAC solves hundreds of
// samples per query; inliers are then refitted by least squares.
Eigen::Isometry3d TriangleTransform(const Eigen::Vector3d* from,
                                    const Eigen::Vector3d* to) {
  auto frame = [](const Eigen::Vector3d* p) {
    Eigen::Matrix3d f;
    const Eigen::Vector3d e1 = (p[1] - p[0]).normalized();
    const Eigen::Vector3d e3 = e1.cross(p[2] - p[0]).normalized();
    f.col(0) = e1;
    f.col(1) = e3.cross(e1);
    f.col(2) = e3;
    return f;
  };
  Eigen::Isometry3d result = Eigen::Isometry3d::Identity();
  result.linear() = frame(to) * frame(from).transpose();
  const Eigen::Vector3d mean_from = (from[0] + from[1] + from[2]) / 3.0;
  const Eigen::Vector3d mean_to = (to[0] + to[1] + to[2]) / 3.0;
  result.translation() = mean_to - result.linear() * mean_from;
  return result;
}

}  // namespace

Eigen::Isometry3d FitRigid(const std::vector<Eigen::Vector3d>& from,
                           const std::vector<Eigen::Vector3d>& to) {
  const size_t n = from.size();
  Eigen::Vector3d mean_from = Eigen::Vector3d::Zero();
  Eigen::Vector3d mean_to = Eigen::Vector3d::Zero();
  for (size_t k = 0; k < n; ++k) {
    mean_from += from[k];
    mean_to += to[k];
  }
  mean_from /= double(n);
  mean_to /= double(n);
  Eigen::Matrix3d covariance = Eigen::Matrix3d::Zero();
  for (size_t k = 0; k < n; ++k) {
    covariance += (to[k] - mean_to) * (from[k] - mean_from).transpose();
  }
  const Eigen::JacobiSVD<Eigen::Matrix3d> svd(
      covariance, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Eigen::Matrix3d s = Eigen::Matrix3d::Identity();
  if ((svd.matrixU() * svd.matrixV().transpose()).determinant() < 0) {
    s(2, 2) = -1;  // the best rotation, not the best reflection
  }
  Eigen::Isometry3d result = Eigen::Isometry3d::Identity();
  result.linear() = svd.matrixU() * s * svd.matrixV().transpose();
  result.translation() = mean_to - result.linear() * mean_from;
  return result;
}

bool RansacRigid(const std::vector<Eigen::Vector3d>& camera_points,
                 const std::vector<Eigen::Vector3d>& world_points,
                 const PoseRansacOptions& options, PoseHypothesis* result) {
  const int n = static_cast<int>(camera_points.size());
  if (n < 3 || world_points.size() != camera_points.size()) return false;
  SeededGenerator generator(options.seed);
  std::vector<uint8_t> flags;
  std::vector<uint8_t> best_flags;
  Eigen::Isometry3d best = Eigen::Isometry3d::Identity();
  int best_count = 0;
  int needed = options.max_iterations;
  // A rigid motion keeps distances: a sample whose three distances differ
  // between the two sides by more than twice the threshold holds an
  // outlier, and is dropped before it is solved and scored.
  const double tolerance = 2 * options.threshold;
  std::vector<Eigen::Vector3d> from(3);
  std::vector<Eigen::Vector3d> to(3);
  for (int iteration = 0; iteration < needed; ++iteration) {
    int picked[3];
    PickDistinctIndices(&generator, n, 3, picked);
    bool plausible = true;
    for (int a = 0; a < 3 && plausible; ++a) {
      const int b = (a + 1) % 3;
      const double dc =
          (camera_points[picked[a]] - camera_points[picked[b]]).norm();
      const double dw =
          (world_points[picked[a]] - world_points[picked[b]]).norm();
      plausible = dc >= kMinSampleSide && std::abs(dc - dw) <= tolerance;
    }
    if (!plausible) continue;
    for (int k = 0; k < 3; ++k) {
      from[k] = world_points[picked[k]];
      to[k] = camera_points[picked[k]];
    }
    // Nearly collinear samples leave the rotation about their line free.
    const double area = (to[1] - to[0]).cross(to[2] - to[0]).norm();
    if (area < kMinSampleSide * kMinSampleSide) continue;
    const Eigen::Isometry3d candidate =
        TriangleTransform(from.data(), to.data());
    const int count = MarkRigidInliers(camera_points, world_points, candidate,
                                       options.threshold, &flags);
    if (count <= best_count) continue;
    best_count = count;
    best = candidate;
    std::swap(best_flags, flags);
    needed = RansacIterationsNeeded(count, n, 3, options.confidence,
                                    options.max_iterations);
  }
  if (best_count < 3) return false;
  // Least squares on the inliers, then the inliers of that fit; twice,
  // since a better fit can take in points the sample's fit just missed.
  for (int round = 0; round < 2; ++round) {
    from.clear();
    to.clear();
    for (int k = 0; k < n; ++k) {
      if (!best_flags[k]) continue;
      from.push_back(world_points[k]);
      to.push_back(camera_points[k]);
    }
    const Eigen::Isometry3d refined = FitRigid(from, to);
    const int count = MarkRigidInliers(camera_points, world_points, refined,
                                       options.threshold, &flags);
    if (count < best_count) break;
    best = refined;
    best_count = count;
    std::swap(best_flags, flags);
  }
  result->camera_from_world = best;
  result->inlier_count = best_count;
  result->inliers = std::move(best_flags);
  return true;
}

bool RansacPnP(const std::vector<Eigen::Vector2d>& pixels,
               const std::vector<Eigen::Vector3d>& world_points,
               const PinholeCamera& camera, const PoseRansacOptions& options,
               PoseHypothesis* result) {
  const int n = static_cast<int>(pixels.size());
  if (n < 6 || world_points.size() != pixels.size()) return false;
  std::vector<cv::Point2f> image(n);
  std::vector<cv::Point3f> object(n);
  for (int k = 0; k < n; ++k) {
    image[k] = cv::Point2f(float(pixels[k].x()), float(pixels[k].y()));
    object[k] =
        cv::Point3f(float(world_points[k].x()), float(world_points[k].y()),
                    float(world_points[k].z()));
  }
  const cv::Matx33d k(camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0,
                      1);
  cv::Mat rvec;
  cv::Mat tvec;
  std::vector<int> inliers;
  if (!cv::solvePnPRansac(object, image, k, cv::noArray(), rvec, tvec, false,
                          options.max_iterations, float(options.threshold),
                          options.confidence, inliers, cv::SOLVEPNP_AP3P) ||
      int(inliers.size()) < 6) {
    return false;
  }
  std::vector<cv::Point2f> inlier_image;
  std::vector<cv::Point3f> inlier_object;
  for (int i : inliers) {
    inlier_image.push_back(image[i]);
    inlier_object.push_back(object[i]);
  }
  cv::solvePnPRefineLM(inlier_object, inlier_image, k, cv::noArray(), rvec,
                       tvec);
  cv::Mat r;
  cv::Rodrigues(rvec, r);
  Eigen::Matrix3d rotation;
  cv::cv2eigen(r, rotation);
  result->camera_from_world = Eigen::Isometry3d::Identity();
  result->camera_from_world.linear() = rotation;
  result->camera_from_world.translation() = Eigen::Vector3d(
      tvec.at<double>(0), tvec.at<double>(1), tvec.at<double>(2));
  // Inliers of the refined pose.
  result->inliers.assign(n, 0);
  result->inlier_count = 0;
  const double limit = options.threshold * options.threshold;
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d c = result->camera_from_world * world_points[i];
    if (c.z() <= 0) continue;
    if ((camera.Project(c) - pixels[i]).squaredNorm() <= limit) {
      result->inliers[i] = 1;
      ++result->inlier_count;
    }
  }
  return result->inlier_count >= 6;
}

}  // namespace vc
