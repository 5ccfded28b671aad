// Entry points for reference images: building a set, detecting its images
// in a view, and handing it to a session.
#include <algorithm>
#include <cmath>
#include <memory>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "api/count_protocol.h"
#include "api/guard.h"
#include "api/reference_image_set_handle.h"
#include "api/session_handle.h"
#include "common/pinhole_camera.h"
#include "common/status_error.h"
#include "frame/frame_input.h"
#include "frame/image_view.h"
#include "images/image_detection.h"
#include "images/reference_validation.h"
#include "vision_core/vision_core.h"

namespace {

// The view in grey, copied or converted (references outlive the call).
cv::Mat GrayCopy(const vc_image_view_t& view, const std::string& what) {
  vc::Require(view.format == VC_PIXEL_FORMAT_RGB8 ||
                  view.format == VC_PIXEL_FORMAT_BGR8 ||
                  view.format == VC_PIXEL_FORMAT_GRAY8,
              what + " must be RGB8, BGR8 or GRAY8, got " +
                  vc::PixelFormatName(view.format),
              VC_STATUS_INVALID_IMAGE);
  const cv::Mat pixels = vc::WrapImageView(view, what);
  cv::Mat gray;
  if (view.format == VC_PIXEL_FORMAT_RGB8) {
    cv::cvtColor(pixels, gray, cv::COLOR_RGB2GRAY);
  } else if (view.format == VC_PIXEL_FORMAT_BGR8) {
    cv::cvtColor(pixels, gray, cv::COLOR_BGR2GRAY);
  } else {
    gray = pixels.clone();
  }
  return gray;
}

std::string Quoted(const std::string& name) { return "'" + name + "'"; }

// Validates and adds one image; throws a StatusError naming it when it is
// rejected, after filling *validation.
int Add(vc_reference_image_set_t& set, const char* name, float physical_width,
        const vc_image_view_t* image,
        vc_reference_image_validation_t* validation) {
  vc::Require(name != nullptr && name[0] != '\0',
              "reference image name is NULL or empty");
  const std::string label = "reference image " + Quoted(name);
  vc::Require(image != nullptr, label + ": image is NULL");
  *validation = vc_reference_image_validation_t{};
  validation->duplicate_of = -1;
  for (size_t k = 0; k < set.images.size(); ++k) {
    if (set.images[k].name == name) {
      validation->issue = VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME;
      validation->duplicate_of = static_cast<int32_t>(k);
      throw vc::StatusError(VC_STATUS_INVALID_ARGUMENT,
                            label + ": duplicate name (reference " +
                                std::to_string(k) + " has the same name)");
    }
  }
  if (!(std::isfinite(physical_width) && physical_width > 0)) {
    validation->issue = VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH;
    throw vc::StatusError(VC_STATUS_INVALID_ARGUMENT,
                          label +
                              ": physical width must be a positive "
                              "number of metres, got " +
                              std::to_string(physical_width));
  }
  vc::Require(static_cast<int>(set.images.size()) < VC_REFERENCE_IMAGES_MAX,
              label + ": a set holds at most " +
                  std::to_string(VC_REFERENCE_IMAGES_MAX) +
                  " reference images; swap the active set at run time to use "
                  "more");
  const cv::Mat gray = GrayCopy(*image, label);
  if (std::min(gray.cols, gray.rows) < vc::kMinReferenceSide) {
    validation->issue = VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL;
    throw vc::StatusError(VC_STATUS_INVALID_IMAGE,
                          label + ": too small (" + std::to_string(gray.cols) +
                              "x" + std::to_string(gray.rows) +
                              " pixels; at least " +
                              std::to_string(vc::kMinReferenceSide) +
                              " pixels along each side needed)");
  }
  vc::ReferenceImage described =
      set.describer.Describe(gray, name, physical_width);
  *validation = vc::ValidateReference(described);
  if (validation->issue == VC_REFERENCE_IMAGE_ISSUE_NONE) {
    const int duplicate = vc::FindDuplicateContent(described, set.images);
    if (duplicate >= 0) {
      validation->issue = VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT;
      validation->duplicate_of = duplicate;
      throw vc::StatusError(VC_STATUS_INVALID_IMAGE,
                            label +
                                ": duplicate content (the same picture "
                                "as reference " +
                                Quoted(set.images[duplicate].name) + ")");
    }
  }
  if (validation->issue != VC_REFERENCE_IMAGE_ISSUE_NONE) {
    throw vc::StatusError(VC_STATUS_INVALID_IMAGE,
                          label + ": " + vc::DescribeIssue(*validation));
  }
  set.images.push_back(std::move(described));
  return static_cast<int>(set.images.size()) - 1;
}

// The camera a photo without intrinsics is assumed to have been taken with.
vc::PinholeCamera AssumedCamera(int width, int height) {
  const double focal = std::max(width, height);
  return {focal, focal, 0.5 * width, 0.5 * height, width, height};
}

}  // namespace

