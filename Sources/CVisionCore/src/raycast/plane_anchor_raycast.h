// Rays against the plane map's anchors: the existingPlaneGeometry and
// existingPlaneInfinite targets.
#pragma once

#include <vector>

#include "common/raycast_options.h"
#include "raycast/ray.h"
#include "vision_core/vision_core.h"

namespace vc {

// Appends a result for every anchor of the wanted alignment the ray meets in
// front of its origin, within options.max_distance; with `inside_boundary`
// only where the hit lies inside the anchor's boundary polygon. A plane hit
// from behind counts too (ARKit's behaviour): its result's +Y faces the ray.
void RaycastPlaneAnchors(const Ray& ray,
                         const std::vector<vc_plane_anchor_t>& anchors,
                         vc_raycast_alignment_t alignment, bool inside_boundary,
                         const RaycastOptions& options,
                         std::vector<vc_raycast_result_t>* results);

// Whether (x, z) lies inside the polygon of `count` (x, z) pairs (even-odd
// rule, so the winding does not matter).
bool PolygonContains(const float* xz_pairs, int count, double x, double z);

}  // namespace vc
