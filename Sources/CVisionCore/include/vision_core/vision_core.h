/*
 * vision_core.h — the one public surface of ARScene's C++ vision core.
 *
 * Plain C99 so that Swift, C and any FFI can use it. The rules of the boundary:
 *
 * - Opaque handles (vc_session_t, vc_image_t), each with _create/_destroy;
 *   _destroy(NULL) is a no-op.
 * - Inputs (image views, IMU samples) are borrowed for the duration of the call
 *   only; the core copies whatever it keeps.
 * - Outputs go into caller-allocated storage. Variable-length outputs follow
 * the count protocol: pass NULL (or a capacity of 0) to learn the count in
 *   *out_count; a capacity that is too small returns VC_STATUS_BUFFER_TOO_SMALL
 *   with the needed count in *out_count.
 * - Every entry point returns a vc_status_t and never lets an exception or an
 *   assertion cross the boundary. The message of the last failure is kept per
 *   session (vc_session_last_error_message), or per thread for calls that have
 *   no session (vc_last_error_message).
 * - Conventions: ARKit axes (right-handed, metres, camera looks down -Z with +Y
 *   up), transforms named target_from_source as column-major 4x4 floats,
 *   timestamps in nanoseconds.
 * - The core starts no threads. A session is not thread-safe: use one session
 *   from one thread at a time. Distinct sessions are independent.
 */
#ifndef VISION_CORE_VISION_CORE_H
#define VISION_CORE_VISION_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define VC_API
#elif defined(__GNUC__) || defined(__clang__)
#define VC_API __attribute__((visibility("default")))
#else
#define VC_API
#endif

/* ------------------------------------------------------------------------ */
/* Status                                                                   */
/* ------------------------------------------------------------------------ */

/** The result of every call. Values are stable: append, never renumber. */
typedef enum vc_status {
  /** The call succeeded. */
  VC_STATUS_OK = 0,
  /** An argument is NULL where it may not be, out of range, or not finite. */
  VC_STATUS_INVALID_ARGUMENT = 1,
  /** An image or depth view is malformed: zero size, stride too small,
      unknown pixel format, or a size that disagrees with the camera. */
  VC_STATUS_INVALID_IMAGE = 2,
  /** A timestamp is not after the previous one. */
  VC_STATUS_TIMESTAMP_ORDER = 3,
  /** A caller-allocated output is too small; *out_count holds the need. */
  VC_STATUS_BUFFER_TOO_SMALL = 4,
  /** Encoded image bytes could not be decoded (corrupt or unsupported). */
  VC_STATUS_DECODE_FAILED = 5,
  /** A file could not be written. */
  VC_STATUS_IO_ERROR = 6,
  /** OpenCV raised a cv::Exception inside the core; the message is OpenCV's. */
  VC_STATUS_OPENCV_ERROR = 7,
  /** Memory could not be allocated. */
  VC_STATUS_OUT_OF_MEMORY = 8,
  /** Any other failure inside the core (a std::exception or worse). */
  VC_STATUS_INTERNAL_ERROR = 9
} vc_status_t;

/** The number of vc_status_t values; they run from 0 to VC_STATUS_COUNT - 1. */
#define VC_STATUS_COUNT 10

/** A static, NUL-terminated name for a status, e.g. "VC_STATUS_OK".
    Unknown values give "VC_STATUS_UNKNOWN". */
VC_API const char *vc_status_name(vc_status_t status);

/** The message of the last failed call made without a session on this thread
    (vc_session_create, vc_image_*). Empty when that call succeeded. Valid until
    the next such call on this thread. */
VC_API const char *vc_last_error_message(void);

/** The core's version; vc_version() returns it as "MAJOR.MINOR.PATCH".
    CMakeHelpers reads these lines for the package version. */
#define VC_VERSION_MAJOR 0
#define VC_VERSION_MINOR 1
#define VC_VERSION_PATCH 0

/** The core's version as "MAJOR.MINOR.PATCH", and the OpenCV it was built with.
 */
VC_API const char *vc_version(void);
VC_API const char *vc_opencv_version(void);

/* ------------------------------------------------------------------------ */
/* Images                                                                   */
/* ------------------------------------------------------------------------ */

