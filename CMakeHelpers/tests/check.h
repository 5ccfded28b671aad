/* The C tests' checks: each failed check prints where and what, and counts
   into g_failures, which main() turns into the exit status. */
#ifndef VC_TESTS_CHECK_H
#define VC_TESTS_CHECK_H

#include <stdio.h>

#include "vision_core/vision_core.h"

static int g_failures = 0;

#define CHECK(condition)                                               \
  do {                                                                 \
    if (!(condition)) {                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
              #condition);                                             \
      ++g_failures;                                                    \
    }                                                                  \
  } while (0)

#define CHECK_STATUS(call, expected)                                    \
  do {                                                                  \
    vc_status_t status_ = (call);                                       \
    if (status_ != (expected)) {                                        \
      fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__, \
              __LINE__, #call, vc_status_name(status_),                 \
              vc_status_name(expected));                                \
      ++g_failures;                                                     \
    }                                                                   \
  } while (0)

#endif /* VC_TESTS_CHECK_H */
