// Peer baseline for plane detection (issue 5): on the same depth frames, runs
// OpenCV's cv::rgbd::RgbdPlane (on the normals cv::rgbd::RgbdNormals computes
// for it, as it requires) and ARScene's vc_detect_plane_segments, times both
// and, given ground truth, scores both the same way.
//
//   opencv_rgbd_planes FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE [TRUTH.txt]
//
// FRAMES.txt has "timestamp rgb_path depth_path" lines (run-peers writes it).
// TRUTH.txt (plane_truth.py writes it from annotations.json and
// groundtruth.txt) lists per frame the ground-truth planes with enough depth
// pixels on them, in OpenCV camera axes. Prints one line per method:
//   method NAME frames N median_ms M normals_median_ms M planes_median P
//   visible V found F recall R normal_median_deg D offset_median_m O
// (nan where a value does not apply: ours computes no normals).
// Everything here is in OpenCV camera axes (+X right, +Y down, +Z forward);
// the core's segments come in ARKit camera axes and are flipped on arrival.
#include <vision_core/vision_core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/rgbd.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "frame_list.h"

namespace {

// A plane n . x + d = 0 with n a unit vector towards the camera (d > 0).
struct DetectedPlane {
  cv::Vec3d normal;
  double offset = 0;
  cv::Vec3d centroid;
  int pixels = 0;
};

struct TruthPlane {
  std::string name;
  cv::Vec3d normal;
  double offset = 0;
  cv::Vec3d centroid;  // of its depth pixels, on the plane
  double radius = 0;   // of its depth pixels around the centroid
};

struct Score {
  std::vector<double> milliseconds;
  std::vector<double> normals_milliseconds;
  std::vector<double> plane_counts;
  int visible = 0;
  int found = 0;
  std::vector<double> normal_errors_degrees;
  std::vector<double> offset_errors;
};

// "frame name... nx ny nz d cx cy cz radius support": the name may hold
// spaces, so the eight numbers are read from the end.
std::map<int, std::vector<TruthPlane>> ReadTruth(const std::string& path) {
  std::map<int, std::vector<TruthPlane>> truth;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::vector<std::string> words;
    std::string word;
    while (fields >> word) words.push_back(word);
    if (words.size() < 11) continue;
    const size_t n = words.size();
    TruthPlane plane;
    for (size_t i = 1; i + 9 < n; ++i) {
      plane.name += (i > 1 ? " " : "") + words[i];
    }
    plane.normal = {std::stod(words[n - 9]), std::stod(words[n - 8]),
                    std::stod(words[n - 7])};
    plane.offset = std::stod(words[n - 6]);
    plane.centroid = {std::stod(words[n - 5]), std::stod(words[n - 4]),
                      std::stod(words[n - 3])};
    plane.radius = std::stod(words[n - 2]);
    truth[std::stoi(words[0])].push_back(plane);
  }
  return truth;
}

