// What a plane anchor is, from its geometry relative to gravity, the camera
// and the floor, like ARKit's plane classification. Decisions wait until
// enough of the plane has been seen and are final once made (the caller keeps
// them).
#pragma once

#include "vision_core/vision_core.h"

namespace vc {

struct PlaneFacts {
  vc_plane_alignment_t alignment = VC_PLANE_ALIGNMENT_HORIZONTAL;
  // Horizontal planes: whether the normal points up (against gravity).
  bool faces_up = true;
  // World height (y) of a horizontal plane, metres.
  double height = 0;
  double area = 0;
  int frames_seen = 0;
  // The camera's world height this frame.
  double camera_height = 0;
  // Whether a plane is already known to be the floor, and its height.
  bool has_floor = false;
  double floor_height = 0;
  // No other large upward plane lies lower than this one.
  bool lowest_large_upward = false;
};

struct PlaneClass {
  vc_plane_classification_t classification = VC_PLANE_CLASSIFICATION_NONE;
  vc_plane_classification_status_t status =
      VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED;
};

// UNDETERMINED until the facts suffice; never NOT_AVAILABLE (the caller
// decides that from whether the world knows gravity).
PlaneClass ClassifyPlane(const PlaneFacts& facts);

}  // namespace vc
