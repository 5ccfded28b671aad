/*
 * C99 test of the boundary's exception guard, built in the source tree only:
 * it links the test hook (vision_core_testing), which is never installed.
 * Every kind of exception thrown inside a session's guard comes out as its
 * status with a message, and the session stays usable.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "vision_core/vision_core.h"
#include "vision_core_testing/vision_core_testing.h"

static void TestFaultsBecomeStatuses(vc_session_t* session) {
  CHECK_STATUS(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_OPENCV_EXCEPTION),
      VC_STATUS_OPENCV_ERROR);
  CHECK_STATUS(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_STD_EXCEPTION),
      VC_STATUS_INTERNAL_ERROR);
  CHECK_STATUS(vc_session_raise_for_testing(session, VC_TEST_FAULT_BAD_ALLOC),
               VC_STATUS_OUT_OF_MEMORY);
  CHECK_STATUS(
      vc_session_raise_for_testing(session, VC_TEST_FAULT_UNKNOWN_EXCEPTION),
      VC_STATUS_INTERNAL_ERROR);
  CHECK(vc_session_last_error_message(session)[0] != '\0');
}

int main(void) {
  vc_session_options_t options;
  vc_session_options_init(&options);
  vc_session_t* session = NULL;
  CHECK_STATUS(vc_session_create(&options, &session), VC_STATUS_OK);
  if (session != NULL) TestFaultsBecomeStatuses(session);
  vc_session_destroy(session);
  if (g_failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", g_failures);
    return 1;
  }
  printf("fault test passed\n");
  return 0;
}
