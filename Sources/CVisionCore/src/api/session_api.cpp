// Entry points for sessions: lifetime, frames, timings.
#include <memory>
#include <new>
#include <opencv2/core.hpp>
#include <stdexcept>
#include <string>

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
  vc::ErrorSlot local;
  const vc_status_t status = vc::Guarded(local, [&] {
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    const auto& stages = session->core.stage_timings().stages();
    const auto count = static_cast<int32_t>(stages.size());
    *out_count = count;
    if (out_timings == nullptr) return;
    vc::Require(capacity >= count,
                "capacity " + std::to_string(capacity) + " < " +
                    std::to_string(count) + " stages",
                VC_STATUS_BUFFER_TOO_SMALL);
    std::copy(stages.begin(), stages.end(), out_timings);
  });
  if (status != VC_STATUS_OK) {
    const_cast<vc_session*>(session)->error.Set(local.c_str());
  }
  return status;
}

}  // extern "C"
