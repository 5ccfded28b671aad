// The one exception guard every extern "C" entry point runs inside, so that no
// C++ exception unwinds into C or Swift and every failure becomes a status plus
// a readable message. Header-only but for the thread's slot, so that libraries
// beside the core (the synthetic scenes) guard their entry points the same way
// with a slot of their own.
#pragma once

#include <exception>
#include <new>
#include <opencv2/core.hpp>
#include <string>

#include "common/status_error.h"
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
inline vc_status_t StatusFromCurrentException(ErrorSlot& slot) noexcept {
  // Building the message can itself fail to allocate; then the status still
  // goes out, with whatever message the slot managed to keep.
  try {
    try {
      throw;
    } catch (const StatusError& error) {
      slot.Set(error.what());
      return error.status();
    } catch (const cv::Exception& error) {
      slot.Set("OpenCV: " + error.msg + " in " + error.func);
      return VC_STATUS_OPENCV_ERROR;
    } catch (const std::bad_alloc&) {
      slot.Set("out of memory");
      return VC_STATUS_OUT_OF_MEMORY;
    } catch (const std::exception& error) {
      slot.Set(std::string("internal error: ") + error.what());
      return VC_STATUS_INTERNAL_ERROR;
    } catch (...) {
      slot.Set("internal error: unknown exception");
      return VC_STATUS_INTERNAL_ERROR;
    }
  } catch (...) {
    return VC_STATUS_INTERNAL_ERROR;
  }
}

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
