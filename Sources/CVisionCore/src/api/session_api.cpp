// Entry points for sessions: lifetime, frames, timings, feature points.
#include <memory>
#include <new>
#include <opencv2/core.hpp>
#include <stdexcept>
#include <string>

#include "api/count_protocol.h"
#include "api/guard.h"
#include "api/session_handle.h"
#include "common/session_options.h"
#include "common/status_error.h"
#include "session/session.h"
#include "vision_core/vision_core.h"

extern "C" {

void vc_session_options_init(vc_session_options_t* options) {
  if (options != nullptr) vc::SessionOptions().ToC(options);
}

vc_status_t vc_session_options_validate(const vc_session_options_t* options,
                                        vc_option_naming_t naming) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(options != nullptr, "options is NULL");
    vc::SessionOptions::FromC(*options).Check(vc::OptionNamingFromC(naming));
  });
}

const char* vc_session_options_differences(const vc_session_options_t* a,
                                           const vc_session_options_t* b,
                                           vc_option_naming_t naming) {
  thread_local std::string names;
  names.clear();
  if (a == nullptr || b == nullptr) return names.c_str();
  const vc::OptionNaming as = naming == VC_OPTION_NAMING_SWIFT
                                  ? vc::OptionNaming::kSwift
                                  : vc::OptionNaming::kC;
  vc::AppendOptionDifferences<vc::SessionOptions>(*a, *b, as, &names);
  vc::AppendOptionDifferences<vc::TrackingOptions>(a->tracking, b->tracking, as,
                                                   &names);
  vc::AppendOptionDifferences<vc::PlaneOptions>(a->planes, b->planes, as,
                                                &names);
  vc::AppendOptionDifferences<vc::ImageOptions>(a->images, b->images, as,
                                                &names);
  vc::AppendOptionDifferences<vc::SessionRelocalizationOptions>(
      a->relocalization, b->relocalization, as, &names);
  return names.c_str();
}

vc_status_t vc_session_create(const vc_session_options_t* options,
                              vc_session_t** out_session) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_session != nullptr, "out_session is NULL");
    *out_session = nullptr;
    const vc::SessionOptions parsed = options != nullptr
                                          ? vc::SessionOptions::FromC(*options)
                                          : vc::SessionOptions();
    parsed.Check();
    *out_session = new vc_session(parsed);
  });
}

void vc_session_destroy(vc_session_t* session) { delete session; }

const char* vc_session_last_error_message(const vc_session_t* session) {
  if (session == nullptr) return "session is NULL";
  return session->error.c_str();
}

vc_status_t vc_session_process_frame(vc_session_t* session,
                                     const vc_frame_input_t* input,
                                     vc_frame_result_t* out_result) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(session->error, [&] {
    vc::Require(input != nullptr, "input is NULL");
    vc::Require(out_result != nullptr, "out_result is NULL");
    *out_result = session->core.ProcessFrame(*input);
  });
}

vc_status_t vc_session_get_stage_timings(const vc_session_t* session,
                                         vc_stage_timing_t* out_timings,
                                         int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  // Reading timings must not disturb the message of the last failed frame.
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.stage_timings().stages(), out_timings, capacity,
                out_count, "stages");
  });
}

vc_status_t vc_session_get_feature_points(const vc_session_t* session,
                                          vc_feature_point_t* out_points,
                                          int32_t capacity,
                                          int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.FeaturePoints(), out_points, capacity, out_count,
                "feature points");
  });
}

vc_status_t vc_session_get_refined_trajectory(const vc_session_t* session,
                                              vc_trajectory_pose_t* out_poses,
                                              int32_t capacity,
                                              int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::GuardedRead(session, [&] {
    vc::CopyOut(session->core.RefinedTrajectory(), out_poses, capacity,
                out_count, "trajectory poses");
  });
}

}  // extern "C"
