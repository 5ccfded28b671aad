// arscene.Session: the core's session, one frame at a time, with the GIL
// released while the core works and a clear error for a closed session or
// one used from two threads at once.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "arrays.h"
#include "count_protocol.h"
#include "errors.h"
#include "handles.h"
#include "inputs.h"
#include "mesh.h"
#include "options.h"
#include "results.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

class Session {
 public:
  explicit Session(nb::handle config) {
    const vc_session_options_t options = SessionOptionsOf(config);
    Check(vc_session_create(&options, &session_),
          [] { return std::string(vc_last_error_message()); });
  }
  ~Session() { vc_session_destroy(session_); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  Frame Process(nb::handle color, nb::handle depth, nb::handle intrinsics,
                double timestamp, nb::handle imu, double depth_scale,
                const std::string& color_format) {
    Use use(*this);
    FrameInput input;
    MakeFrameInput(color, depth, intrinsics, timestamp, imu, depth_scale,
                   color_format, &input);
    vc_frame_result_t result{};
    vc_status_t status;
    {
      nb::gil_scoped_release release;
      const auto started = std::chrono::steady_clock::now();
      status = vc_session_process_frame(session_, &input.view, &result);
      last_core_seconds_ = std::chrono::duration<double>(
                               std::chrono::steady_clock::now() - started)
                               .count();
    }
    Check(status, [&] { return Message(); });
    Frame frame = FrameOf(result, timestamp);
    AddFrameContents(&frame);
    return frame;
  }

  std::vector<PlaneAnchor> PlaneAnchors() {
    Use use(*this);
    std::vector<PlaneAnchor> planes;
    for (const vc_plane_anchor_t& anchor : ReadAll<vc_plane_anchor_t>(
             [&](auto*out, int32_t capacity, int32_t*count) {
               return vc_session_get_plane_anchors(session_, out, capacity,
                                                   count);
             },
             [&] { return Message(); })) {
      planes.push_back(PlaneAnchorOf(anchor));
    }
    return planes;
  }

  std::vector<RaycastResult> Raycast(nb::handle origin, nb::handle direction,
                                     const std::string& target,
                                     const std::string& alignment) {
    Use use(*this);
    vc_raycast_query_t query{};
    ReadVector(origin, "origin", query.origin);
    ReadVector(direction, "direction", query.direction);
    query.target = TargetOf(target);
    query.alignment = AlignmentOf(alignment);
    std::vector<RaycastResult> hits;
    for (const vc_raycast_result_t& hit : ReadAll<vc_raycast_result_t>(
             [&](auto*out, int32_t capacity, int32_t*count) {
               return vc_session_raycast(session_, &query, nullptr, out,
                                         capacity, count);
             },
             [&] { return Message(); })) {
      hits.push_back(RaycastResultOf(hit));
    }
    return hits;
  }

  std::vector<MeshAnchor> MeshAnchors() {
    Use use(*this);
    return MeshAnchorsOf(session_);
  }

  void FinishSceneReconstruction() {
    Use use(*this);
    vc_status_t status;
    {
      nb::gil_scoped_release release;
      status = vc_session_finish_scene_reconstruction(session_);
    }
    Check(status, [&] { return Message(); });
  }

  WorldMap GetWorldMap() {
    Use use(*this);
    vc_world_map_t* map = nullptr;
    Check(vc_session_get_world_map(session_, &map), [&] { return Message(); });
    return WorldMap{
        std::shared_ptr<const vc_world_map_t>(map, [](const vc_world_map_t* m) {
          vc_world_map_destroy(const_cast<vc_world_map_t*>(m));
        })};
  }

  void SetWorldMap(const WorldMap& map) {
    Use use(*this);
    Check(vc_session_set_world_map(session_, map.map.get()),
          [&] { return Message(); });
  }

  void SetDetectionImages(ReferenceImageSet* images) {
    Use use(*this);
    const vc_reference_image_set_t* set = nullptr;
    if (images != nullptr) {
      ReferenceImageSet& chosen = *images;
      if (!chosen.built) {
        Check(vc_reference_image_set_build(chosen.set.get()), [&] {
          return std::string(
              vc_reference_image_set_last_error_message(chosen.set.get()));
        });
        chosen.built = true;
      }
      set = chosen.set.get();
    }
    Check(vc_session_set_detection_images(session_, set),
          [&] { return Message(); });
  }

  nb::tuple RefinedTrajectory() {
    Use use(*this);
    const std::vector<vc_trajectory_pose_t> poses =
        ReadAll<vc_trajectory_pose_t>(
            [&](auto* out, int32_t capacity, int32_t* count) {
              return vc_session_get_refined_trajectory(session_, out, capacity,
                                                       count);
            },
            [&] { return Message(); });
    double* times = nullptr;
    auto timestamps = NewArray<nb::ndarray<nb::numpy, double, nb::shape<-1>>>(
        poses.size(), 0, &times);
    nb::list matrices;
    for (size_t i = 0; i < poses.size(); ++i) {
      times[i] = static_cast<double>(poses[i].timestamp_ns) * 1e-9;
      matrices.append(OpenCVCameraMatrixOf(poses[i].world_from_camera));
    }
    return nb::make_tuple(timestamps, matrices);
  }

  void Close() {
    if (busy_.exchange(true)) RaiseBusy();
    vc_session_destroy(session_);
    session_ = nullptr;
    busy_ = false;
  }

  bool closed() const { return session_ == nullptr; }
  double last_core_seconds() const { return last_core_seconds_; }

 private:
  // Marks the session in use for one call; a closed session or a second
  // thread is refused.
  class Use {
   public:
    explicit Use(Session& session) : session_(session) {
      if (session_.busy_.exchange(true)) RaiseBusy();
      if (session_.session_ == nullptr) {
        session_.busy_ = false;
        PyErr_SetString(PyExc_RuntimeError,
                        "the arscene.Session is closed; make a new one");
        throw nb::python_error();
      }
    }
    ~Use() { session_.busy_ = false; }

   private:
    Session& session_;
  };

  [[noreturn]] static void RaiseBusy() {
    PyErr_SetString(PyExc_RuntimeError,
                    "the arscene.Session is in use by another thread; a "
                    "session takes one call at a time");
    throw nb::python_error();
  }

  std::string Message() const {
    return vc_session_last_error_message(session_);
  }

  void AddFrameContents(Frame* frame) {
    const size_t points = ReadInto(
        points_,
        [&](auto* out, int32_t capacity, int32_t* count) {
          return vc_session_get_feature_points(session_, out, capacity, count);
        },
        [&] { return Message(); });
    double* xyz = nullptr;
    uint64_t* ids = nullptr;
    frame->feature_points = NewArray<Points>(points, 3, &xyz);
    frame->feature_point_identifiers = NewArray<Identifiers>(points, 0, &ids);
    for (size_t i = 0; i < points; ++i) {
      for (int j = 0; j < 3; ++j) xyz[3 * i + j] = points_[i].position[j];
      ids[i] = points_[i].id;
    }
    const size_t planes = ReadInto(
        planes_,
        [&](auto* out, int32_t capacity, int32_t* count) {
          return vc_session_get_plane_anchors(session_, out, capacity, count);
        },
        [&] { return Message(); });
    for (size_t i = 0; i < planes; ++i) {
      frame->plane_anchors.push_back(PlaneAnchorOf(planes_[i]));
    }
    const size_t removals = ReadInto(
        removals_,
        [&](auto* out, int32_t capacity, int32_t* count) {
          return vc_session_get_plane_anchor_removals(session_, out, capacity,
                                                      count);
        },
        [&] { return Message(); });
    for (size_t i = 0; i < removals; ++i) {
      frame->removed_plane_anchors.push_back(removals_[i].id);
    }
    const size_t images = ReadInto(
        images_,
        [&](auto* out, int32_t capacity, int32_t* count) {
          return vc_session_get_tracked_images(session_, out, capacity, count);
        },
        [&] { return Message(); });
    for (size_t i = 0; i < images; ++i) {
      frame->image_anchors.push_back(ImageAnchorOf(images_[i]));
    }
  }

  static void ReadVector(nb::handle values, const char* name, float (&out)[3]) {
    std::vector<double> numbers;
    try {
      for (nb::handle item : nb::iter(values)) {
        numbers.push_back(PyFloat_AsDouble(item.ptr()));
        if (PyErr_Occurred()) throw nb::python_error();
      }
    } catch (const nb::python_error&) {
      numbers.clear();
    }
    if (numbers.size() != 3) {
      RaiseValueError(std::string(name) + " must be 3 numbers (x, y, z), got " +
                      nb::repr(values).c_str());
    }
    for (int i = 0; i < 3; ++i) out[i] = static_cast<float>(numbers[i]);
  }

  static vc_raycast_target_t TargetOf(const std::string& target) {
    if (target == "existing_plane_geometry") {
      return VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY;
    }
    if (target == "existing_plane_infinite") {
      return VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE;
    }
    if (target == "estimated_plane") return VC_RAYCAST_TARGET_ESTIMATED_PLANE;
    if (target == "mesh") return VC_RAYCAST_TARGET_MESH;
    RaiseValueError(
        "target must be \"existing_plane_geometry\", "
        "\"existing_plane_infinite\", \"estimated_plane\" or "
        "\"mesh\", got \"" +
        target + "\"");
  }

  static vc_raycast_alignment_t AlignmentOf(const std::string& alignment) {
    if (alignment == "any") return VC_RAYCAST_ALIGNMENT_ANY;
    if (alignment == "horizontal") return VC_RAYCAST_ALIGNMENT_HORIZONTAL;
    if (alignment == "vertical") return VC_RAYCAST_ALIGNMENT_VERTICAL;
    RaiseValueError(
        "alignment must be \"any\", \"horizontal\" or "
        "\"vertical\", got \"" +
        alignment + "\"");
  }

  vc_session_t* session_ = nullptr;
  std::atomic<bool> busy_{false};
  double last_core_seconds_ = 0;
  // What the last frames read from the core, kept so that the next frame's
  // reads fit at the first call.
  std::vector<vc_feature_point_t> points_;
  std::vector<vc_plane_anchor_t> planes_;
  std::vector<vc_plane_anchor_removal_t> removals_;
  std::vector<vc_image_detection_t> images_;
};

}  // namespace

