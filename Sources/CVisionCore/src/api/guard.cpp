#include "api/guard.h"

#include <exception>
#include <new>
#include <opencv2/core.hpp>

#include "common/status_error.h"

namespace vc {

ErrorSlot& ThreadErrorSlot() {
  thread_local ErrorSlot slot;
  return slot;
}

vc_status_t StatusFromCurrentException(ErrorSlot& slot) noexcept {
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

}  // namespace vc
