// The test hook: throws inside the same guard every engine entry point runs
// in (api/guard.h is header-only), with the session's own error slot, so tests
// prove that each kind of exception becomes its status and message.
#include <new>
#include <opencv2/core.hpp>
#include <stdexcept>
#include <string>

#include "api/guard.h"
#include "api/session_handle.h"
#include "common/status_error.h"
#include "vision_core_testing/vision_core_testing.h"

extern "C" {

vc_status_t vc_session_raise_for_testing(vc_session_t* session,
                                         vc_test_fault_t fault) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(session->error, [&] {
    switch (fault) {
      case VC_TEST_FAULT_OPENCV_EXCEPTION: {
        // A genuine OpenCV failure: adding matrices of different sizes.
        cv::Mat a(2, 2, CV_8UC1), b(3, 3, CV_8UC1), sum;
        cv::add(a, b, sum);
        return;
      }
      case VC_TEST_FAULT_STD_EXCEPTION:
        throw std::runtime_error("test fault");
      case VC_TEST_FAULT_BAD_ALLOC:
        throw std::bad_alloc();
      case VC_TEST_FAULT_UNKNOWN_EXCEPTION:
        throw 42;
    }
    throw vc::StatusError(
        VC_STATUS_INVALID_ARGUMENT,
        "unknown fault " + std::to_string(static_cast<int>(fault)));
  });
}

}  // extern "C"
