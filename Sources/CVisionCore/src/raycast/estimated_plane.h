// The estimatedPlane target: where a ray first meets the last frame's depth,
// a small plane fitted to the depth around that pixel, so that a tap can be
// answered before the plane detector has made any anchor.
#pragma once

#include <optional>

#include "common/raycast_options.h"
#include "raycast/depth_snapshot.h"
#include "raycast/ray.h"
#include "vision_core/vision_core.h"

namespace vc {

// The hit on the first surface the ray meets in front of its origin, or
// nothing when the ray leaves the snapshot's view, meets no depth, meets it
// on a depth edge, the patch there is not planar, or the surface's
// alignment is not the wanted one. Horizontal and vertical surfaces snap to
// exactly level or upright.
std::optional<vc_raycast_result_t> RaycastEstimatedPlane(
    const Ray& ray, const DepthSnapshot& snapshot,
    vc_raycast_alignment_t alignment, const RaycastOptions& options);

}  // namespace vc
