// Whether a reference image can be recognised, and how well: the reasons a
// reference is rejected and its quality score 0..100.
#pragma once

#include <string>
#include <vector>

#include "images/reference_image.h"
#include "vision_core/vision_core.h"

namespace vc {

// Smallest side, in pixels, a reference may have.
constexpr int kMinReferenceSide = 64;

// Measures one described reference on its own: texture, spread, repetition,
// the quality score, and the first issue of those (or NONE).
vc_reference_image_validation_t ValidateReference(
    const ReferenceImage& reference);

// The index of an image in others that shows the same picture as reference,
// or -1.
int FindDuplicateContent(const ReferenceImage& reference,
                         const std::vector<ReferenceImage>& others);

// A sentence for messages, e.g. "too little texture (41 points, at least 80
// needed)".
std::string DescribeIssue(const vc_reference_image_validation_t& validation);

}  // namespace vc
