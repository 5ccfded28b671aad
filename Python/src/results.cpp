#include "results.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;

namespace arscene_python {
namespace {

const char* PlaneAlignmentWord(vc_plane_alignment_t alignment) {
  return alignment == VC_PLANE_ALIGNMENT_VERTICAL ? "vertical" : "horizontal";
}

const char* PlaneClassWord(vc_plane_classification_t classification) {
  switch (classification) {
    case VC_PLANE_CLASSIFICATION_WALL:
      return "wall";
    case VC_PLANE_CLASSIFICATION_FLOOR:
      return "floor";
    case VC_PLANE_CLASSIFICATION_CEILING:
      return "ceiling";
    case VC_PLANE_CLASSIFICATION_TABLE:
      return "table";
    case VC_PLANE_CLASSIFICATION_SEAT:
      return "seat";
    default:
      return "none";
  }
}

const char* ClassificationStatusWord(vc_plane_classification_status_t status) {
  switch (status) {
    case VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED:
      return "undetermined";
    case VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN:
      return "unknown";
    case VC_PLANE_CLASSIFICATION_STATUS_KNOWN:
      return "known";
    default:
      return "not_available";
  }
}

const char* MappingStatusWord(int32_t status) {
  switch (status) {
    case VC_WORLD_MAPPING_STATUS_LIMITED:
      return "limited";
    case VC_WORLD_MAPPING_STATUS_EXTENDING:
      return "extending";
    case VC_WORLD_MAPPING_STATUS_MAPPED:
      return "mapped";
    default:
      return "not_available";
  }
}

const char* RaycastTargetWord(vc_raycast_target_t target) {
  switch (target) {
    case VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY:
      return "existing_plane_geometry";
    case VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE:
      return "existing_plane_infinite";
    case VC_RAYCAST_TARGET_MESH:
      return "mesh";
    default:
      return "estimated_plane";
  }
}

const char* RaycastAlignmentWord(vc_raycast_alignment_t alignment) {
  switch (alignment) {
    case VC_RAYCAST_ALIGNMENT_HORIZONTAL:
      return "horizontal";
    case VC_RAYCAST_ALIGNMENT_VERTICAL:
      return "vertical";
    default:
      return "any";
  }
}

}  // namespace

Frame FrameOf(const vc_frame_result_t& result, double timestamp) {
  Frame frame;
  frame.timestamp = timestamp;
  frame.transform = MatrixOf(result.world_from_camera);
  if (result.tracking_statistics.pose_measured != 0) {
    frame.pose = OpenCVCameraMatrixOf(result.world_from_camera);
  }
  frame.tracking_state = EnumWord(vc_tracking_state_name(result.tracking_state),
                                  "VC_TRACKING_STATE_");
  if (result.tracking_state_reason != VC_TRACKING_STATE_REASON_NONE) {
    frame.tracking_state_reason =
        EnumWord(vc_tracking_state_reason_name(result.tracking_state_reason),
                 "VC_TRACKING_STATE_REASON_");
  }
  frame.light_estimate.ambient_intensity =
      result.light_estimate.ambient_intensity;
  frame.light_estimate.ambient_color_temperature =
      result.light_estimate.ambient_color_temperature;
  const vc_tracking_statistics_t& statistics = result.tracking_statistics;
  frame.is_keyframe = statistics.is_keyframe != 0;
  frame.is_scale_known = statistics.is_scale_known != 0;
  frame.tracked_features = statistics.tracked_features;
  frame.inliers = statistics.inliers;
  frame.map_corrected = result.map_corrected != 0;
  frame.loop_closures = result.loop_closures;
  frame.world_mapping_status = MappingStatusWord(result.world_mapping_status);
  return frame;
}

PlaneAnchor PlaneAnchorOf(const vc_plane_anchor_t& anchor) {
  PlaneAnchor plane;
  plane.identifier = anchor.id;
  plane.revision = anchor.revision;
  plane.transform = MatrixOf(anchor.world_from_anchor);
  plane.center = VectorOf(anchor.center);
  plane.extent_width = anchor.extent_width;
  plane.extent_height = anchor.extent_height;
  plane.extent_rotation_on_y_axis = anchor.extent_rotation_on_y_axis;
  plane.area = anchor.area;
  const size_t count = static_cast<size_t>(anchor.boundary_vertex_count);
  double* boundary = nullptr;
  plane.boundary = NewArray<Points>(count, 3, &boundary);
  for (size_t i = 0; i < count; ++i) {
    boundary[3 * i] = anchor.boundary[2 * i];
    boundary[3 * i + 2] = anchor.boundary[2 * i + 1];
  }
  plane.alignment = PlaneAlignmentWord(anchor.alignment);
  plane.classification = PlaneClassWord(anchor.classification);
  plane.classification_status =
      ClassificationStatusWord(anchor.classification_status);
  return plane;
}

ImageAnchor ImageAnchorOf(const vc_image_detection_t& detection) {
  ImageAnchor image;
  image.name = detection.name != nullptr ? detection.name : "";
  image.reference_index = detection.reference_index;
  image.physical_width = detection.physical_width;
  image.physical_height = detection.physical_height;
  image.transform = MatrixOf(detection.world_from_image);
  double* corners = nullptr;
  image.corners = NewArray<Points2>(4, 2, &corners);
  for (int i = 0; i < 8; ++i) corners[i] = detection.corners[i];
  image.score = detection.score;
  image.inlier_count = detection.inlier_count;
  image.is_recognized = detection.is_recognized != 0;
  image.estimated_scale_factor = detection.estimated_scale_factor;
  return image;
}

RaycastResult RaycastResultOf(const vc_raycast_result_t& result) {
  RaycastResult hit;
  hit.transform = MatrixOf(result.world_transform);
  hit.target = RaycastTargetWord(result.target);
  hit.alignment = RaycastAlignmentWord(result.alignment);
  hit.anchor_identifier = result.anchor_id;
  hit.distance = result.distance;
  return hit;
}

RelocalizationResult RelocalizationResultOf(
    const vc_relocalization_result_t& result) {
  RelocalizationResult found;
  found.found = result.found != 0;
  if (found.found) found.pose = OpenCVCameraMatrixOf(result.world_from_camera);
  found.inliers = result.inliers;
  found.keyframe_identifier = result.keyframe_id;
  found.outcome = result.outcome != nullptr ? result.outcome : "";
  return found;
}

namespace {

void BindLightAndPlanes(nb::module_& m) {
  nb::class_<LightEstimate>(m, "LightEstimate",
                            "The scene's light, like ARKit's ARLightEstimate.")
      .def_ro("ambient_intensity", &LightEstimate::ambient_intensity,
              nb::rv_policy::copy,
              "Lumens: 1000 is a well-lit neutral scene, 0 black.")
      .def_ro("ambient_color_temperature",
              &LightEstimate::ambient_color_temperature, nb::rv_policy::copy,
              "Kelvin: 6500 is neutral (D65) white.");
  nb::class_<PlaneAnchor>(m, "PlaneAnchor",
                          "A plane surface in the world, like ARKit's "
                          "ARPlaneAnchor. Axes are ARKit's: +Y is the "
                          "plane's normal.")
      .def_ro("identifier", &PlaneAnchor::identifier, nb::rv_policy::copy,
              "Stable for the anchor's life; counts up from 1.")
      .def_ro("revision", &PlaneAnchor::revision, nb::rv_policy::copy,
              "Grows by one each time the anchor changes meaningfully.")
      .def_ro("transform", &PlaneAnchor::transform, nb::rv_policy::copy,
              "world_from_anchor, 4x4 float64 (metres).")
      .def_ro("center", &PlaneAnchor::center, nb::rv_policy::copy,
              "The extent's centre in the anchor's frame (y = 0).")
      .def_ro("extent_width", &PlaneAnchor::extent_width, nb::rv_policy::copy,
              "Metres along the extent's x.")
      .def_ro("extent_height", &PlaneAnchor::extent_height, nb::rv_policy::copy,
              "Metres along the extent's z.")
      .def_ro("extent_rotation_on_y_axis",
              &PlaneAnchor::extent_rotation_on_y_axis, nb::rv_policy::copy,
              "Radians the extent is turned about the anchor's +Y.")
      .def_ro("area", &PlaneAnchor::area, nb::rv_policy::copy,
              "Square metres of the surface seen.")
      .def_ro("boundary", &PlaneAnchor::boundary, nb::rv_policy::copy,
              "The boundary polygon in the anchor's frame, N x 3 (y = 0), "
              "counter-clockwise seen from +Y.")
      .def_ro("alignment", &PlaneAnchor::alignment, nb::rv_policy::copy,
              "\"horizontal\" or \"vertical\".")
      .def_ro("classification", &PlaneAnchor::classification,
              nb::rv_policy::copy,
              "\"none\", \"wall\", \"floor\", \"ceiling\", \"table\" or "
              "\"seat\".")
      .def_ro("classification_status", &PlaneAnchor::classification_status,
              nb::rv_policy::copy,
              "\"not_available\", \"undetermined\", \"unknown\" or "
              "\"known\".")
      .def("__repr__", [](const PlaneAnchor& p) {
        return "PlaneAnchor(identifier=" + std::to_string(p.identifier) + ", " +
               p.alignment + ", " + p.classification +
               ", area=" + std::to_string(p.area) + ")";
      });
}

void BindImagesAndHits(nb::module_& m) {
  nb::class_<ImageAnchor>(m, "ImageAnchor",
                          "A reference image found or followed in a frame, "
                          "like ARKit's ARImageAnchor.")
      .def_ro("name", &ImageAnchor::name, nb::rv_policy::copy,
              "The reference image's name.")
      .def_ro("reference_index", &ImageAnchor::reference_index,
              nb::rv_policy::copy, "Its index in the ReferenceImageSet.")
      .def_ro("physical_width", &ImageAnchor::physical_width,
              nb::rv_policy::copy, "Metres.")
      .def_ro("physical_height", &ImageAnchor::physical_height,
              nb::rv_policy::copy, "Metres.")
      .def_ro("transform", &ImageAnchor::transform, nb::rv_policy::copy,
              "world_from_image, 4x4 float64: origin at the image's centre, "
              "+X along its top edge, +Y out of the image, +Z down it.")
      .def_ro("corners", &ImageAnchor::corners, nb::rv_policy::copy,
              "Top-left, top-right, bottom-right and bottom-left corners in "
              "the frame's pixels, 4 x 2.")
      .def_ro("score", &ImageAnchor::score, nb::rv_policy::copy,
              "0..1: the share of the expected points found and agreeing.")
      .def_ro("inlier_count", &ImageAnchor::inlier_count, nb::rv_policy::copy,
              "Correspondences agreeing with the homography.")
      .def_ro("is_recognized", &ImageAnchor::is_recognized, nb::rv_policy::copy,
              "True when recognised in this frame, False when followed.")
      .def_ro("estimated_scale_factor", &ImageAnchor::estimated_scale_factor,
              nb::rv_policy::copy,
              "With depth: the image's true size over the given one.");
  nb::class_<RaycastResult>(m, "RaycastResult",
                            "One hit of a ray, like ARKit's "
                            "ARRaycastResult.")
      .def_ro("transform", &RaycastResult::transform, nb::rv_policy::copy,
              "world_from_hit, 4x4 float64: the hit point, +Y the surface "
              "normal on the ray's side.")
      .def_ro("target", &RaycastResult::target, nb::rv_policy::copy,
              "What was hit: \"existing_plane_geometry\", "
              "\"existing_plane_infinite\", \"estimated_plane\" or "
              "\"mesh\".")
      .def_ro("alignment", &RaycastResult::alignment, nb::rv_policy::copy,
              "\"horizontal\", \"vertical\" or \"any\" (a slope).")
      .def_ro("anchor_identifier", &RaycastResult::anchor_identifier,
              nb::rv_policy::copy,
              "The plane (or mesh) anchor hit; 0 for an estimated plane.")
      .def_ro("distance", &RaycastResult::distance, nb::rv_policy::copy,
              "Metres from the ray's origin.");
  nb::class_<RelocalizationResult>(m, "RelocalizationResult",
                                   "Where one frame lies in a world map.")
      .def_ro("found", &RelocalizationResult::found, nb::rv_policy::copy,
              "True when the frame was found in the map.")
      .def_ro("pose", &RelocalizationResult::pose, nb::rv_policy::copy,
              "world_from_camera in the map's world, 4x4 float64, OpenCV "
              "camera axes; None when not found.")
      .def_ro("inliers", &RelocalizationResult::inliers, nb::rv_policy::copy,
              "Correspondences that agree with the pose.")
      .def_ro("keyframe_identifier", &RelocalizationResult::keyframe_identifier,
              nb::rv_policy::copy, "The keyframe holding most of them, or -1.")
      .def_ro("outcome", &RelocalizationResult::outcome, nb::rv_policy::copy,
              "\"found\", or the first check that failed "
              "(\"too_few_features\", \"no_candidates\", ...).");
}

void BindFrame(nb::module_& m) {
  nb::class_<Frame>(m, "Frame",
                    "What the session made of one frame, like ARKit's "
                    "ARFrame. The world's axes are ARKit's (+Y up once "
                    "gravity is known); metres.")
      .def_ro("timestamp", &Frame::timestamp, nb::rv_policy::copy,
              "The frame's time, seconds.")
      .def_ro("pose", &Frame::pose, nb::rv_policy::copy,
              "world_from_camera, 4x4 float64, OpenCV camera axes (+X right, "
              "+Y down, +Z forward), as TUM trajectories and `arscene replay "
              "--trajectory` write it; None when this frame's pose was not "
              "measured (initializing, lost, relocalizing).")
      .def_ro("transform", &Frame::transform, nb::rv_policy::copy,
              "world_from_camera, 4x4 float64, ARKit camera axes (+Y up, +Z "
              "back), like ARCamera.transform: held at the last good pose "
              "while tracking is lost, so it never jumps.")
      .def_ro("tracking_state", &Frame::tracking_state, nb::rv_policy::copy,
              "\"not_available\", \"limited\" or \"normal\".")
      .def_ro("tracking_state_reason", &Frame::tracking_state_reason,
              nb::rv_policy::copy,
              "Why tracking is limited: \"initializing\", \"relocalizing\", "
              "\"excessive_motion\", \"insufficient_features\" or "
              "\"insufficient_light\"; None otherwise.")
      .def_ro("light_estimate", &Frame::light_estimate, nb::rv_policy::copy,
              "The scene's light.")
      .def_ro("feature_points", &Frame::feature_points, nb::rv_policy::copy,
              "The map points this frame tracked, N x 3 world coordinates.")
      .def_ro("feature_point_identifiers", &Frame::feature_point_identifiers,
              nb::rv_policy::copy,
              "Their identifiers, N uint64, stable while in the map.")
      .def_ro("is_keyframe", &Frame::is_keyframe, nb::rv_policy::copy,
              "True when this frame extended the map.")
      .def_ro("is_scale_known", &Frame::is_scale_known, nb::rv_policy::copy,
              "True when positions are in metres.")
      .def_ro("map_corrected", &Frame::map_corrected, nb::rv_policy::copy,
              "True when a loop closure corrected the map before this frame.")
      .def_ro("loop_closures", &Frame::loop_closures, nb::rv_policy::copy,
              "Loops closed in the session so far.")
      .def_ro("tracked_features", &Frame::tracked_features, nb::rv_policy::copy,
              "Features followed into this frame.")
      .def_ro("inliers", &Frame::inliers, nb::rv_policy::copy,
              "Of those, the ones agreeing with the pose.")
      .def_ro("world_mapping_status", &Frame::world_mapping_status,
              nb::rv_policy::copy,
              "\"not_available\", \"limited\", \"extending\" or \"mapped\", "
              "like ARKit's ARWorldMappingStatus.")
      .def_ro("plane_anchors", &Frame::plane_anchors, nb::rv_policy::copy,
              "Every plane anchor after this frame.")
      .def_ro("removed_plane_anchors", &Frame::removed_plane_anchors,
              nb::rv_policy::copy,
              "Identifiers of the plane anchors this frame removed or "
              "merged into others.")
      .def_ro("image_anchors", &Frame::image_anchors, nb::rv_policy::copy,
              "The reference images found or followed in this frame.")
      .def("__repr__", [](const Frame& f) {
        return "Frame(timestamp=" + std::to_string(f.timestamp) + ", " +
               f.tracking_state +
               (f.tracking_state_reason ? "(" + *f.tracking_state_reason + ")"
                                        : std::string()) +
               ", " + std::to_string(f.plane_anchors.size()) + " planes)";
      });
}

}  // namespace

void BindResults(nb::module_& m) {
  BindLightAndPlanes(m);
  BindImagesAndHits(m);
  BindFrame(m);
}

}  // namespace arscene_python
