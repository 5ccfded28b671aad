// Replays a recorded sequence in ARScene's native format (the TUM RGB-D
// layout plus sequence.json and imu.txt; see Datasets/README.md) through the
// vision core's C API: colour, registered depth and the IMU samples of each
// frame in, tracking state and plane anchors out.
//
//   rgbd_replay SEQUENCE_FOLDER
//
// A session initialises over its first frames (about 11 with depth and an
// accelerometer: the world's up settles, then the first keyframe is made);
// tracking is "normal" from then on.
#include <vision_core/vision_core.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/core/persistence.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// One line of a TUM list: a timestamp (seconds) and the rest of the line.
struct ListEntry {
  double timestamp;
  std::string rest;
};

std::vector<ListEntry> ReadList(const std::string &path, bool required) {
  std::ifstream file(path);
  if (!file) {
    if (required) throw std::runtime_error(path + ": cannot be read");
    return {};
  }
  std::vector<ListEntry> entries;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    ListEntry entry;
    if (!(fields >> entry.timestamp)) {
      throw std::runtime_error(path + ":" + std::to_string(number) +
                               ": no timestamp");
    }
    std::getline(fields >> std::ws, entry.rest);
    entries.push_back(entry);
  }
  return entries;
}

int64_t Nanoseconds(double seconds) { return std::llround(seconds * 1e9); }

void Check(vc_status_t status, const vc_session_t *session,
           const std::string &what) {
  if (status == VC_STATUS_OK) return;
  const char *message = session ? vc_session_last_error_message(session)
                                : vc_last_error_message();
  throw std::runtime_error(what + ": " + vc_status_name(status) + ": " +
                           message);
}

