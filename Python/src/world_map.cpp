// arscene.WorldMap (encode, decode, information) and arscene.Relocalizer
// (single frames found in a map, the 7-Scenes relocalization protocol).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <memory>
#include <string>
#include <vector>

#include "errors.h"
#include "handles.h"
#include "inputs.h"
#include "results.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

nb::bytes Encode(const WorldMap& map) {
  size_t length = 0;
  vc_status_t status = vc_world_map_encode(map.map.get(), nullptr, 0, &length);
  if (status != VC_STATUS_BUFFER_TOO_SMALL && status != VC_STATUS_OK) {
    RaiseStatus(status, vc_last_error_message());
  }
  std::vector<uint8_t> bytes(length);
  Check(vc_world_map_encode(map.map.get(), bytes.data(), bytes.size(), &length),
        [] { return std::string(vc_last_error_message()); });
  return nb::bytes(reinterpret_cast<const char*>(bytes.data()), length);
}

WorldMap Decode(nb::bytes bytes, const std::string& what) {
  vc_world_map_t* map = nullptr;
  const auto* data = static_cast<const uint8_t*>(bytes.data());
  vc_status_t status;
  {
    nb::gil_scoped_release release;
    status = vc_world_map_decode(data, bytes.size(), what.c_str(), &map);
  }
  Check(status, [] { return std::string(vc_last_error_message()); });
  return WorldMap{
      std::shared_ptr<const vc_world_map_t>(map, [](const vc_world_map_t* m) {
        vc_world_map_destroy(const_cast<vc_world_map_t*>(m));
      })};
}

nb::dict Info(const WorldMap& map) {
  vc_world_map_info_t info{};
  Check(vc_world_map_get_info(map.map.get(), &info),
        [] { return std::string(vc_last_error_message()); });
  nb::dict result;
  result["format_version"] = info.format_version;
  result["engine_version"] = std::string(info.engine_version);
  result["camera_size"] = nb::make_tuple(info.camera.width, info.camera.height);
  result["keyframe_count"] = info.keyframe_count;
  result["point_count"] = info.point_count;
  result["anchor_bytes"] = info.anchor_bytes;
  result["center"] =
      nb::make_tuple(info.center[0], info.center[1], info.center[2]);
  result["extent"] =
      nb::make_tuple(info.extent[0], info.extent[1], info.extent[2]);
  result["is_scale_known"] = info.is_scale_known != 0;
  return result;
}

class Relocalizer {
 public:
  explicit Relocalizer(const WorldMap& map) {
    Check(vc_relocalizer_create(map.map.get(), &relocalizer_),
          [] { return std::string(vc_last_error_message()); });
  }
  ~Relocalizer() { vc_relocalizer_destroy(relocalizer_); }
  Relocalizer(const Relocalizer&) = delete;
  Relocalizer& operator=(const Relocalizer&) = delete;

  RelocalizationResult Query(nb::handle color, nb::handle depth,
                             nb::handle intrinsics, double timestamp,
                             double depth_scale,
                             const std::string& color_format) {
    FrameInput input;
    MakeFrameInput(color, depth, intrinsics, timestamp, nb::none(), depth_scale,
                   color_format, &input);
    vc_relocalization_result_t result{};
    if (busy_) {
      PyErr_SetString(PyExc_RuntimeError,
                      "the arscene.Relocalizer is in use by another thread");
      throw nb::python_error();
    }
    busy_ = true;
    vc_status_t status;
    {
      nb::gil_scoped_release release;
      status = vc_relocalizer_query(relocalizer_, &input.view, &result);
    }
    busy_ = false;
    Check(status, [&] {
      return std::string(vc_relocalizer_last_error_message(relocalizer_));
    });
    return RelocalizationResultOf(result);
  }

 private:
  vc_relocalizer_t* relocalizer_ = nullptr;
  bool busy_ = false;  // only changed with the GIL held
};

}  // namespace

void BindWorldMap(nb::module_& m) {
  nb::class_<WorldMap>(m, "WorldMap",
                       "What a session knows of a room (keyframes, points, "
                       "the camera, anchors), like ARKit's ARWorldMap; "
                       "immutable. Its bytes are the open world-map file "
                       "format `arscene` reads and writes.")
      .def("encode", &Encode,
           "The map as the bytes of its file; the same map, the same bytes.")
      .def_static("decode", &Decode, nb::arg("data"),
                  nb::arg("what") = "world map",
                  "Reads a map from the bytes of its file; a truncated, "
                  "corrupt or newer file raises arscene.InvalidArgumentError "
                  "naming `what` and the reason.")
      .def_prop_ro("info", &Info,
                   "format_version, engine_version, camera_size, "
                   "keyframe_count, point_count, anchor_bytes, center, extent "
                   "and is_scale_known, as a dict.");
  nb::class_<Relocalizer>(m, "Relocalizer",
                          "Finds single frames in a world map, each on its "
                          "own (the 7-Scenes relocalization protocol).")
      .def(nb::init<const WorldMap&>(), nb::arg("world_map"),
           "Indexes the map for queries.")
      .def("query", &Relocalizer::Query, nb::arg("color"),
           nb::arg("depth").none() = nb::none(), nb::kw_only(),
           nb::arg("intrinsics"), nb::arg("timestamp") = 0.0,
           nb::arg("depth_scale") = 1000.0, nb::arg("color_format") = "rgb",
           "Looks for one frame (arguments as Session.process; the camera "
           "must have the map's image size) in the map.");
}

}  // namespace arscene_python
