// Corrects an image's pose with the frame's depth. A homography seen nearly
// head-on pins the picture's position well but its tilt poorly (a degree or
// two from sub-pixel noise); depth measured over the picture gives its plane
// directly. The picture's normal is taken from the depth plane, its in-plane
// orientation and position from the homography, so the physical width stays
// what the application said; how far the depth puts the picture relative to
// where that width puts it is the estimated scale factor.
#pragma once

#include <Eigen/Geometry>
#include <opencv2/core.hpp>

#include "common/depth_sampler.h"
#include "common/pinhole_camera.h"
#include "images/reference_image.h"

namespace vc {

// camera_from_image in ARKit axes (see common/conventions.h), refined in
// place; returns the estimated scale factor, or 0 (and leaves the pose)
// when too few depth readings fall on the picture or they are not flat.
double RefineWithDepthPlane(const ReferenceImage& reference,
                            const cv::Matx33d& homography,
                            const DepthSampler& depth,
                            const PinholeCamera& camera,
                            Eigen::Isometry3d* camera_from_image);

}  // namespace vc
