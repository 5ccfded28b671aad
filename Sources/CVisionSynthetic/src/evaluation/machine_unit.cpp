#include "evaluation/machine_unit.h"

#include <chrono>
#include <cstdint>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "common/seeded_generator.h"

namespace vc {
namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 480;
// 150 shapes up to 80 pixels, softened by a blur of half a pixel: ORB
// takes as long on it as on a real 7-Scenes kitchen frame (1.02 times, the
// median of 31 interleaved pairs; 600 smaller sharp shapes took 1.44 times).
constexpr int kShapes = 150;
constexpr int kLargestShape = 80;
constexpr double kBlurSigma = 0.5;
constexpr uint64_t kSeed = 0x4d414348494e4555;  // "MACHINEU"

}  // namespace

cv::Mat MachineUnitFrame() {
  cv::Mat frame(kHeight, kWidth, CV_8UC1);
  for (int v = 0; v < kHeight; ++v) {
    uint8_t* row = frame.ptr<uint8_t>(v);
    for (int u = 0; u < kWidth; ++u) {
      row[u] = static_cast<uint8_t>(60 + (u + v) * 120 / (kWidth + kHeight));
    }
  }
  // splitmix64: a whole, documented sequence, the same wherever it runs.
  SeededGenerator random(kSeed);
  for (int i = 0; i < kShapes; ++i) {
    const cv::Point centre(random.Below(kWidth), random.Below(kHeight));
    const int size = 3 + random.Below(kLargestShape);
    const cv::Scalar grey(random.Below(256));
    if (random.Below(2) == 0) {
      const cv::Point corner(centre.x + size,
                             centre.y + random.Below(kLargestShape) + 3);
      cv::rectangle(frame, centre, corner, grey, cv::FILLED, cv::LINE_8);
    } else {
      cv::circle(frame, centre, size / 2, grey, cv::FILLED, cv::LINE_8);
    }
  }
  cv::GaussianBlur(frame, frame, cv::Size(0, 0), kBlurSigma);
  return frame;
}

OrbTiming TimeOrbOnce(const cv::Mat& frame) {
  const int threads = cv::getNumThreads();
  cv::setNumThreads(1);
  const cv::Ptr<cv::ORB> orb =
      cv::ORB::create(/*nfeatures=*/1000, /*scaleFactor=*/1.2f, /*nlevels=*/8);
  std::vector<cv::KeyPoint> keypoints;
  cv::Mat descriptors;
  const auto start = std::chrono::steady_clock::now();
  orb->detectAndCompute(frame, cv::noArray(), keypoints, descriptors);
  const auto end = std::chrono::steady_clock::now();
  cv::setNumThreads(threads);
  OrbTiming timing;
  timing.milliseconds =
      std::chrono::duration<double, std::milli>(end - start).count();
  timing.features = static_cast<int>(keypoints.size());
  return timing;
}

}  // namespace vc
