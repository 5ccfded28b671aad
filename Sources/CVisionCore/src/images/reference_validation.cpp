#include "images/reference_validation.h"

#include <algorithm>
#include <cmath>

#include "common/hamming.h"

namespace vc {
namespace {

// Below this many points a view at an angle keeps too few for a homography.
constexpr int kMinFeatures = 80;
// The points must cover a seventh of an 8 x 8 grid, or a partial view loses
// them all.
constexpr int kCoverageGrid = 8;
constexpr float kMinCoverage = 0.15f;
// Two points with descriptors this close (of 256 bits) are look-alikes ...
constexpr int kLookAlikeDistance = 40;
// ... when they are further apart than a point's own neighbourhood, in
// working pixels.
constexpr float kLookAlikeSeparation = 16.0f;
// Beyond this fraction of look-alikes a view matches shifted copies of
// itself.
constexpr float kMaxRepetition = 0.5f;
// Thumbnails correlating this well show the same picture.
constexpr double kDuplicateCorrelation = 0.95;

float Coverage(const ReferenceImage& reference) {
  std::vector<bool> cells(kCoverageGrid * kCoverageGrid, false);
  for (const cv::Point2f& p : reference.points) {
    const int column = std::clamp(int(p.x * kCoverageGrid / reference.width), 0,
                                  kCoverageGrid - 1);
    const int row = std::clamp(int(p.y * kCoverageGrid / reference.height), 0,
                               kCoverageGrid - 1);
    cells[row * kCoverageGrid + column] = true;
  }
  return float(std::count(cells.begin(), cells.end(), true)) / cells.size();
}

float Repetition(const ReferenceImage& reference) {
  const int count = reference.descriptors.rows;
  if (count == 0) return 0.0f;
  const float separation = kLookAlikeSeparation / reference.working_scale;
  int repeated = 0;
  for (int i = 0; i < count; ++i) {
    const uint8_t* a = reference.descriptors.ptr<uint8_t>(i);
    for (int j = 0; j < count; ++j) {
      if (j == i) continue;
      const cv::Point2f d = reference.points[i] - reference.points[j];
      if (d.dot(d) < separation * separation) continue;
      if (HammingDistance(a, reference.descriptors.ptr<uint8_t>(j)) <=
          kLookAlikeDistance) {
        ++repeated;
        break;
      }
    }
  }
  return float(repeated) / count;
}

}  // namespace

vc_reference_image_validation_t ValidateReference(
    const ReferenceImage& reference) {
  vc_reference_image_validation_t result{};
  result.duplicate_of = -1;
  result.feature_count = static_cast<int32_t>(reference.points.size());
  result.coverage = Coverage(reference);
  result.repetition = Repetition(reference);
  const double texture = std::min(1.0, result.feature_count / 400.0);
  const double distinct =
      1.0 - std::min(1.0, double(result.repetition) / kMaxRepetition);
  result.quality = static_cast<int32_t>(std::lround(
      100.0 * (0.4 * texture + 0.4 * result.coverage + 0.2 * distinct)));
  if (std::min(reference.width, reference.height) < kMinReferenceSide) {
    result.issue = VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL;
  } else if (result.feature_count < kMinFeatures ||
             result.coverage < kMinCoverage) {
    result.issue = VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE;
  } else if (result.repetition > kMaxRepetition) {
    result.issue = VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN;
  }
  if (result.issue != VC_REFERENCE_IMAGE_ISSUE_NONE) {
    result.quality = std::min<int32_t>(result.quality, 20);
  }
  return result;
}

int FindDuplicateContent(const ReferenceImage& reference,
                         const std::vector<ReferenceImage>& others) {
  for (size_t k = 0; k < others.size(); ++k) {
    if (reference.thumbnail.dot(others[k].thumbnail) >= kDuplicateCorrelation) {
      return static_cast<int>(k);
    }
  }
  return -1;
}

std::string DescribeIssue(const vc_reference_image_validation_t& v) {
  switch (v.issue) {
    case VC_REFERENCE_IMAGE_ISSUE_NONE:
      return "no issue";
    case VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL:
      return "too small (at least " + std::to_string(kMinReferenceSide) +
             " pixels along each side needed)";
    case VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE:
      return "too little texture (" + std::to_string(v.feature_count) +
             " distinctive points covering " +
             std::to_string(int(std::lround(v.coverage * 100))) +
             "% of the image; at least " + std::to_string(kMinFeatures) +
             " points covering " +
             std::to_string(int(std::lround(kMinCoverage * 100))) + "% needed)";
    case VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN:
      return "repetitive pattern (" +
             std::to_string(int(std::lround(v.repetition * 100))) +
             "% of its points have a look-alike elsewhere in it; at most " +
             std::to_string(int(std::lround(kMaxRepetition * 100))) +
             "% allowed)";
    case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME:
      return "duplicate name (reference " + std::to_string(v.duplicate_of) +
             " has the same name)";
    case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT:
      return "duplicate content (the same picture as reference " +
             std::to_string(v.duplicate_of) + ")";
    case VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH:
      return "invalid physical width (must be a positive number of metres)";
  }
  return "unknown issue";
}

}  // namespace vc
