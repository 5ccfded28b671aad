// Peer baseline: OpenCV's cv::rgbd::RgbdOdometry run frame to frame over an
// RGB-D sequence, as the ARScene tracker is compared against it (issue 4).
//
//   opencv_rgbd_odometry FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE OUT.txt
//
// FRAMES.txt has "timestamp rgb_path depth_path" lines (Tools/peers/run-peers
// writes it). OUT.txt is a TUM trajectory, world_from_camera in OpenCV camera
// axes with the first camera as the world, so `arscene eval` scores it like
// ours. Prints the median and p99 milliseconds of odometry per frame.
#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/rgbd.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "frame_list.h"

namespace {

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t index =
      std::min(values.size() - 1, static_cast<size_t>(p * (values.size() - 1)));
  return values[index];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 8) {
    std::cerr << "usage: " << argv[0]
              << " FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE OUT.txt\n";
    return 2;
  }
  const std::vector<FrameFiles> frames = ReadFrames(argv[1]);
  if (frames.empty()) {
    std::cerr << argv[1] << ": no frames\n";
    return 1;
  }
  const float fx = std::stof(argv[2]), fy = std::stof(argv[3]);
  const float cx = std::stof(argv[4]), cy = std::stof(argv[5]);
  const float units_per_metre = std::stof(argv[6]);
  const cv::Mat camera =
      (cv::Mat_<float>(3, 3) << fx, 0, cx, 0, fy, cy, 0, 0, 1);

  // Defaults as documented by OpenCV; the "tuned" variant in ANCHORS.md is
  // not what a user gets out of the box.
  cv::Ptr<cv::rgbd::RgbdOdometry> odometry =
      cv::rgbd::RgbdOdometry::create(camera);
  std::ofstream out(argv[7]);
  out << "# OpenCV RgbdOdometry, frame to frame\n"
         "# timestamp tx ty tz qx qy qz qw\n";

  Eigen::Isometry3d world_from_camera = Eigen::Isometry3d::Identity();
  cv::Ptr<cv::rgbd::OdometryFrame> previous;
  std::vector<double> milliseconds;
  int failures = 0;
  for (const FrameFiles& files : frames) {
    cv::Mat gray = cv::imread(files.rgb, cv::IMREAD_GRAYSCALE);
    cv::Mat depth_raw = cv::imread(files.depth, cv::IMREAD_UNCHANGED);
    if (gray.empty() || depth_raw.empty()) {
      std::cerr << "cannot read " << files.rgb << " or " << files.depth << "\n";
      return 1;
    }
    cv::Mat depth;
    depth_raw.convertTo(depth, CV_32F, 1.0 / units_per_metre);
    depth.setTo(std::numeric_limits<float>::quiet_NaN(), depth_raw == 0);
    cv::Ptr<cv::rgbd::OdometryFrame> current =
        cv::rgbd::OdometryFrame::create(gray, depth);

    if (previous) {
      const auto start = std::chrono::steady_clock::now();
      // compute(src, dst) gives the motion taking src camera points into the
      // dst camera: with src = current, dst = previous, previous_from_current.
      cv::Mat rt;
      const bool ok = odometry->compute(current, previous, rt);
      milliseconds.push_back(std::chrono::duration<double, std::milli>(
                                 std::chrono::steady_clock::now() - start)
                                 .count());
      if (ok) {
        Eigen::Matrix4d m;
        for (int r = 0; r < 4; ++r) {
          for (int c = 0; c < 4; ++c) m(r, c) = rt.at<double>(r, c);
        }
        world_from_camera = world_from_camera * Eigen::Isometry3d(m);
      } else {
        ++failures;  // keep the last pose, as a user of it would
      }
    }
    previous = current;
    const Eigen::Quaterniond q(world_from_camera.rotation());
    const Eigen::Vector3d t = world_from_camera.translation();
    char line[256];
    std::snprintf(line, sizeof line, "%s %.7f %.7f %.7f %.7f %.7f %.7f %.7f\n",
                  files.timestamp.c_str(), t.x(), t.y(), t.z(), q.x(), q.y(),
                  q.z(), q.w());
    out << line;
  }
  std::printf("frames %zu failures %d median_ms %.3f p99_ms %.3f\n",
              frames.size(), failures, Percentile(milliseconds, 0.5),
              Percentile(milliseconds, 0.99));
  return 0;
}
