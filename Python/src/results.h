// What the bindings return: plain value types, built from the core's structs
// once, with NumPy arrays for every vector and matrix.
#pragma once

#include <nanobind/nanobind.h>

#include <optional>
#include <string>
#include <vector>

#include "arrays.h"
#include "vision_core/vision_core.h"

namespace arscene_python {

struct LightEstimate {
  double ambient_intensity = 0;
  double ambient_color_temperature = 0;
};

struct PlaneAnchor {
  uint64_t identifier = 0;
  uint32_t revision = 0;
  Matrix4 transform;
  Vector3 center;
  double extent_width = 0;
  double extent_height = 0;
  double extent_rotation_on_y_axis = 0;
  double area = 0;
  Points boundary;
  std::string alignment;
  std::string classification;
  std::string classification_status;
};

struct ImageAnchor {
  std::string name;
  int32_t reference_index = 0;
  double physical_width = 0;
  double physical_height = 0;
  Matrix4 transform;
  Points2 corners;
  double score = 0;
  int32_t inlier_count = 0;
  bool is_recognized = false;
  double estimated_scale_factor = 1;
};

struct RaycastResult {
  Matrix4 transform;
  std::string target;
  std::string alignment;
  uint64_t anchor_identifier = 0;
  double distance = 0;
};

struct Frame {
  double timestamp = 0;
  std::optional<Matrix4> pose;
  Matrix4 transform;
  std::string tracking_state;
  std::optional<std::string> tracking_state_reason;
  LightEstimate light_estimate;
  Points feature_points;
  Identifiers feature_point_identifiers;
  bool is_keyframe = false;
  bool is_scale_known = true;
  bool map_corrected = false;
  int32_t loop_closures = 0;
  int32_t tracked_features = 0;
  int32_t inliers = 0;
  std::string world_mapping_status;
  std::vector<PlaneAnchor> plane_anchors;
  std::vector<uint64_t> removed_plane_anchors;
  std::vector<ImageAnchor> image_anchors;
};

struct RelocalizationResult {
  bool found = false;
  std::optional<Matrix4> pose;
  int32_t inliers = 0;
  int64_t keyframe_identifier = -1;
  std::string outcome;
};

// The frame's own fields (pose, state, light, statistics); the session fills
// in what it reads with further calls.
Frame FrameOf(const vc_frame_result_t& result, double timestamp);
PlaneAnchor PlaneAnchorOf(const vc_plane_anchor_t& anchor);
ImageAnchor ImageAnchorOf(const vc_image_detection_t& detection);
RaycastResult RaycastResultOf(const vc_raycast_result_t& result);
RelocalizationResult RelocalizationResultOf(
    const vc_relocalization_result_t& result);

// The result types as Python classes, with their docstrings.
void BindResults(nanobind::module_& m);

}  // namespace arscene_python
