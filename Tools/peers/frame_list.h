// The frame list run-peers hands to the C++ peers: "timestamp rgb depth"
// lines (paths absolute or relative to the working directory), '#' comments.
// Shared by opencv_rgbd_odometry.cpp and opencv_rgbd_planes.cpp.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct FrameFiles {
  std::string timestamp;
  std::string rgb;
  std::string depth;
};

inline std::vector<FrameFiles> ReadFrames(const std::string& path) {
  std::ifstream in(path);
  std::vector<FrameFiles> frames;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    FrameFiles f;
    if (fields >> f.timestamp >> f.rgb >> f.depth) frames.push_back(f);
  }
  return frames;
}
