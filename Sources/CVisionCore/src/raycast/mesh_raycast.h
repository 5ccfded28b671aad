// Rays against the reconstructed mesh: real geometry wherever depth saw it,
// not only the planes found in it (a chair's seat, a sofa's back, a step).
#pragma once

#include <map>
#include <optional>

#include "common/raycast_options.h"
#include "raycast/ray.h"
#include "reconstruction/scene_reconstruction.h"
#include "vision_core/vision_core.h"

namespace vc {

// The nearest face of any chunk the ray meets within options.max_distance,
// from either side, with the alignment wanted; the result's +Y is the
// distance field's gradient there (interpolated from the face's corners),
// turned to face the ray. The result names the chunk's mesh anchor.
std::optional<vc_raycast_result_t> RaycastMesh(
    const Ray& ray, const std::map<uint64_t, MeshAnchorPointer>& anchors,
    vc_raycast_alignment_t wanted, const RaycastOptions& options);

}  // namespace vc