extern "C" {

const char* vc_reference_image_issue_name(vc_reference_image_issue_t issue) {
  switch (issue) {
    case VC_REFERENCE_IMAGE_ISSUE_NONE:
      return "VC_REFERENCE_IMAGE_ISSUE_NONE";
    case VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL:
      return "VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL";
    case VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE:
      return "VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE";
    case VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN:
      return "VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN";
    case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME:
      return "VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME";
    case VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT:
      return "VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT";
    case VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH:
      return "VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH";
  }
  return "VC_REFERENCE_IMAGE_ISSUE_UNKNOWN";
}

vc_status_t vc_reference_image_set_create(vc_reference_image_set_t** out_set) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_set != nullptr, "out_set is NULL");
    *out_set = nullptr;
    *out_set = new vc_reference_image_set();
  });
}

void vc_reference_image_set_destroy(vc_reference_image_set_t* set) {
  delete set;
}

const char* vc_reference_image_set_last_error_message(
    const vc_reference_image_set_t* set) {
  if (set == nullptr) return "set is NULL";
  return set->error.c_str();
}

vc_status_t vc_reference_image_set_add(
    vc_reference_image_set_t* set, const char* name, float physical_width,
    const vc_image_view_t* image,
    vc_reference_image_validation_t* out_validation, int32_t* out_index) {
  if (set == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  if (out_index != nullptr) *out_index = -1;
  vc_reference_image_validation_t validation{};
  validation.duplicate_of = -1;
  const vc_status_t status = vc::Guarded(set->error, [&] {
    const int index = Add(*set, name, physical_width, image, &validation);
    if (out_index != nullptr) *out_index = index;
  });
  if (out_validation != nullptr) *out_validation = validation;
  return status;
}

vc_status_t vc_reference_image_set_get_count(
    const vc_reference_image_set_t* set, int32_t* out_count) {
  if (set == nullptr || out_count == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  *out_count = static_cast<int32_t>(set->images.size());
  return VC_STATUS_OK;
}

vc_status_t vc_reference_image_set_build(vc_reference_image_set_t* set) {
  if (set == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(set->error, [&] {
    vc::Require(!set->images.empty(),
                "the set has no reference images to build an index over");
    set->detections.clear();
    set->database = std::make_shared<const vc::ReferenceDatabase>(set->images);
  });
}

vc_status_t vc_reference_image_set_detect(
    vc_reference_image_set_t* set, const vc_image_view_t* view,
    const vc_camera_intrinsics_t* intrinsics) {
  if (set == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(set->error, [&] {
    vc::Require(view != nullptr, "view is NULL");
    vc::Require(set->database != nullptr,
                "the set's index is not built: call "
                "vc_reference_image_set_build first");
    const cv::Mat gray = GrayCopy(*view, "view");
    vc::PinholeCamera camera = AssumedCamera(gray.cols, gray.rows);
    if (intrinsics != nullptr) {
      vc::CheckCameraIntrinsics(*intrinsics);
      vc::Require(
          intrinsics->width == gray.cols && intrinsics->height == gray.rows,
          "view is " + std::to_string(gray.cols) + "x" +
              std::to_string(gray.rows) + " but the intrinsics are for " +
              std::to_string(intrinsics->width) + "x" +
              std::to_string(intrinsics->height),
          VC_STATUS_INVALID_IMAGE);
      camera = vc::PinholeCamera::FromC(*intrinsics);
    }
    const std::vector<vc::ImageObservation> found =
        set->recognizer.Recognize(*set->database, gray, camera, {});
    std::vector<vc_image_detection_t> detections;
    for (const vc::ImageObservation& observation : found) {
      detections.push_back(vc::ToC(
          observation, set->database->references()[observation.reference_index],
          Eigen::Isometry3d::Identity()));
    }
    set->detections.swap(detections);
  });
}

vc_status_t vc_reference_image_set_get_detections(
    const vc_reference_image_set_t* set, vc_image_detection_t* out_detections,
    int32_t capacity, int32_t* out_count) {
  if (set == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(set, [&] {
    vc::CopyOut(set->detections, out_detections, capacity, out_count,
                "detections");
  });
}

vc_status_t vc_session_set_reference_images(
    vc_session_t* session, const vc_reference_image_set_t* set) {
  return vc_session_set_detection_images(session, set);
}

vc_status_t vc_session_set_detection_images(
    vc_session_t* session, const vc_reference_image_set_t* set) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(session->error, [&] {
    if (set != nullptr) {
      vc::Require(set->database != nullptr,
                  "the reference image set's index is not built: call "
                  "vc_reference_image_set_build first");
    }
    session->core.SetReferenceDatabase(set != nullptr ? set->database
                                                      : nullptr);
  });
}

vc_status_t vc_session_get_tracked_images(const vc_session_t* session,
                                          vc_image_detection_t* out_images,
                                          int32_t capacity,
                                          int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.tracked_images(), out_images, capacity, out_count,
                "tracked images");
  });
}

}  // extern "C"
