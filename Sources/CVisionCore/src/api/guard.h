// The one exception guard every extern "C" entry point runs inside, so that no
// C++ exception unwinds into C or Swift and every failure becomes a status plus
// a readable message.
#pragma once

#include <string>

#include "vision_core/vision_core.h"

namespace vc {

// Where a failed call leaves its message: a session's, or the calling thread's
// for calls without a session.
class ErrorSlot {
 public:
  void Clear() { message_.clear(); }
  void Set(const std::string& message) { message_ = message; }
  const char* c_str() const { return message_.c_str(); }

 private:
  std::string message_;
};

// The calling thread's slot, for calls that have no session.
ErrorSlot& ThreadErrorSlot();

// Runs body (a callable returning void) and maps what it throws to a status,
// recording the message in slot. StatusError keeps its own status;
// cv::Exception becomes VC_STATUS_OPENCV_ERROR with OpenCV's message;
// std::bad_alloc VC_STATUS_OUT_OF_MEMORY; anything else
// VC_STATUS_INTERNAL_ERROR.
template <typename Body>
vc_status_t Guarded(ErrorSlot& slot, Body&& body);

// Implementation detail of Guarded: classifies the in-flight exception.
vc_status_t StatusFromCurrentException(ErrorSlot& slot) noexcept;

template <typename Body>
vc_status_t Guarded(ErrorSlot& slot, Body&& body) {
  try {
    body();
    slot.Clear();
    return VC_STATUS_OK;
  } catch (...) {
    return StatusFromCurrentException(slot);
  }
}

}  // namespace vc