void BindSession(nb::module_& m) {
  nb::class_<Session>(m, "Session",
                      "A world-tracking session, like ARKit's ARSession run "
                      "with ARWorldTrackingConfiguration: feed it frames in "
                      "time order with process(). One call at a time; "
                      "close() (or a with block) frees it at once.")
      .def(nb::init<nb::handle>(), nb::arg("config").none() = nb::none(),
           "config maps option names to values (arscene.default_config() "
           "lists every one with its default); None takes the defaults. A "
           "bad name or value raises arscene.InvalidArgumentError naming it.")
      .def("process", &Session::Process, nb::arg("color"),
           nb::arg("depth").none() = nb::none(), nb::kw_only(),
           nb::arg("intrinsics"), nb::arg("timestamp"),
           nb::arg("imu").none() = nb::none(), nb::arg("depth_scale") = 1000.0,
           nb::arg("color_format") = "rgb",
           "Processes one frame and returns what the session made of it.\n\n"
           "color: H x W x 3 uint8 (color_format \"rgb\" or \"bgr\") or H x W "
           "uint8 grey. depth: None, H x W uint16 in 1/depth_scale metres "
           "(1000: millimetres) or float32 metres, registered to color. "
           "intrinsics: 3x3 camera matrix or (fx, fy, cx, cy) in color's "
           "pixels. timestamp: seconds, increasing. imu: None or N x 7 "
           "(time, gyroscope x y z, accelerometer x y z) samples since the "
           "previous frame, in the camera's ARKit axes (m/s^2 with gravity, "
           "rad/s). C-contiguous arrays of those types are read in place; "
           "the GIL is released while the core works.")
      .def("plane_anchors", &Session::PlaneAnchors,
           "Every plane anchor after the last frame.")
      .def("raycast", &Session::Raycast, nb::arg("origin"),
           nb::arg("direction"), nb::kw_only(),
           nb::arg("target") = "estimated_plane", nb::arg("alignment") = "any",
           "Casts a ray (world coordinates, metres) into the world as the "
           "last frame left it; the hits, nearest first.")
      .def("mesh_anchors", &Session::MeshAnchors,
           "The scene mesh's chunks with their geometry (config "
           "scene_reconstruction 1, or 2 for classified faces); empty "
           "without it.")
      .def("finish_scene_reconstruction", &Session::FinishSceneReconstruction,
           "Fuses and meshes every frame processed so far (the mesh lags a "
           "few frames): call at the end of a recording or before an "
           "export.")
      .def("world_map", &Session::GetWorldMap,
           "A snapshot of the session's map, to save and load in a later "
           "session (needs relocalization.enabled, the default).")
      .def("set_world_map", &Session::SetWorldMap, nb::arg("world_map"),
           "Starts the session in a saved map's world: call before the first "
           "frame. Tracking is limited (\"relocalizing\") until the camera "
           "sees a mapped place.")
      .def("set_detection_images", &Session::SetDetectionImages,
           nb::arg("images").none(),
           "Looks for a ReferenceImageSet's images from the next frame on "
           "(ARKit's detectionImages); None stops looking.")
      .def("refined_trajectory", &Session::RefinedTrajectory,
           "Every measured frame's pose as the final map places it: "
           "(timestamps, list of 4x4 world_from_camera in OpenCV camera "
           "axes), as `arscene replay --refined-trajectory` writes it.")
      .def("close", &Session::Close,
           "Frees the session now; any later call raises RuntimeError.")
      .def_prop_ro("closed", &Session::closed, "True after close().")
      .def_prop_ro("last_core_seconds", &Session::last_core_seconds,
                   "Seconds the core took for the last process() call; the "
                   "rest of that call was the binding's (checking and "
                   "wrapping the arrays, building the Frame).")
      .def(
          "__enter__", [](nb::handle self) { return self; },
          nb::sig("def __enter__(self) -> Session"), "Returns the session.")
      .def(
          "__exit__",
          [](Session& session, nb::args) {
            if (!session.closed()) session.Close();
          },
          nb::sig("def __exit__(self, *args: object) -> None"),
          "Closes the session.");
}

}  // namespace arscene_python
