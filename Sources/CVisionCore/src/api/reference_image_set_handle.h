// The object behind the C handle vc_reference_image_set_t, shared by the
// entry points that take one (reference_image_api.cpp, and the session's
// vc_session_set_detection_images).
#pragma once

#include <memory>
#include <vector>

#include "api/guard.h"
#include "images/image_recognizer.h"
#include "images/reference_database.h"
#include "images/reference_describer.h"
#include "images/reference_image.h"
#include "vision_core/vision_core.h"

struct vc_reference_image_set {
  // Added so far; copied into the database when it is built.
  std::vector<vc::ReferenceImage> images;
  // The last build; shared with the sessions that use it.
  std::shared_ptr<const vc::ReferenceDatabase> database;
  vc::ReferenceDescriber describer;
  // Standalone detection in photos: more points over more scales than a
  // session's per-frame budget allows.
  vc::ImageRecognizer recognizer{[] {
    vc::RecognitionOptions options;
    options.view_features = 1500;
    options.view_levels = 8;
    options.max_candidates = 5;
    return options;
  }()};
  std::vector<vc_image_detection_t> detections;
  vc::ErrorSlot error;
};
