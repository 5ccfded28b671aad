// The camera pose from 3D map points and where optical flow found them: a
// robust perspective-n-point solve. The motion prediction is the first
// hypothesis; when it (refined) already explains most tracks, random sampling
// is skipped, otherwise seeded P3P RANSAC finds the consensus. The winner is
// refined by Gauss-Newton on the inliers with Huber weights, each point
// weighted by its depth uncertainty, plus a weak prior towards the
// prediction: negligible against a hundred good points, but it keeps a few
// points bunched in one corner of the image (ill-conditioned) from throwing
// the pose around.
#pragma once

#include <Eigen/Geometry>
#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/tracking_options.h"

namespace vc {

// One 2D-3D correspondence. sigma is the 3D point's uncertainty in metres
// (from the depth noise where it was lifted). depth, when > 0, is the depth
// this frame measures at pixel (metres, with 1-sigma depth_sigma): it pins
// the point's distance along the optical axis, which reprojection alone
// constrains weakly.
struct PointObservation {
  Eigen::Vector3d world;
  Eigen::Vector2d pixel;
  double sigma = 0;
  double depth = 0;
  double depth_sigma = 0;
};

class PoseEstimator {
 public:
  explicit PoseEstimator(const TrackingOptions& options);

  // camera_from_world (OpenCV camera axes) holds the prediction on entry and
  // the estimate on return. inliers[i] says whether observation i agrees
  // with it. seed makes the sampling reproducible. Returns the inlier count;
  // below options.min_inliers the estimate must not be used, and 0 when a
  // pose far from the prediction (beyond 4 sigma of the prior) has fewer
  // than options.min_inliers_normal inliers to prove it.
  int Estimate(const PinholeCamera& camera,
               const std::vector<PointObservation>& observations, uint64_t seed,
               Eigen::Isometry3d* camera_from_world,
               std::vector<uint8_t>* inliers);

  // Refines a pose that is already close (no sampling) on all observations,
  // then on its inliers. Returns the inlier count.
  int RefineNearby(const PinholeCamera& camera,
                   const std::vector<PointObservation>& observations,
                   Eigen::Isometry3d* camera_from_world,
                   std::vector<uint8_t>* inliers) const;

 private:
  // Marks observations within the inlier threshold; returns their count.
  int Classify(const PinholeCamera& camera,
               const std::vector<PointObservation>& observations,
               const Eigen::Isometry3d& pose,
               std::vector<uint8_t>* inliers) const;

  // Iteratively reweighted Gauss-Newton over observations with mask set
  // (all when mask is null), Huber loss with scale huber_px, and the prior
  // towards prior_pose unless it is null.
  void Refine(const PinholeCamera& camera,
              const std::vector<PointObservation>& observations,
              const std::vector<uint8_t>* mask, double huber_px, int iterations,
              const Eigen::Isometry3d* prior_pose,
              Eigen::Isometry3d* pose) const;
  // The prior's term towards prior_pose at pose.
  void AddPriorTerm(const Eigen::Isometry3d& prior_pose,
                    const Eigen::Isometry3d& pose,
                    Eigen::Matrix<double, 6, 6>* hessian,
                    Eigen::Matrix<double, 6, 1>* gradient) const;
  // How many prior sigmas pose is from prior_pose (the larger of rotation
  // and translation).
  double PriorDistance(const Eigen::Isometry3d& prior_pose,
                       const Eigen::Isometry3d& pose) const;

  // Seeded P3P RANSAC; returns false when no hypothesis found support.
  bool Ransac(const PinholeCamera& camera,
              const std::vector<PointObservation>& observations, uint64_t seed,
              Eigen::Isometry3d* pose, std::vector<uint8_t>* inliers);

  double threshold_px_;
  int max_iterations_;
  int min_inliers_;
  int min_inliers_far_;
  double prior_sigma_rotation_;     // radians
  double prior_sigma_translation_;  // metres
  std::vector<uint8_t> scratch_mask_;
};

}  // namespace vc
