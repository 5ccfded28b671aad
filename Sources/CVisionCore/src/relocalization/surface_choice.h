// Which keyframe surfaces a view should be aligned against: those that see
// most of its depth samples, placed with a pose hypothesis, from the same
// side at about the same depth. Shared by relocalization, loop closure and
// the depth refinement of tracked poses.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include "relocalization/keyframe_database.h"

namespace vc {

// Indices into database.keyframes(), best first (ties by index), at most
// count. query_points: the view's depth samples (camera frame); depth_gate:
// how far (metres, along the keyframe's axis) a sample may be from the
// keyframe's surface and still count as seen by it.
std::vector<int> ChooseSurfaces(
    const KeyframeDatabase& database,
    const std::vector<Eigen::Vector3f>& query_points,
    const Eigen::Isometry3d& camera_from_world, int count, float depth_gate);

}  // namespace vc
