// An observation as it leaves the core: the public vc_image_detection_t, in
// ARKit axes, with the world pose from the camera's.
#pragma once

#include <Eigen/Geometry>

#include "images/image_observation.h"
#include "images/reference_image.h"
#include "vision_core/vision_core.h"

namespace vc {

// world_from_camera in ARKit camera axes; the name points into reference.
vc_image_detection_t ToC(const ImageObservation& observation,
                         const ReferenceImage& reference,
                         const Eigen::Isometry3d& world_from_camera);

}  // namespace vc
