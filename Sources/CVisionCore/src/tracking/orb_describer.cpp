#include "tracking/orb_describer.h"

#include <cmath>
#include <cstdint>

namespace vc {
namespace {

// ORB's standard 31x31 patch; keypoints closer than its rotated half-diagonal
// to the border cannot be described.
constexpr int kPatchSize = 31;
constexpr int kHalfPatch = kPatchSize / 2;
constexpr int kEdge = 23;

}  // namespace

OrbDescriber::OrbDescriber()
    : orb_(cv::ORB::create(/*nfeatures=*/500, /*scaleFactor=*/1.2f,
                           /*nlevels=*/1, /*edgeThreshold=*/kEdge,
                           /*firstLevel=*/0, /*WTA_K=*/2, cv::ORB::HARRIS_SCORE,
                           kPatchSize)) {
  row_half_width_.resize(kHalfPatch + 1);
  for (int v = 0; v <= kHalfPatch; ++v) {
    row_half_width_[v] = static_cast<int>(
        std::lround(std::sqrt(double(kHalfPatch * kHalfPatch - v * v))));
  }
}

float OrbDescriber::IntensityCentroidAngle(const cv::Mat& gray,
                                           const cv::Point2f& p) const {
  const int cx = static_cast<int>(std::lround(p.x));
  const int cy = static_cast<int>(std::lround(p.y));
  int64_t m10 = 0;
  int64_t m01 = 0;
  for (int v = -kHalfPatch; v <= kHalfPatch; ++v) {
    const uint8_t* row = gray.ptr<uint8_t>(cy + v);
    const int half = row_half_width_[std::abs(v)];
    for (int u = -half; u <= half; ++u) {
      const int value = row[cx + u];
      m10 += u * value;
      m01 += v * value;
    }
  }
  float degrees =
      cv::fastAtan2(static_cast<float>(m01), static_cast<float>(m10));
  return degrees;
}

void OrbDescriber::Describe(const cv::Mat& gray,
                            std::vector<cv::KeyPoint>* keypoints,
                            cv::Mat* descriptors) {
  // Drop what ORB would drop anyway, before reading patches around it.
  cv::KeyPointsFilter::runByImageBorder(*keypoints, gray.size(), kEdge);
  for (cv::KeyPoint& k : *keypoints) {
    k.angle = IntensityCentroidAngle(gray, k.pt);
    k.octave = 0;
    k.size = kPatchSize;
  }
  if (keypoints->empty()) {
    descriptors->release();
    return;
  }
  orb_->compute(gray, *keypoints, *descriptors);
}

}  // namespace vc
