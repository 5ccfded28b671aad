// Finds a reference image's points and the measures its validation needs.
#pragma once

#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <string>

#include "images/reference_image.h"

namespace vc {

// References are described at most this many pixels along their longer side:
// enough detail for a poster seen across a room, and a bounded cost per
// reference.
constexpr int kReferenceWorkingSide = 640;

// ORB parameters shared by references and views so that their descriptors
// compare: 1.2 between levels as ORB-SLAM.
constexpr float kOrbScaleFactor = 1.2f;

class ReferenceDescriber {
 public:
  ReferenceDescriber();

  // Describes gray (8-bit, any size the caller validated) as a reference.
  ReferenceImage Describe(const cv::Mat& gray, const std::string& name,
                          double physical_width);

 private:
  cv::Ptr<cv::ORB> orb_;
};

}  // namespace vc
