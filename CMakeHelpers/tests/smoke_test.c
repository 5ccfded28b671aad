/*
 * C99 smoke test of the installed vision core: the public header compiles as
 * pedantic C99, the library links from plain C, and the basic contract of the
 * boundary holds (statuses, the count protocol, errors as statuses with
 * messages, _destroy(NULL)). Exits non-zero on the first failed check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vision_core/vision_core.h"

enum { kWidth = 64, kHeight = 48, kStride = 72, kGray = 128 };

static double Absolute(double value) { return value < 0 ? -value : value; }

static int IsFinite(double value) {
  return value == value && value - value == 0.0;
}

static void TestStatusesAndVersion(void) {
  const char* version = vc_version();
  int major = -1, minor = -1, patch = -1;
  CHECK(version != NULL);
  CHECK(version != NULL &&
        sscanf(version, "%d.%d.%d", &major, &minor, &patch) == 3);
  CHECK(major >= 0 && minor >= 0 && patch >= 0);
#ifdef VC_EXPECTED_VERSION
  CHECK(version != NULL && strcmp(version, VC_EXPECTED_VERSION) == 0);
#endif
  CHECK(vc_opencv_version() != NULL && vc_opencv_version()[0] != '\0');

  CHECK(strcmp(vc_status_name(VC_STATUS_OK), "VC_STATUS_OK") == 0);
  for (int i = 0; i < VC_STATUS_COUNT; ++i) {
    const char* name = vc_status_name((vc_status_t)i);
    CHECK(name != NULL && strcmp(name, "VC_STATUS_UNKNOWN") != 0);
    for (int j = 0; j < i; ++j) {
      CHECK(strcmp(name, vc_status_name((vc_status_t)j)) != 0);
    }
  }
  CHECK(strcmp(vc_status_name((vc_status_t)VC_STATUS_COUNT),
               "VC_STATUS_UNKNOWN") == 0);
}

static vc_frame_input_t GrayFrame(const uint8_t* pixels, int64_t timestamp_ns) {
  vc_frame_input_t input;
  memset(&input, 0, sizeof input);
  input.timestamp_ns = timestamp_ns;
  input.intrinsics.fx = 60.0;
  input.intrinsics.fy = 60.0;
  input.intrinsics.cx = kWidth / 2.0;
  input.intrinsics.cy = kHeight / 2.0;
  input.intrinsics.width = kWidth;
  input.intrinsics.height = kHeight;
  input.color.data = pixels;
  input.color.width = kWidth;
  input.color.height = kHeight;
  input.color.stride_bytes = kStride;
  input.color.format = VC_PIXEL_FORMAT_GRAY8;
  input.depth = NULL;
  input.imu_samples = NULL;
  input.imu_sample_count = 0;
  return input;
}

static void TestProcessFrame(vc_session_t* session) {
  /* Rows are padded beyond the width with white: a core that ignored the
     stride would see it in the mean. */
  static uint8_t pixels[kStride * kHeight];
  for (int y = 0; y < kHeight; ++y) {
    memset(pixels + y * kStride, kGray, kWidth);
    memset(pixels + y * kStride + kWidth, 255, kStride - kWidth);
  }

  vc_frame_input_t input = GrayFrame(pixels, 1000000);
  vc_frame_result_t result;
  memset(&result, 0, sizeof result);
  CHECK_STATUS(vc_session_process_frame(session, &input, &result),
               VC_STATUS_OK);
  CHECK(result.timestamp_ns == input.timestamp_ns);
  CHECK(Absolute(result.statistics.mean_luminance - kGray / 255.0) < 1e-3);
  CHECK(result.statistics.valid_depth_fraction == 0.0f);
  CHECK(IsFinite(result.statistics.sharpness) &&
        result.statistics.sharpness >= 0.0f);
  CHECK(IsFinite(result.light_estimate.ambient_intensity) &&
        result.light_estimate.ambient_intensity >= 0.0f);
  CHECK(result.imu_samples_ingested == 0);

  /* A zero-sized image is rejected as an image problem, with a message. */
  vc_frame_input_t empty = GrayFrame(pixels, 2000000);
  empty.color.width = 0;
  empty.color.height = 0;
  CHECK_STATUS(vc_session_process_frame(session, &empty, &result),
               VC_STATUS_INVALID_IMAGE);
  const char* message = vc_session_last_error_message(session);
  CHECK(message != NULL && message[0] != '\0');
  if (message != NULL) printf("zero-sized image rejected: %s\n", message);
}

static void TestStageTimings(const vc_session_t* session) {
  int32_t count = -1;
  CHECK_STATUS(vc_session_get_stage_timings(session, NULL, 0, &count),
               VC_STATUS_OK);
  CHECK(count > 0);
  if (count <= 0) return;

  vc_stage_timing_t* timings = calloc((size_t)count, sizeof *timings);
  CHECK(timings != NULL);
  if (timings == NULL) return;
  int32_t written = -1;
  CHECK_STATUS(vc_session_get_stage_timings(session, timings, count, &written),
               VC_STATUS_OK);
  CHECK(written == count);
  for (int32_t i = 0; i < count && i < written; ++i) {
    CHECK(timings[i].name != NULL && timings[i].name[0] != '\0');
    CHECK(IsFinite(timings[i].milliseconds) && timings[i].milliseconds >= 0);
  }
  if (count > 1) {
    int32_t needed = -1;
    CHECK_STATUS(
        vc_session_get_stage_timings(session, timings, count - 1, &needed),
        VC_STATUS_BUFFER_TOO_SMALL);
    CHECK(needed == count);
  }
  free(timings);
}

/* Options are checked through the core's one table, before any session. */
static void TestOptionsValidation(void) {
  vc_session_options_t options;
  vc_session_options_init(&options);
  CHECK_STATUS(vc_session_options_validate(&options, VC_OPTION_NAMING_C),
               VC_STATUS_OK);
  options.tracking.max_features = 3;
  CHECK_STATUS(vc_session_options_validate(&options, VC_OPTION_NAMING_C),
               VC_STATUS_INVALID_ARGUMENT);
  CHECK(strcmp(vc_last_error_message(),
               "tracking.max_features must be 8...4096, got 3") == 0);
}

int main(void) {
  printf("vision_core %s (OpenCV %s)\n", vc_version(), vc_opencv_version());
  TestStatusesAndVersion();
  TestOptionsValidation();

  vc_session_options_t options;
  memset(&options, 0xff, sizeof options);
  vc_session_options_init(&options);
  vc_session_t* session = NULL;
  CHECK_STATUS(vc_session_create(&options, &session), VC_STATUS_OK);
  CHECK(session != NULL);
  if (session == NULL) {
    fprintf(stderr, "vc_session_create: %s\n", vc_last_error_message());
    return EXIT_FAILURE;
  }
  CHECK(strcmp(vc_session_last_error_message(session), "") == 0);

  TestProcessFrame(session);
  TestStageTimings(session);
  vc_session_destroy(session);

  vc_session_t* default_session = NULL;
  CHECK_STATUS(vc_session_create(NULL, &default_session), VC_STATUS_OK);
  vc_session_destroy(default_session);

  vc_session_destroy(NULL);
  vc_image_destroy(NULL);

  if (g_failures != 0) {
    fprintf(stderr, "%d check(s) failed\n", g_failures);
    return EXIT_FAILURE;
  }
  printf("all checks passed\n");
  return EXIT_SUCCESS;
}
