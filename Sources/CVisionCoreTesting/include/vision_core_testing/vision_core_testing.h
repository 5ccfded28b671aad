/*
 * vision_core_testing.h — hooks that only tests need, kept out of the engine's
 * public header and out of the installed library.
 *
 * Built as its own library (vision_core_testing) beside the engine; CMake
 * builds it for the in-tree tests and never installs it.
 */
#ifndef VISION_CORE_TESTING_VISION_CORE_TESTING_H
#define VISION_CORE_TESTING_VISION_CORE_TESTING_H

#include "vision_core/vision_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What vc_session_raise_for_testing throws. */
typedef enum vc_test_fault {
  VC_TEST_FAULT_OPENCV_EXCEPTION = 1,
  VC_TEST_FAULT_STD_EXCEPTION = 2,
  VC_TEST_FAULT_BAD_ALLOC = 3,
  VC_TEST_FAULT_UNKNOWN_EXCEPTION = 4
} vc_test_fault_t;

/** Throws the given exception inside the core's guard, so that tests can prove
    no exception escapes the boundary. Has no other effect. */
VC_API vc_status_t vc_session_raise_for_testing(vc_session_t *session,
                                                vc_test_fault_t fault);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VISION_CORE_TESTING_VISION_CORE_TESTING_H */