typedef enum vc_pixel_format {
  VC_PIXEL_FORMAT_RGB8 = 1,
  VC_PIXEL_FORMAT_BGR8 = 2,
  VC_PIXEL_FORMAT_GRAY8 = 3,
  /** Depth as unsigned 16-bit units; see vc_depth_view_t.units_per_metre. */
  VC_PIXEL_FORMAT_DEPTH_U16 = 4,
  /** Depth as 32-bit float metres; 0, NaN and infinities mean "no depth". */
  VC_PIXEL_FORMAT_DEPTH_F32 = 5
} vc_pixel_format_t;

/** A borrowed view of pixels. Rows are stride_bytes apart (>= width * pixel
 * size). */
typedef struct vc_image_view {
  const void *data;
  int32_t width;
  int32_t height;
  int32_t stride_bytes;
  vc_pixel_format_t format;
} vc_image_view_t;

/** An image decoded (and owned) by the core. */
typedef struct vc_image vc_image_t;

/** Decodes PNG, JPEG (and whatever else OpenCV reads) from memory. Colour comes
    out as BGR8, grey as GRAY8, 16-bit single-channel images as DEPTH_U16; 8-bit
    images with alpha drop the alpha. */
VC_API vc_status_t vc_image_decode(const uint8_t *bytes, size_t length,
                                   vc_image_t **out_image);

VC_API void vc_image_destroy(vc_image_t *image);

/** A view of the decoded pixels, valid until vc_image_destroy. */
VC_API vc_status_t vc_image_get_view(const vc_image_t *image,
                                     vc_image_view_t *out_view);

/** Encodes a view and writes it to path; the extension picks the format
    (.png, .jpg, ...). DEPTH_U16 needs .png. */
VC_API vc_status_t vc_image_write(const vc_image_view_t *view,
                                  const char *path);

/* ------------------------------------------------------------------------ */
/* Frames                                                                   */
/* ------------------------------------------------------------------------ */

/** Pinhole intrinsics in pixels of an image of width x height. */
typedef struct vc_camera_intrinsics {
  double fx;
  double fy;
  double cx;
  double cy;
  int32_t width;
  int32_t height;
} vc_camera_intrinsics_t;

/** Depth registered to the colour image (same size, same intrinsics). */
typedef struct vc_depth_view {
  vc_image_view_t image; /**< DEPTH_U16 or DEPTH_F32 */
  /** For DEPTH_U16: units per metre (1000 for millimetres, 5000 for TUM). */
  float units_per_metre;
} vc_depth_view_t;

/** One inertial sample in the camera's ARKit axes. */
typedef struct vc_imu_sample {
  int64_t timestamp_ns;
  /** Specific force in m/s^2, gravity included (at rest: +9.81 along up). */
  float acceleration[3];
  /** Angular velocity in rad/s. */
  float rotation_rate[3];
} vc_imu_sample_t;

typedef struct vc_frame_input {
  /** Strictly increasing across the frames of a session. */
  int64_t timestamp_ns;
  vc_camera_intrinsics_t intrinsics;
  /** RGB8, BGR8 or GRAY8, of intrinsics.width x intrinsics.height. */
  vc_image_view_t color;
  /** Optional: NULL when the frame has no depth. */
  const vc_depth_view_t *depth;
  /** IMU samples since the previous frame, in time order; may be NULL if 0. */
  const vc_imu_sample_t *imu_samples;
  int32_t imu_sample_count;
} vc_frame_input_t;

/** Like ARKit's ARLightEstimate. */
typedef struct vc_light_estimate {
  /** Lumens; 1000 is a well-lit neutral scene, 0 is black. */
  float ambient_intensity;
  /** Kelvin; 6500 is neutral (D65) white. */
  float ambient_color_temperature;
} vc_light_estimate_t;

/** Image measurements that later stages and coaching rely on. */
typedef struct vc_image_statistics {
  /** Mean luma (Rec. 601 weights on the encoded values), 0 = black, 1 = white.
   */
  float mean_luminance;
  /** Variance of the Laplacian of the grey image, in (grey levels)^2: small
      values mean blur or no texture. */
  float sharpness;
  /** Fraction of pixels with valid depth, 0 when the frame has no depth. */
  float valid_depth_fraction;
} vc_image_statistics_t;