double Median(std::vector<double> values) {
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double Milliseconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

// Match rule shared with open3d_planes.py: normal within 10 degrees, the
// truth's centroid within 10 cm of the detected plane, the detected centroid
// within the truth's pixels' radius (+ 25 cm); the largest such segment
// counts, its errors are measured at the truth's centroid.
void ScoreFrame(const std::vector<DetectedPlane>& detected,
                const std::vector<TruthPlane>& truth, Score* score) {
  score->plane_counts.push_back(static_cast<double>(detected.size()));
  for (const TruthPlane& plane : truth) {
    ++score->visible;
    const DetectedPlane* best = nullptr;
    double best_angle = 0, best_offset = 0;
    for (const DetectedPlane& candidate : detected) {
      const double cosine = candidate.normal.dot(plane.normal);
      const double angle =
          std::acos(std::min(1.0, std::max(-1.0, cosine))) * 180.0 / CV_PI;
      if (angle > 10.0 || cosine <= 0) continue;
      const double offset =
          std::abs(candidate.normal.dot(plane.centroid) + candidate.offset) /
          cosine;
      if (offset > 0.10) continue;
      if (cv::norm(candidate.centroid - plane.centroid) > plane.radius + 0.25) {
        continue;
      }
      if (!best || candidate.pixels > best->pixels) {
        best = &candidate;
        best_angle = angle;
        best_offset = offset;
      }
    }
    if (best) {
      ++score->found;
      score->normal_errors_degrees.push_back(best_angle);
      score->offset_errors.push_back(best_offset);
    }
  }
}

void Print(const char* method, size_t frames, const Score& score,
           bool has_truth) {
  std::printf(
      "method %s frames %zu median_ms %.3f normals_median_ms %.3f "
      "planes_median %.1f",
      method, frames, Median(score.milliseconds),
      Median(score.normals_milliseconds), Median(score.plane_counts));
  if (has_truth) {
    std::printf(
        " visible %d found %d recall %.4f normal_median_deg %.4f "
        "offset_median_m %.5f",
        score.visible, score.found,
        score.visible ? static_cast<double>(score.found) / score.visible : 0.0,
        Median(score.normal_errors_degrees), Median(score.offset_errors));
  }
  std::printf("\n");
}

DetectedPlane Oriented(cv::Vec3d normal, double offset, cv::Vec3d centroid,
                       int pixels) {
  const double length = cv::norm(normal);
  normal /= length;
  offset /= length;
  if (offset < 0) {  // make it face the camera, which sits at the origin
    normal = -normal;
    offset = -offset;
  }
  return {normal, offset, centroid, pixels};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7 && argc != 8) {
    std::cerr << "usage: " << argv[0]
              << " FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE [TRUTH.txt]\n";
    return 2;
  }
  const std::vector<FrameFiles> frames = ReadFrames(argv[1]);
  if (frames.empty()) {
    std::cerr << argv[1] << ": no frames\n";
    return 1;
  }
  const double fx = std::stod(argv[2]), fy = std::stod(argv[3]);
  const double cx = std::stod(argv[4]), cy = std::stod(argv[5]);
  const float units_per_metre = std::stof(argv[6]);
  const bool has_truth = argc == 8;
  const std::map<int, std::vector<TruthPlane>> truth =
      has_truth ? ReadTruth(argv[7]) : std::map<int, std::vector<TruthPlane>>{};
  const cv::Mat camera = (cv::Mat_<float>(3, 3) << static_cast<float>(fx), 0,
                          static_cast<float>(cx), 0, static_cast<float>(fy),
                          static_cast<float>(cy), 0, 0, 1);

  // OpenCV's defaults, as a user gets them: FALS normals with a 5-pixel
  // window, RgbdPlane's 40-pixel blocks and its Kinect sensor-error model.
  cv::Ptr<cv::rgbd::RgbdNormals> normals_estimator;
  cv::rgbd::RgbdPlane plane_finder;
  Score opencv, ours;
  std::vector<vc_plane_segment_t> segments(256);

  for (size_t index = 0; index < frames.size(); ++index) {
    const cv::Mat raw = cv::imread(frames[index].depth, cv::IMREAD_UNCHANGED);
    if (raw.empty() || raw.type() != CV_16UC1) {
      std::cerr << "cannot read 16-bit depth " << frames[index].depth << "\n";
      return 1;
    }
    const auto found = truth.find(static_cast<int>(index));
    const std::vector<TruthPlane> none;
    const std::vector<TruthPlane>& visible =
        found == truth.end() ? none : found->second;

    // OpenCV: metres with NaN holes, 3D points, normals, then planes.
    auto start = std::chrono::steady_clock::now();
    cv::Mat depth;
    raw.convertTo(depth, CV_32F, 1.0 / units_per_metre);
    depth.setTo(std::numeric_limits<float>::quiet_NaN(), raw == 0);
    cv::Mat points, normals;
    cv::rgbd::depthTo3d(depth, camera, points);
    if (!normals_estimator) {
      normals_estimator = cv::rgbd::RgbdNormals::create(
          depth.rows, depth.cols, CV_32F, camera, 5,
          cv::rgbd::RgbdNormals::RGBD_NORMALS_METHOD_FALS);
    }
    (*normals_estimator)(points, normals);
    const double normals_ms = Milliseconds(start);
    cv::Mat mask;
    std::vector<cv::Vec4f> coefficients;
    plane_finder(points, normals, mask, coefficients);
    opencv.milliseconds.push_back(Milliseconds(start));
    opencv.normals_milliseconds.push_back(normals_ms);

    std::vector<cv::Vec3d> sums(coefficients.size(), cv::Vec3d(0, 0, 0));
    std::vector<int> counts(coefficients.size(), 0);
    for (int y = 0; y < mask.rows; ++y) {
      for (int x = 0; x < mask.cols; ++x) {
        const int label = mask.at<uchar>(y, x);
        if (label >= static_cast<int>(coefficients.size())) continue;
        const cv::Vec3f p = points.at<cv::Vec3f>(y, x);
        if (!std::isfinite(p[2])) continue;
        sums[label] += cv::Vec3d(p[0], p[1], p[2]);
        ++counts[label];
      }
    }
    std::vector<DetectedPlane> opencv_planes;
    for (size_t i = 0; i < coefficients.size(); ++i) {
      if (counts[i] == 0) continue;
      const cv::Vec4f& c = coefficients[i];
      opencv_planes.push_back(Oriented(cv::Vec3d(c[0], c[1], c[2]), c[3],
                                       sums[i] / counts[i], counts[i]));
    }
    ScoreFrame(opencv_planes, visible, &opencv);

    // Ours: straight from the 16-bit depth, as a session gets it.
    const vc_camera_intrinsics_t intrinsics = {fx, fy,       cx,
                                               cy, raw.cols, raw.rows};
    vc_depth_view_t view;
    view.image.data = raw.data;
    view.image.width = raw.cols;
    view.image.height = raw.rows;
    view.image.stride_bytes = static_cast<int32_t>(raw.step[0]);
    view.image.format = VC_PIXEL_FORMAT_DEPTH_U16;
    view.units_per_metre = units_per_metre;
    int32_t count = 0;
    start = std::chrono::steady_clock::now();
    vc_status_t status =
        vc_detect_plane_segments(&view, &intrinsics, nullptr, segments.data(),
                                 static_cast<int32_t>(segments.size()), &count);
    ours.milliseconds.push_back(Milliseconds(start));
    if (status == VC_STATUS_BUFFER_TOO_SMALL) {
      segments.resize(static_cast<size_t>(count));
      status = vc_detect_plane_segments(&view, &intrinsics, nullptr,
                                        segments.data(), count, &count);
    }
    if (status != VC_STATUS_OK) {
      std::cerr << frames[index].depth
                << ": vc_detect_plane_segments: " << vc_last_error_message()
                << "\n";
      return 1;
    }
    std::vector<DetectedPlane> our_planes;
    for (int32_t i = 0; i < count; ++i) {
      const vc_plane_segment_t& s = segments[static_cast<size_t>(i)];
      // ARKit camera axes (+Y up, -Z forward) to OpenCV's: flip y and z.
      our_planes.push_back(
          Oriented(cv::Vec3d(s.normal[0], -s.normal[1], -s.normal[2]), s.offset,
                   cv::Vec3d(s.centroid[0], -s.centroid[1], -s.centroid[2]),
                   s.pixel_count));
    }
    ScoreFrame(our_planes, visible, &ours);
  }
  Print("ARScene", frames.size(), ours, has_truth);
  Print("OpenCV_RgbdPlane", frames.size(), opencv, has_truth);
  return 0;
}
