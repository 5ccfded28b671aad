// The 6DoF pose of a reference image from its homography into a view, the
// camera's intrinsics and the image's physical size.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include "common/pinhole_camera.h"
#include "images/reference_image.h"

namespace vc {

// camera_from_image: ARKit's image-anchor frame in ARKit camera axes (see
// common/conventions.h). The homography maps the reference's pixels to the
// view's. Solved as a planar pose (IPPE) on a grid of reference points put
// into the view by the homography, which gives the pose that reproduces
// the homography best under the intrinsics.
Eigen::Isometry3d CameraFromImage(const ReferenceImage& reference,
                                  const cv::Matx33d& homography,
                                  const PinholeCamera& camera);

}  // namespace vc
