#include "images/reference_describer.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace vc {
namespace {

constexpr int kReferenceFeatures = 500;
// Eight levels of 1.2 span 3.6x: a 640-pixel reference still matches when
// it covers under 200 pixels of a view.
constexpr int kReferenceLevels = 8;
constexpr int kTrackPoints = 300;
constexpr int kThumbnailSide = 32;

cv::Mat Thumbnail(const cv::Mat& gray) {
  cv::Mat small;
  cv::resize(gray, small, cv::Size(kThumbnailSide, kThumbnailSide), 0, 0,
             cv::INTER_AREA);
  cv::Mat values;
  small.convertTo(values, CV_32F);
  values -= cv::mean(values)[0];
  const double norm = cv::norm(values);
  if (norm > 1e-6) values /= norm;
  return values;
}

}  // namespace

ReferenceDescriber::ReferenceDescriber()
    : orb_(cv::ORB::create(kReferenceFeatures, kOrbScaleFactor,
                           kReferenceLevels)) {}

ReferenceImage ReferenceDescriber::Describe(const cv::Mat& gray,
                                            const std::string& name,
                                            double physical_width) {
  ReferenceImage reference;
  reference.name = name;
  reference.width = gray.cols;
  reference.height = gray.rows;
  reference.physical_width = physical_width;
  reference.physical_height = physical_width * gray.rows / gray.cols;
  const int long_side = std::max(gray.cols, gray.rows);
  reference.working_scale =
      std::min(1.0, double(kReferenceWorkingSide) / long_side);
  if (reference.working_scale < 1.0) {
    cv::resize(gray, reference.working_gray, cv::Size(),
               reference.working_scale, reference.working_scale,
               cv::INTER_AREA);
  } else {
    reference.working_gray = gray.clone();
  }

  std::vector<cv::KeyPoint> keypoints;
  orb_->detectAndCompute(reference.working_gray, cv::noArray(), keypoints,
                         reference.descriptors);
  const double to_given = 1.0 / reference.working_scale;
  for (const cv::KeyPoint& k : keypoints) {
    reference.points.emplace_back(float(k.pt.x * to_given),
                                  float(k.pt.y * to_given));
    reference.octaves.push_back(k.octave);
    reference.angles.push_back(k.angle);
  }

  std::vector<cv::Point2f> corners;
  const double min_distance = std::max(
      4.0,
      std::sqrt(double(reference.working_gray.total()) / kTrackPoints) * 0.7);
  cv::goodFeaturesToTrack(reference.working_gray, corners, kTrackPoints, 0.01,
                          min_distance);
  for (const cv::Point2f& c : corners) {
    reference.track_points.emplace_back(float(c.x * to_given),
                                        float(c.y * to_given));
  }
  reference.thumbnail = Thumbnail(gray);
  return reference;
}

}  // namespace vc
