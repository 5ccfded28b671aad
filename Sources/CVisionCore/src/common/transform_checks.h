// Validation of rigid transforms handed across the C boundary, shared by every
// entry point that takes one, so they all reject the same inputs with the same
// words before Eigen or OpenCV see them.
#pragma once

#include <Eigen/Geometry>
#include <string>

namespace vc {

// Checks that matrix (16 floats, column-major) is a rigid transform: finite,
// bottom row (0, 0, 0, 1), rotation orthonormal with determinant +1 within
// 1e-3 per entry (float round trips stay far below that). Throws
// StatusError(VC_STATUS_INVALID_ARGUMENT) starting with what, e.g.
// "vc_depth_register: color_from_depth".
Eigen::Isometry3d RequireRigidTransform(const float* matrix,
                                        const std::string& what);

}  // namespace vc
