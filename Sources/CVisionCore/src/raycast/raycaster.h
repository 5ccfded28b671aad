// One raycast query against a session's world: validation, the target's
// raycast, and the order results leave in.
#pragma once

#include <Eigen/Core>
#include <map>
#include <vector>

#include "common/raycast_options.h"
#include "raycast/depth_snapshot.h"
#include "reconstruction/scene_reconstruction.h"
#include "vision_core/vision_core.h"

namespace vc {

// Throws StatusError naming the problem unless the query is usable: finite
// origin, finite direction longer than 1e-6, known target and alignment.
void CheckRaycastQuery(const vc_raycast_query_t& query);

// Results of a checked query, nearest first (ties broken by anchor id, so
// the order is deterministic). An estimated plane comes from the snapshot's
// depth, or without depth from feature_points (the map points of the last
// frame tracked without depth, world); a mesh hit from mesh_anchors.
std::vector<vc_raycast_result_t> Raycast(
    const vc_raycast_query_t& query, const RaycastOptions& options,
    const std::vector<vc_plane_anchor_t>& anchors,
    const DepthSnapshot& snapshot,
    const std::vector<Eigen::Vector3d>& feature_points,
    const std::map<uint64_t, MeshAnchorPointer>& mesh_anchors);

}  // namespace vc