typedef struct vc_frame_result {
  int64_t timestamp_ns;
  vc_light_estimate_t light_estimate;
  vc_image_statistics_t statistics;
  /** IMU samples the core kept from this frame's input. */
  int32_t imu_samples_ingested;
} vc_frame_result_t;

/** The time one stage of the last processed frame took. */
typedef struct vc_stage_timing {
  /** Static NUL-terminated stage name, e.g. "ingest". */
  const char *name;
  double milliseconds;
} vc_stage_timing_t;

/* ------------------------------------------------------------------------ */
/* Session                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct vc_session vc_session_t;

/** Tunables of a session. Fill with vc_session_options_init, then override. */
typedef struct vc_session_options {
  /** Compute vc_light_estimate_t; when 0 it is reported as 1000 lm / 6500 K. */
  int32_t light_estimation_enabled;
  /** Image statistics sample every Nth pixel in x and y (1..16): the cost
      falls with its square while the estimates barely change. */
  int32_t statistics_sample_step;
  /** Largest number of IMU samples accepted with one frame (>= 0). */
  int32_t max_imu_samples_per_frame;
} vc_session_options_t;

VC_API void vc_session_options_init(vc_session_options_t *options);

/** Creates a session; options may be NULL for the defaults. On failure the
    session pointer is set to NULL and vc_last_error_message() says why. */
VC_API vc_status_t vc_session_create(const vc_session_options_t *options,
                                     vc_session_t **out_session);

VC_API void vc_session_destroy(vc_session_t *session);

/** The message of the session's last failed call; "" if none failed. */
VC_API const char *vc_session_last_error_message(const vc_session_t *session);

/** Validates and processes one frame. On failure the session is unchanged. */
VC_API vc_status_t vc_session_process_frame(vc_session_t *session,
                                            const vc_frame_input_t *input,
                                            vc_frame_result_t *out_result);

/** Per-stage timings of the last processed frame (count protocol). */
VC_API vc_status_t vc_session_get_stage_timings(const vc_session_t *session,
                                                vc_stage_timing_t *out_timings,
                                                int32_t capacity,
                                                int32_t *out_count);

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

/* ------------------------------------------------------------------------ */
/* Evaluation                                                               */
/* ------------------------------------------------------------------------ */

/** Least-squares alignment of two corresponding point sets (Umeyama 1991):
    the rotation R, translation t and, when estimate_scale is non-zero, scale s
    minimising sum |target_i - (s R source_i + t)|^2. Points are count x, y, z
    triples (count >= 3, all finite, not all collinear). Writes
    target_from_source as a column-major 4x4 (rotation and translation only)
    and, if out_scale is not NULL, the scale (1 without estimate_scale). */
VC_API vc_status_t vc_align_point_sets(const double *source_xyz,
                                       const double *target_xyz, int32_t count,
                                       int32_t estimate_scale,
                                       double out_target_from_source[16],
                                       double *out_scale);

/* ------------------------------------------------------------------------ */
/* Synthetic scenes                                                         */
/* ------------------------------------------------------------------------ */

/** A procedurally textured scene with exact geometry, for bundled sample
    sequences and tests with known answers. Deterministic for a seed. */
typedef struct vc_synthetic_scene vc_synthetic_scene_t;

typedef enum vc_synthetic_scene_kind {
  /** A furnished room: floor, four walls, ceiling, a table, a seat and a
      shelf; world +Y up, floor at y = 0, origin at the room's centre. */
  VC_SYNTHETIC_SCENE_ROOM = 1
} vc_synthetic_scene_kind_t;

VC_API vc_status_t vc_synthetic_scene_create(vc_synthetic_scene_kind_t kind,
                                             uint64_t seed,
                                             vc_synthetic_scene_t **out_scene);

VC_API void vc_synthetic_scene_destroy(vc_synthetic_scene_t *scene);

/** Renders the scene by ray casting from world_from_camera (ARKit axes,
    column-major). Writes RGB8 into out_rgb (rows rgb_stride_bytes apart) and
    depth along the optical axis into out_depth as uint16 units of
    1/depth_units_per_metre metres (0 where nothing is hit or out of range). */
VC_API vc_status_t vc_synthetic_scene_render(
    const vc_synthetic_scene_t *scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t *intrinsics, uint8_t *out_rgb,
    int32_t rgb_stride_bytes, uint16_t *out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VISION_CORE_VISION_CORE_H */
