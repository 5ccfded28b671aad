// The scene's depth as its mesh shows it from a camera: what hides virtual
// content behind real surfaces (occlusion), complete where the sensor's
// depth has holes, as ARKit's smoothedSceneDepth. Renders the chunk meshes
// with a z-buffer, depth along the optical axis as depth maps hold it.
#pragma once

#include <Eigen/Geometry>
#include <map>
#include <opencv2/core.hpp>

#include "common/pinhole_camera.h"
#include "reconstruction/scene_reconstruction.h"

namespace vc {

// Depth in metres (CV_32FC1, camera.width x camera.height, 0 where no face
// is seen) of the meshes from camera at world_from_camera (OpenCV camera
// axes). Faces nearer than min_depth are left out.
cv::Mat RenderMeshDepth(const std::map<uint64_t, MeshAnchorPointer>& anchors,
                        const PinholeCamera& camera,
                        const Eigen::Isometry3d& world_from_camera,
                        double min_depth);

}  // namespace vc