const char *ClassificationName(vc_plane_classification_t classification) {
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

int Replay(const std::string &folder) {
  // Looked for first: OpenCV would log its own error for a missing file.
  if (!std::ifstream(folder + "/sequence.json")) {
    throw std::runtime_error(folder + "/sequence.json: cannot be read");
  }
  cv::FileStorage description(
      folder + "/sequence.json",
      cv::FileStorage::READ | cv::FileStorage::FORMAT_JSON);
  if (!description.isOpened())
    throw std::runtime_error(folder + "/sequence.json: cannot be read");
  const cv::FileNode camera = description["camera"];
  vc_camera_intrinsics_t intrinsics{};
  intrinsics.fx = static_cast<double>(camera["fx"]);
  intrinsics.fy = static_cast<double>(camera["fy"]);
  intrinsics.cx = static_cast<double>(camera["cx"]);
  intrinsics.cy = static_cast<double>(camera["cy"]);
  intrinsics.width = static_cast<int>(camera["width"]);
  intrinsics.height = static_cast<int>(camera["height"]);
  Check(vc_camera_intrinsics_check(&intrinsics), nullptr,
        folder + "/sequence.json: camera");
  const float units_per_metre =
      static_cast<float>(description["depth"]["scale"]);

  const std::vector<ListEntry> colors = ReadList(folder + "/rgb.txt", true);
  std::map<int64_t, std::string> depths;  // by timestamp, for pairing
  for (const ListEntry &entry : ReadList(folder + "/depth.txt", false)) {
    depths[Nanoseconds(entry.timestamp)] = entry.rest;
  }
  std::vector<vc_imu_sample_t> imu;
  for (const ListEntry &entry : ReadList(folder + "/imu.txt", false)) {
    std::istringstream fields(entry.rest);
    vc_imu_sample_t sample{};
    sample.timestamp_ns = Nanoseconds(entry.timestamp);
    fields >> sample.acceleration[0] >> sample.acceleration[1] >>
        sample.acceleration[2] >> sample.rotation_rate[0] >>
        sample.rotation_rate[1] >> sample.rotation_rate[2];
    if (!fields)
      throw std::runtime_error(folder + "/imu.txt: a line without six numbers");
    imu.push_back(sample);
  }

  vc_session_options_t options;
  vc_session_options_init(&options);
  options.planes.detection =
      VC_PLANE_DETECTION_HORIZONTAL | VC_PLANE_DETECTION_VERTICAL;
  vc_session_t *session = nullptr;
  Check(vc_session_create(&options, &session), nullptr, "vc_session_create");
  // Destroyed however the replay ends, an error included.
  const std::unique_ptr<vc_session_t, decltype(&vc_session_destroy)> owner(
      session, vc_session_destroy);

  int normal_frames = 0;
  size_t next_imu = 0;
  for (size_t index = 0; index < colors.size(); ++index) {
    const int64_t timestamp_ns = Nanoseconds(colors[index].timestamp);
    const std::string color_path = folder + "/" + colors[index].rest;
    const cv::Mat color = cv::imread(color_path, cv::IMREAD_COLOR);  // BGR
    if (color.empty())
      throw std::runtime_error(color_path + ": cannot be decoded");

    vc_frame_input_t input{};
    input.timestamp_ns = timestamp_ns;
    input.intrinsics = intrinsics;
    input.color = {color.data, color.cols, color.rows,
                   static_cast<int32_t>(color.step), VC_PIXEL_FORMAT_BGR8};
    // Depth taken at the same time as the colour, already registered to it.
    cv::Mat depth;
    vc_depth_view_t depth_view{};
    const auto paired = depths.find(timestamp_ns);
    if (paired != depths.end()) {
      depth = cv::imread(folder + "/" + paired->second,
                         cv::IMREAD_UNCHANGED);  // uint16
      if (depth.type() != CV_16UC1) {
        throw std::runtime_error(folder + "/" + paired->second +
                                 ": not a 16-bit depth image");
      }
      depth_view.image = {depth.data, depth.cols, depth.rows,
                          static_cast<int32_t>(depth.step),
                          VC_PIXEL_FORMAT_DEPTH_U16};
      depth_view.units_per_metre = units_per_metre;
      input.depth = &depth_view;
    }
    // The inertial samples since the previous frame, up to this one.
    const size_t first_imu = next_imu;
    while (next_imu < imu.size() && imu[next_imu].timestamp_ns <= timestamp_ns)
      ++next_imu;
    input.imu_samples = next_imu > first_imu ? &imu[first_imu] : nullptr;
    input.imu_sample_count = static_cast<int32_t>(next_imu - first_imu);

    vc_frame_result_t result;
    Check(vc_session_process_frame(session, &input, &result), session,
          color_path);
    if (result.tracking_state == VC_TRACKING_STATE_NORMAL) ++normal_frames;
    if (index % 30 == 0 || index + 1 == colors.size()) {
      std::cout << "frame " << index << ": "
                << vc_tracking_state_name(result.tracking_state)
                << ", camera at (" << result.world_from_camera[12] << ", "
                << result.world_from_camera[13] << ", "
                << result.world_from_camera[14] << ") m\n";
    }
  }

  int32_t count = 0;
  Check(vc_session_get_plane_anchors(session, nullptr, 0, &count), session,
        "plane anchors");
  std::vector<vc_plane_anchor_t> anchors(static_cast<size_t>(count));
  Check(vc_session_get_plane_anchors(session, anchors.data(), count, &count),
        session, "plane anchors");
  std::cout << "tracked normally in " << normal_frames << " of "
            << colors.size() << " frames\n";
  std::cout << "planes: " << count << "\n";
  for (const vc_plane_anchor_t &anchor : anchors) {
    std::cout << "  plane " << anchor.id << ": "
              << (anchor.alignment == VC_PLANE_ALIGNMENT_HORIZONTAL
                      ? "horizontal"
                      : "vertical")
              << ", " << ClassificationName(anchor.classification) << ", "
              << anchor.extent_width << " x " << anchor.extent_height << " m\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: rgbd_replay SEQUENCE_FOLDER\n";
    return 2;
  }
  try {
    return Replay(argv[1]);
  } catch (const std::exception &error) {
    std::cerr << "rgbd_replay: " << error.what() << "\n";
    return 1;
  }
}
