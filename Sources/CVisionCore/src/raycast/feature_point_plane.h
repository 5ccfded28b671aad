// The estimatedPlane target without depth: a small plane fitted to the map
// points near where the ray passes through them (ARKit's raycast onto an
// estimated plane on a device without LiDAR), so that a tap can be answered
// before the plane detector has made an anchor.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <vector>

#include "common/raycast_options.h"
#include "raycast/ray.h"
#include "vision_core/vision_core.h"

namespace vc {

// points: the map points of the last frame tracked without depth (world,
// metres, +Y up). The hit on the nearest patch of points along the ray that
// lies on an exactly level plane (their mean height) or, failing that or
// when asked for, an upright one, within their noise; or nothing. A
// handful of noisy points fixes a height far better than a tilt, so a
// tilted plane is never estimated from them.
std::optional<vc_raycast_result_t> RaycastFeaturePoints(
    const Ray& ray, const std::vector<Eigen::Vector3d>& points,
    vc_raycast_alignment_t alignment, const RaycastOptions& options);

}  // namespace vc
