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

/* In C++, every enum below has int as its fixed underlying type (C leaves the
   type to the compiler, which picks a 32-bit integer, so the layout is the
   same). A C caller may pass any integer where an enum is expected, and the
   core refuses the values that name no enumerator; in C++, loading such a
   value is undefined behaviour unless the underlying type is fixed. */
#ifdef __cplusplus
#define VC_ENUM_BASE : int
#else
#define VC_ENUM_BASE
#endif

/* ------------------------------------------------------------------------ */
/* Status                                                                   */
/* ------------------------------------------------------------------------ */

/** The result of every call. Values are stable: append, never renumber. */
typedef enum vc_status VC_ENUM_BASE {
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
    (vc_session_create, vc_image_*, vc_depth_register). Empty when that call
    succeeded. Valid until the next such call on this thread. */
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

typedef enum vc_pixel_format VC_ENUM_BASE {
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
    images with alpha drop the alpha. A PNG or JPEG is checked from its header
    first: one declaring more than 8192 x 8192 pixels (or 16384 on a side), or
    whose data stops before its end marker (truncated), is refused with
    VC_STATUS_DECODE_FAILED before anything is decompressed. */
VC_API vc_status_t vc_image_decode(const uint8_t *bytes, size_t length,
                                   vc_image_t **out_image);

/** The size a PNG or JPEG declares in its header, without decoding it: for
    refusing an image of the wrong size before paying for it.
    VC_STATUS_DECODE_FAILED when the bytes are not a PNG or JPEG with a
    readable header. */
VC_API vc_status_t vc_image_read_size(const uint8_t *bytes, size_t length,
                                      int32_t *out_width, int32_t *out_height);

VC_API void vc_image_destroy(vc_image_t *image);

/** A view of the decoded pixels, valid until vc_image_destroy. */
VC_API vc_status_t vc_image_get_view(const vc_image_t *image,
                                     vc_image_view_t *out_view);

/** Encodes a view and writes it to path; the extension picks the format
    (.png, .jpg, ...). DEPTH_U16 needs .png. PNGs are deflated at the
    fastest setting. */
VC_API vc_status_t vc_image_write(const vc_image_view_t *view,
                                  const char *path);

/** The same as PNG with deflate level compression_level: 0 stores the
    pixels (the quickest to write and to read, about 1.7 times the bytes of
    level 1 on noisy camera images), 1 the fastest deflate, 9 the smallest.
    Any level decodes to the same pixels. path must end in .png. */
VC_API vc_status_t vc_image_write_png(const vc_image_view_t *view,
                                      const char *path,
                                      int32_t compression_level);

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

/** The most pixels on a side of any image, camera or view the core accepts:
    larger sizes are a corrupt or hostile size field. */
#define VC_MAX_IMAGE_SIDE 16384

/** Whether intrinsics can describe a camera: finite; an image of 1..16384
    (VC_MAX_IMAGE_SIDE) pixels on a side; focal lengths 0.01..100 times the
   image's longer side (about 179 down to 0.6 degrees across); the principal
   point inside the image (-0.5 .. width - 0.5, -0.5 .. height - 0.5). Every
   frame and call that takes intrinsics applies the same check. Failures leave
   their message in vc_last_error_message(). */
VC_API vc_status_t
vc_camera_intrinsics_check(const vc_camera_intrinsics_t *intrinsics);

/** A depth map. With a frame it is registered to the colour image (same size,
    same intrinsics); vc_depth_register takes it in the depth camera's
    pixels. */
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

/** How well the camera is tracked, like ARKit's ARTrackingState. Values are
    stable: append, never renumber. */
typedef enum vc_tracking_state VC_ENUM_BASE {
  /** No frame has been processed yet: there is no pose. */
  VC_TRACKING_STATE_NOT_AVAILABLE = 0,
  /** A pose is reported but may be poor or held; the reason says why. */
  VC_TRACKING_STATE_LIMITED = 1,
  /** The pose is measured from this frame and trustworthy. */
  VC_TRACKING_STATE_NORMAL = 2
} vc_tracking_state_t;

/** The number of vc_tracking_state_t values (0 .. COUNT - 1). */
#define VC_TRACKING_STATE_COUNT 3

/** Why tracking is limited, like ARKit's ARTrackingState.Reason (plus
    insufficient light). NONE goes with NORMAL and NOT_AVAILABLE. Values are
    stable: append, never renumber. */
typedef enum vc_tracking_state_reason VC_ENUM_BASE {
  VC_TRACKING_STATE_REASON_NONE = 0,
  /** No stable map yet: the first frames, or just after a re-anchor. */
  VC_TRACKING_STATE_REASON_INITIALIZING = 1,
  /** Tracking was lost and the map cannot be found in the image; the pose is
      held at the last good one (it never jumps). */
  VC_TRACKING_STATE_REASON_RELOCALIZING = 2,
  /** The camera moves too fast: motion blur or displacement defeats
      tracking. */
  VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION = 3,
  /** Too little texture or depth in view to track reliably. */
  VC_TRACKING_STATE_REASON_INSUFFICIENT_FEATURES = 4,
  /** The image is too dark to track. */
  VC_TRACKING_STATE_REASON_INSUFFICIENT_LIGHT = 5
} vc_tracking_state_reason_t;

/** The number of vc_tracking_state_reason_t values (0 .. COUNT - 1). */
#define VC_TRACKING_STATE_REASON_COUNT 6

/** Static names, e.g. "VC_TRACKING_STATE_LIMITED" and
    "VC_TRACKING_STATE_REASON_INITIALIZING"; unknown values give
    "VC_TRACKING_STATE_UNKNOWN" / "VC_TRACKING_STATE_REASON_UNKNOWN". */
VC_API const char *vc_tracking_state_name(vc_tracking_state_t state);
VC_API const char *vc_tracking_state_reason_name(
    vc_tracking_state_reason_t reason);

/** Why positions are not in metres (vc_tracking_statistics_t). */
typedef enum vc_unknown_scale_reason {
  VC_UNKNOWN_SCALE_NONE = 0,
  /** Monocular: no depth and no IMU to give the scale (or the IMU left out
      by VC_TRACKING_MODE_MONOCULAR). */
  VC_UNKNOWN_SCALE_NO_IMU = 1,
  /** Visual-inertial: the map's keyframes do not yet span the seconds of
      motion the scale is estimated from. */
  VC_UNKNOWN_SCALE_COLLECTING_MOTION = 2,
  /** Visual-inertial: the motion so far does not tell the scale (too
      little acceleration: a camera that only turns, or moves evenly). */
  VC_UNKNOWN_SCALE_TOO_LITTLE_ACCELERATION = 3,
  /** Visual-inertial: the IMU's motion and the camera's disagree beyond
      noise (camera-to-IMU extrinsics or clocks wrong, a jumpy visual track,
      or an IMU made up from smoothed poses), so no scale is made up. */
  VC_UNKNOWN_SCALE_IMU_DISAGREES = 4
} vc_unknown_scale_reason_t;

/** What the tracker did with one frame, for coaching, tests and debugging. */
typedef struct vc_tracking_statistics {
  /** Features followed into this frame by optical flow. */
  int32_t tracked_features;
  /** Of those, the ones that agree with the estimated pose. */
  int32_t inliers;
  /** 3D points in the local map after this frame. */
  int32_t map_points;
  /** Keyframes kept (bounded by vc_tracking_options_t.max_keyframes). */
  int32_t keyframes;
  /** 1 when this frame became a keyframe (the map was extended). */
  int32_t is_keyframe;
  /** 1 when the pose was measured from this frame; 0 when it is held from an
      earlier frame (dark, lost, or a new map started at the held pose after
      a loss) or there is none yet. */
  int32_t pose_measured;
  /** 1 when this frame found the existing map again after frames with a
      held pose, or was found in the keyframe map after an interruption:
      the pose moves from the held one to the measured one. */
  int32_t relocalized;
  /** Map points found again this frame (on keyframes, by their ORB
      descriptors) that no frame had seen for at least 5 seconds: the
      camera is back in a place it mapped before (a loop), and is tracked
      against the points first seen there, so the drift of the way round
      does not stay. */
  int32_t revisited_points;
  /** 1 when positions are in metres (depth, or the IMU's scale); 0 while
      tracking without depth has only a unit of its own (monocular, or
      visual-inertial before the IMU has given the scale), as
      ARScene.TrackingStatistics.isScaleKnown says. */
  int32_t is_scale_known;
  /** Why is_scale_known is 0 (a vc_unknown_scale_reason_t); 0 when it is
      1. */
  int32_t unknown_scale_reason;
} vc_tracking_statistics_t;

typedef struct vc_frame_result {
  int64_t timestamp_ns;
  vc_light_estimate_t light_estimate;
  vc_image_statistics_t statistics;
  /** IMU samples the core kept from this frame's input. */
  int32_t imu_samples_ingested;
  /** Tracking state of the camera and, when limited, why. */
  vc_tracking_state_t tracking_state;
  vc_tracking_state_reason_t tracking_state_reason;
  /** The camera's pose: world_from_camera, ARKit axes, column-major. The
      world's origin is the first camera position; +Y is up when gravity is
      known (see vc_world_alignment_t), else the world is the first camera's
      frame. While tracking is lost the last good pose is held, so it never
      jumps. */
  float world_from_camera[16];
  vc_tracking_statistics_t tracking_statistics;
  /** How much of the world the session's map covers, like ARKit's
      ARWorldMappingStatus (see vc_world_mapping_status_t). */
  int32_t world_mapping_status;
  /** Where world up came from so far (see vc_world_up_source_t). */
  int32_t world_up_source;
  /** How sure the source is of up, 0..1: 1 when given or measured by the
      accelerometer; from the scene, the best direction's share of the two
      best directions' scores (0.5 a tie), the share that decided it once
      decided; 0 with no up at all. */
  float world_up_confidence;
  /** 1 when a loop closure corrected the map before this frame: the camera
      pose, the plane anchors and everything placed in the world moved with
      it (the correction was found while processing the frame before);
      else 0. */
  int32_t map_corrected;
  /** Loops closed in this session so far. */
  int32_t loop_closures;
} vc_frame_result_t;

/** Where world up (+Y) comes from. Values are stable. */
typedef enum vc_world_up_source VC_ENUM_BASE {
  /** The world keeps the first camera's axes: camera alignment was asked
      for, or nothing can tell up (no accelerometer, no depth, none given). */
  VC_WORLD_UP_SOURCE_NONE = 0,
  /** Given in vc_tracking_options_t.first_camera_up, or by a world map. */
  VC_WORLD_UP_SOURCE_GIVEN = 1,
  /** Measured by the accelerometer. */
  VC_WORLD_UP_SOURCE_ACCELEROMETER = 2,
  /** Judged from the planes in view (no accelerometer). */
  VC_WORLD_UP_SOURCE_SCENE = 3,
  /** No accelerometer: being judged from the scene, not yet decided; no
      plane anchors until it is. */
  VC_WORLD_UP_SOURCE_UNDECIDED = 4
} vc_world_up_source_t;

/** The time one stage of the last processed frame took. */
typedef struct vc_stage_timing {
  /** Static NUL-terminated stage name, e.g. "ingest". */
  const char *name;
  double milliseconds;
} vc_stage_timing_t;

/* ------------------------------------------------------------------------ */
/* Depth                                                                    */
/* ------------------------------------------------------------------------ */

/** Registers a depth map to the colour camera: re-expresses depth measured by
    a separate depth camera (a Kinect's infrared camera, say) as the depth the
    colour camera would see, so that depth and colour pixels line up.

    Every valid depth pixel is lifted to 3D with depth_intrinsics, moved by
    color_from_depth and projected with color_intrinsics. out_depth receives,
    per colour pixel, the depth along the colour camera's optical axis as
    uint16 units of 1 / out_units_per_metre metres: the nearest where several
    depth pixels land on it, 0 where none does or the depth does not fit
    (65535 is never written). Each depth pixel lands on the single nearest
    colour pixel, so a colour camera with finer angular resolution than the
    depth camera sees a sparse pattern of 0s.

    - depth: DEPTH_U16 (units_per_metre > 0; 0 and 65535 mean no depth, 65535
      being how Kinect v1 datasets such as 7-Scenes mark a missing reading) or
      DEPTH_F32 (metres; 0, negative, NaN and infinite mean no depth), of
      depth_intrinsics->width x height.
    - color_from_depth: the pose of the depth camera in the colour camera's
      frame, a rigid column-major 4x4 matrix in ARKit camera axes on both
      sides (+X right, +Y up, looking down -Z). A purely horizontal baseline
      (only the x translation non-zero) reads the same in OpenCV axes.
    - out_depth: color_intrinsics->width x height uint16 values, rows
      out_stride_bytes apart (even, >= 2 * width); every pixel is written.

    Has no session: failures leave their message in vc_last_error_message().
*/
VC_API vc_status_t vc_depth_register(
    const vc_depth_view_t *depth,
    const vc_camera_intrinsics_t *depth_intrinsics,
    const float color_from_depth[16],
    const vc_camera_intrinsics_t *color_intrinsics, uint16_t *out_depth,
    int32_t out_stride_bytes, float out_units_per_metre);

/* ------------------------------------------------------------------------ */
/* Lens undistortion                                                        */
/* ------------------------------------------------------------------------ */

/** The engine models the colour camera as a pinhole (vc_camera_intrinsics_t).
    Images taken through a lens with radial and tangential distortion, as most
    recordings state it (TUM's freiburg1/2 Kinects, EuRoC, ROS CameraInfo
    "plumb_bob"), are first resampled as the pinhole camera with the same
    intrinsics would see them. Coefficients are OpenCV's, in its order:
    k1 k2 p1 p2 [k3 [k4 k5 k6 [s1 s2 s3 s4 [tx ty]]]]. */
typedef struct vc_undistortion vc_undistortion_t;

/** Most distortion coefficients (OpenCV's full model). */
#define VC_LENS_DISTORTION_MAX_COEFFICIENTS 14

/** Whether coefficients can describe a lens: 4, 5, 8, 12 or 14 of them, each
    finite and within +-1000 (no real lens comes near; fisheye lenses fitted
    with the rational model stay within tens, so a larger value is a unit or
    parsing mistake). VC_STATUS_INVALID_ARGUMENT with a message naming the
    bad coefficient (index from 0) in vc_last_error_message() when not. */
VC_API vc_status_t vc_lens_distortion_check(const double *coefficients,
                                            int32_t count);

/** Prepares the resampling of camera's images (its size and intrinsics, both
    before and after; checked as frames' intrinsics are) for the given
    distortion (see vc_lens_distortion_check). On failure *out is NULL and
    vc_last_error_message() says why. Immutable once made: one undistortion
    may serve several threads at once. */
VC_API vc_status_t vc_undistortion_create(const vc_camera_intrinsics_t *camera,
                                          const double *coefficients,
                                          int32_t count,
                                          vc_undistortion_t **out);

VC_API void vc_undistortion_destroy(vc_undistortion_t *undistortion);

/** Writes image as the pinhole camera sees it into out_pixels: the same
    format and size (the camera's), rows out_stride_bytes apart (>= width *
    pixel size). Colour and grey images are interpolated bilinearly, the
    image's border repeated where the pinhole view reaches beyond what the
    lens saw; depth (DEPTH_U16 registered to the distorted colour image, or
    DEPTH_F32) takes the nearest pixel, so no depth is invented across an
    edge, and 0 (no depth) beyond the lens's view. out_pixels must not overlap
    image. Failures leave their message in vc_last_error_message(). */
VC_API vc_status_t vc_undistortion_apply(const vc_undistortion_t *undistortion,
                                         const vc_image_view_t *image,
                                         void *out_pixels,
                                         int32_t out_stride_bytes);

/* ------------------------------------------------------------------------ */
/* Planes                                                                   */
/* ------------------------------------------------------------------------ */

/** How a plane lies, like ARKit's plane-anchor alignment. */
typedef enum vc_plane_alignment VC_ENUM_BASE {
  VC_PLANE_ALIGNMENT_HORIZONTAL = 1,
  VC_PLANE_ALIGNMENT_VERTICAL = 2
} vc_plane_alignment_t;

/** What a plane is, like ARKit's plane classification (same order). */
typedef enum vc_plane_classification VC_ENUM_BASE {
  VC_PLANE_CLASSIFICATION_NONE = 0,
  VC_PLANE_CLASSIFICATION_WALL = 1,
  VC_PLANE_CLASSIFICATION_FLOOR = 2,
  VC_PLANE_CLASSIFICATION_CEILING = 3,
  VC_PLANE_CLASSIFICATION_TABLE = 4,
  VC_PLANE_CLASSIFICATION_SEAT = 5
} vc_plane_classification_t;

/** Whether a plane's classification is decided, like ARKit's
    ARPlaneAnchor.ClassificationStatus (plus KNOWN). Values are stable. */
typedef enum vc_plane_classification_status VC_ENUM_BASE {
  /** Classification is switched off or impossible (no gravity). */
  VC_PLANE_CLASSIFICATION_STATUS_NOT_AVAILABLE = 0,
  /** Not yet decided: too little of the plane has been seen. */
  VC_PLANE_CLASSIFICATION_STATUS_UNDETERMINED = 1,
  /** Decided that the plane is none of the known classes. */
  VC_PLANE_CLASSIFICATION_STATUS_UNKNOWN = 2,
  /** Decided; classification holds the class. Stable once reached. */
  VC_PLANE_CLASSIFICATION_STATUS_KNOWN = 3
} vc_plane_classification_status_t;

/** Which planes a session detects: a bit set, like ARKit's
    ARWorldTrackingConfiguration.PlaneDetection. */
typedef enum vc_plane_detection VC_ENUM_BASE {
  VC_PLANE_DETECTION_NONE = 0,
  VC_PLANE_DETECTION_HORIZONTAL = 1,
  VC_PLANE_DETECTION_VERTICAL = 2
} vc_plane_detection_t;

/** Tunables of plane detection. Depths in metres, pixels of the depth map.
    vc_session_options_init fills in defaults tuned for 640x480 depth. */
typedef struct vc_plane_options {
  /** vc_plane_detection_t bits; NONE (the default, as in ARKit) switches
      plane detection off and costs nothing. */
  int32_t detection;
  /** Side of the square cells of the depth grid, in pixels (4..64). */
  int32_t cell_size;
  /** Depths outside min_depth..max_depth are ignored (0 < min < max). */
  float min_depth;
  float max_depth;
  /** Depth noise grows with z^2: sigma_z = depth_noise * z^2 (> 0). A cell
      is planar when its fit residual is within a few sigma of it. */
  float depth_noise;
  /** A plane's normal may be this many degrees away from exactly horizontal
      or vertical (relative to gravity) and still count as one (> 0). */
  float alignment_tolerance_degrees;
  /** Square metres seen before a plane becomes an anchor (> 0). */
  float min_anchor_area;
} vc_plane_options_t;

/** Largest number of boundary vertices of a plane anchor. */
#define VC_PLANE_BOUNDARY_MAX_VERTICES 64

/** A plane surface in the world, like ARKit's ARPlaneAnchor. */
typedef struct vc_plane_anchor {
  /** Stable for the anchor's life, never reused within a session; counts up
      from 1 in order of creation, so replays give the same ids. */
  uint64_t id;
  /** Grows by one each time the anchor changes meaningfully (pose, extent
      or boundary beyond a small threshold, or classification); starts at 1. */
  uint32_t revision;
  vc_plane_alignment_t alignment;
  vc_plane_classification_t classification;
  vc_plane_classification_status_t classification_status;
  /** world_from_anchor, column-major, ARKit axes: +Y is the plane's normal
      (towards the side it is seen from), the origin lies on the plane. */
  float world_from_anchor[16];
  /** The centre of the extent in the anchor's frame (y = 0), as ARKit's
      ARPlaneAnchor.center. */
  float center[3];
  /** As ARKit's ARPlaneExtent: width along the extent's x, height along its
      z, both metres, the extent rotated by rotation_on_y_axis radians about
      the anchor's +Y. */
  float extent_width;
  float extent_height;
  float extent_rotation_on_y_axis;
  /** Square metres of the seen surface. */
  float area;
  /** The boundary polygon in the anchor's frame: (x, z) pairs,
      counter-clockwise seen from +Y, boundary_vertex_count of them. */
  int32_t boundary_vertex_count;
  float boundary[2 * VC_PLANE_BOUNDARY_MAX_VERTICES];
} vc_plane_anchor_t;

/** An anchor that left the plane map during the last processed frame. */
typedef struct vc_plane_anchor_removal {
  uint64_t id;
  /** The anchor that absorbed it when two turned out to be one surface (it
      grows by this one's extent); 0 when it was simply removed. */
  uint64_t absorbed_by;
} vc_plane_anchor_removal_t;

/** A plane found in one depth map, in the camera's ARKit axes. */
typedef struct vc_plane_segment {
  /** Unit normal pointing towards the camera; the plane is the points x
      with normal . x + offset = 0 (offset in metres, > 0). */
  float normal[3];
  float offset;
  /** Mean of the plane's points, metres. */
  float centroid[3];
  /** Grid cells and valid depth pixels that make up the segment. */
  int32_t cell_count;
  int32_t pixel_count;
  /** Square metres covered, estimated from the pixels' footprints. */
  float area;
  /** Root-mean-square distance of the points from the plane, metres. */
  float rms_distance;
} vc_plane_segment_t;

/** Finds the planar segments of one depth map (no session, no world): the
    cell-grid pass the session runs on every frame. depth is DEPTH_U16 or
    DEPTH_F32 of intrinsics' size; options may be NULL for the defaults
    (its detection field is ignored here). Count protocol. Failures leave
    their message in vc_last_error_message(). */
VC_API vc_status_t vc_detect_plane_segments(
    const vc_depth_view_t *depth, const vc_camera_intrinsics_t *intrinsics,
    const vc_plane_options_t *options, vc_plane_segment_t *out_segments,
    int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------------ */
/* Reference images                                                         */
/* ------------------------------------------------------------------------ */

/** Most reference images a set holds, and so most a session looks for at
    once: recognition stays fast and reliable up to this many (ARKit's advice
    too). Applications with more swap the active set at run time. */
#define VC_REFERENCE_IMAGES_MAX 100

/** Most images a session follows at once (ARCore's limit; ARKit's is 4). */
#define VC_TRACKED_IMAGES_MAX 20

/** A database of reference images (posters, covers, paintings) to recognise:
    images are added one by one, then the index over all of them is built
    once. Not thread-safe; a built set does not change, so sessions given it
    keep their own reference to its index. */
typedef struct vc_reference_image_set vc_reference_image_set_t;

/** Why a reference image was rejected. Values are stable: append, never
    renumber. */
typedef enum vc_reference_image_issue VC_ENUM_BASE {
  VC_REFERENCE_IMAGE_ISSUE_NONE = 0,
  /** Fewer than 64 pixels along a side, or too few pixels for its
      details to be recognised. */
  VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL = 1,
  /** Too few distinctive points, or all of them in a small part of it. */
  VC_REFERENCE_IMAGE_ISSUE_TOO_LITTLE_TEXTURE = 2,
  /** Its points look alike across the image (tiles, stripes, grids): a view
      of it cannot be told apart from a shifted view. */
  VC_REFERENCE_IMAGE_ISSUE_REPETITIVE_PATTERN = 3,
  /** Another image in the set has this name. */
  VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_NAME = 4,
  /** Another image in the set shows the same picture. */
  VC_REFERENCE_IMAGE_ISSUE_DUPLICATE_CONTENT = 5,
  /** The physical width is missing, zero, negative or not finite. */
  VC_REFERENCE_IMAGE_ISSUE_INVALID_PHYSICAL_WIDTH = 6
} vc_reference_image_issue_t;

/** The number of vc_reference_image_issue_t values (0 .. COUNT - 1). */
#define VC_REFERENCE_IMAGE_ISSUE_COUNT 7

/** Static names, e.g. "VC_REFERENCE_IMAGE_ISSUE_TOO_SMALL"; unknown values
    give "VC_REFERENCE_IMAGE_ISSUE_UNKNOWN". */
VC_API const char *vc_reference_image_issue_name(
    vc_reference_image_issue_t issue);

/** What validating a reference image found. */
typedef struct vc_reference_image_validation {
  /** NONE when the image was accepted. */
  vc_reference_image_issue_t issue;
  /** 0..100: how well the image will be recognised and tracked (more,
      better spread and more distinctive points score higher). */
  int32_t quality;
  /** Distinctive (ORB) points found over its scales. */
  int32_t feature_count;
  /** Fraction (0..1) of an 8 x 8 grid over the image holding points. */
  float coverage;
  /** Fraction (0..1) of points with a look-alike elsewhere in the image. */
  float repetition;
  /** For duplicate names and content: the index of the image already in the
      set; -1 otherwise. */
  int32_t duplicate_of;
} vc_reference_image_validation_t;

/** Creates an empty set; on failure *out_set is NULL and
    vc_last_error_message() says why. */
VC_API vc_status_t
vc_reference_image_set_create(vc_reference_image_set_t **out_set);

VC_API void vc_reference_image_set_destroy(vc_reference_image_set_t *set);

/** The message of the set's last failed call; "" if none failed. */
VC_API const char *vc_reference_image_set_last_error_message(
    const vc_reference_image_set_t *set);

/** Validates a reference image and, when it has no issue, adds it.
    - name: unique in the set, non-empty, NUL-terminated (copied).
    - physical_width: metres along the image's width (> 0, finite); the
      height follows from the aspect ratio.
    - image: RGB8, BGR8 or GRAY8 (copied).
    out_validation (may be NULL) is filled whenever the image could be
    examined, also when it is rejected; *out_index (may be NULL) is its index
    in the set, or -1. A rejected image returns VC_STATUS_INVALID_IMAGE
    (too small, too little texture, repetitive, duplicate content) or
    VC_STATUS_INVALID_ARGUMENT (name, physical width, a full set), with a
    message naming the image and the reason. Adding after
    vc_reference_image_set_build is allowed: build again before detecting. */
VC_API vc_status_t vc_reference_image_set_add(
    vc_reference_image_set_t *set, const char *name, float physical_width,
    const vc_image_view_t *image,
    vc_reference_image_validation_t *out_validation, int32_t *out_index);

/** The number of images in the set. */
VC_API vc_status_t vc_reference_image_set_get_count(
    const vc_reference_image_set_t *set, int32_t *out_count);

/** Builds the index over every image added so far (a vocabulary of their
    points with an inverted file); needs at least one image.
    Deterministic. */
VC_API vc_status_t vc_reference_image_set_build(vc_reference_image_set_t *set);

/** A reference image found in a view. */
typedef struct vc_image_detection {
  /** The image's index in its set and its name (owned by the set that was
      built, valid while that set or a session using it lives and until the
      next add to the set). */
  int32_t reference_index;
  const char *name;
  /** The image's size in metres (height from the aspect ratio). */
  float physical_width;
  float physical_height;
  /** The reference's top-left, top-right, bottom-right and bottom-left
      corners in the view's pixels, (x, y) pairs. */
  float corners[8];
  /** Row-major 3x3 homography from the reference's pixels to the view's. */
  float homography[9];
  /** 0..1: the fraction of the reference's points expected in the view that
      were found there and agree with the homography. */
  float score;
  /** Point correspondences that agree with the homography. */
  int32_t inlier_count;
  /** 1 when the image was recognised in this frame (from the set's index),
      0 when it was followed from the previous frame. */
  int32_t is_recognized;
  /** The image's pose, ARKit's image-anchor frame: origin at its centre, +X
      along its top edge to the right, +Y out of the image towards the
      viewer, +Z down the image. The corners are the outer corners of the
      reference's corner pixels (pixel centres are integers, as in OpenCV).
      camera_from_image in ARKit camera axes;
      world_from_image from the session's camera pose (equal to
      camera_from_image from vc_reference_image_set_detect). Column-major. */
  float camera_from_image[16];
  float world_from_image[16];
  /** In a session with depth: how far the depth puts the image over how far
      its physical width puts it (> 1: the image is larger than said), like
      ARKit's estimatedScaleFactor; 1 without depth. The pose keeps the given
      width; with depth its tilt is taken from the depth. */
  float estimated_scale_factor;
} vc_image_detection_t;

/** Finds the set's images in one view (needs vc_reference_image_set_build).
    intrinsics may be NULL: then fx = fy = max(width, height) with the
    principal point at the centre, which is only right for a ~53 degree
    field of view, so poses are approximate. Results replace the previous
    ones; read them with vc_reference_image_set_get_detections. */
VC_API vc_status_t vc_reference_image_set_detect(
    vc_reference_image_set_t *set, const vc_image_view_t *view,
    const vc_camera_intrinsics_t *intrinsics);

/** The detections of the last vc_reference_image_set_detect, best first
    (count protocol). */
VC_API vc_status_t vc_reference_image_set_get_detections(
    const vc_reference_image_set_t *set, vc_image_detection_t *out_detections,
    int32_t capacity, int32_t *out_count);

/** Tunables of image recognition and tracking in a session. */
typedef struct vc_image_options {
  /** Images followed at once (0..VC_TRACKED_IMAGES_MAX); once this many are
      followed, recognition pauses. Default 4, as ARKit. */
  int32_t max_tracked_images;
  /** Recognition runs on every Nth frame (1..120); the frames between only
      follow images already found. Default 2. */
  int32_t recognition_interval_frames;
  /** Candidates verified with a homography per recognition (1..100). */
  int32_t max_candidates;
  /** Points (ORB) looked for in a frame (100..5000). */
  int32_t query_features;
  /** Correspondences agreeing with a homography before an image counts as
      found (8..1000). */
  int32_t min_inliers;
  /** Points followed inside each tracked image (8..500). */
  int32_t tracked_points;
} vc_image_options_t;

/* ------------------------------------------------------------------------ */
/* Session                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct vc_session vc_session_t;

/** How the world's axes are chosen, like ARKit's
    ARConfiguration.WorldAlignment. */
typedef enum vc_world_alignment VC_ENUM_BASE {
  /** +Y is up (against gravity) when the first frame brings accelerometer
      samples or vc_tracking_options_t.first_camera_up is set; otherwise as
      CAMERA. -Z is the first camera's view direction made horizontal. */
  VC_WORLD_ALIGNMENT_GRAVITY = 0,
  /** The world is the first camera's frame (ARKit axes). */
  VC_WORLD_ALIGNMENT_CAMERA = 1
} vc_world_alignment_t;

/** How the camera is tracked. */
typedef enum vc_tracking_mode VC_ENUM_BASE {
  /** Each frame as its sensors allow: RGB-D when it has depth,
      visual-inertial when it has IMU samples and no depth, monocular
      otherwise. */
  VC_TRACKING_MODE_AUTOMATIC = 0,
  /** Depth only: frames without depth are not tracked. */
  VC_TRACKING_MODE_RGBD = 1,
  /** One camera and the IMU: depth is ignored; the IMU gives the metric
      scale (limited(initializing) until it does). */
  VC_TRACKING_MODE_VISUAL_INERTIAL = 2,
  /** One camera alone: depth and the IMU's scale are ignored; positions are
      in a unit of the map's own (vc_frame_result_t.is_scale_known 0). */
  VC_TRACKING_MODE_MONOCULAR = 3
} vc_tracking_mode_t;

/** Tunables of camera tracking. Pixel values are in pixels of the input
    image, depths in metres. vc_session_options_init fills in defaults tuned
    for 640x480 RGB-D at 30 Hz. */
typedef struct vc_tracking_options {
  /** Most features tracked per frame (8..4096); optical-flow cost is linear
      in it. */
  int32_t max_features;
  /** New corners go into the empty cells of a grid_columns x grid_rows grid
      over the image (each 1..256), which spreads features evenly. */
  int32_t grid_columns;
  int32_t grid_rows;
  /** FAST corner threshold in grey levels (1..255); an image with fewer than
      2 * max_features corners is searched again at a third of it (at least
      5), so low-contrast images still give features. */
  int32_t corner_threshold;
  /** Optical flow: window side in pixels (odd, 5..63), pyramid levels above
      the full image (0..8), iterations per level (1..100). */
  int32_t optical_flow_window_size;
  int32_t optical_flow_pyramid_levels;
  int32_t optical_flow_max_iterations;
  /** Tracks whose mean absolute grey difference over the window exceeds this
      are dropped (> 0). */
  float optical_flow_max_error;
  /** Depths outside min_depth..max_depth (metres, 0 < min < max) are not
      lifted to 3D. */
  float min_depth;
  float max_depth;
  /** A corner is lifted only if the depths of its 3x3 neighbourhood differ by
      at most this fraction of its depth (> 0): corners on depth edges get
      the wrong 3D point. */
  float max_depth_step;
  /** Depth noise grows with z^2: sigma_z = depth_noise * z^2 (>= 0). Weighs
      far points down in the pose refinement. */
  float depth_noise;
  /** Reprojection error in pixels under which a feature agrees with the pose
      (> 0); RANSAC iterations at most (1..10000). */
  float inlier_threshold;
  int32_t ransac_max_iterations;
  /** How far (1 sigma) the camera may move from the motion prediction in one
      frame: metres (> 0) and degrees (> 0). A weak prior on the pose, and a
      pose more than 4 sigma away needs min_inliers_normal inliers. */
  float motion_prior_metres;
  float motion_prior_degrees;
  /** Below min_inliers agreeing features the frame is lost; below
      min_inliers_normal it is tracked but limited(insufficientFeatures).
      6 <= min_inliers <= min_inliers_normal. */
  int32_t min_inliers;
  int32_t min_inliers_normal;
  /** A new keyframe is made when fewer than keyframe_feature_fraction *
      max_features features remain (0..1), or when the camera has moved
      keyframe_distance metres or turned keyframe_angle_degrees since the
      last one (> 0). */
  float keyframe_feature_fraction;
  float keyframe_distance;
  float keyframe_angle_degrees;
  /** Keyframes kept with their ORB descriptors (1..100000); the oldest go
      first. */
  int32_t max_keyframes;
  /** Map points not seen for this many frames leave the local map (>= 1). */
  int32_t map_point_max_unseen_frames;
  /** On keyframes, untracked map points are looked for within match_radius
      pixels of their projection (> 0), accepting an ORB match up to
      max_descriptor_distance bits (0..256). */
  float match_radius;
  int32_t max_descriptor_distance;
  /** Frames of normal-quality tracking after the map is made before the
      state is normal (>= 0). */
  int32_t initialization_frames;
  /** Mean luminance (0..1) under which the frame is too dark to track. */
  float min_luminance;
  /** Sharpness under this fraction of the recent typical sharpness counts as
      motion blur (0..1). */
  float blur_sharpness_fraction;
  /** A lost tracker, once light, texture and motion are fine again, waits
      this many seconds for the old map to reappear, then starts a new map at
      the held pose, so that the pose continues without a jump (>= 0). */
  float reanchor_delay_seconds;
  /** How the world's axes are chosen. */
  vc_world_alignment_t world_alignment;
  /** World up in the first camera's ARKit axes when a data set knows it (any
      length); all zero (the default) measures it with the accelerometer or,
      without one, judges it from the scene (see scene_up_enabled). */
  float first_camera_up[3];
  /** Seed of every random choice (RANSAC samples); the same seed and frames
      give the same poses, bit for bit. */
  uint64_t random_seed;
  /** When world up comes from the accelerometer: seconds of samples
      (rotated into one frame with the tracked poses, so motion averages
      out) before the world's axes are settled (>= 0). Until then the state
      is limited(initializing), and when they settle the whole world turns
      once about the origin. 0 takes the first frame's samples alone. */
  float gravity_settle_seconds;
  /** Without an accelerometer and with no up given, but with depth: judge
      up from the planes in view (floor and table tops below the camera,
      walls beside it). Until decided the state is
      limited(initializing) and vc_frame_result_t.world_up_source says
      VC_WORLD_UP_SOURCE_UNDECIDED; when decided the whole world turns once
      about the origin, before any plane anchor exists. 0 keeps the first
      camera's axes, as without depth. Default 1. */
  int32_t scene_up_enabled;
  /** How the camera is tracked (vc_tracking_mode_t). Default AUTOMATIC. */
  vc_tracking_mode_t tracking_mode;
} vc_tracking_options_t;

/** Tunables of a session. Fill with vc_session_options_init, then override. */
/** Relocalization: a map of keyframes that the camera is looked for in once
    it is lost, so that tracking comes back in the same world. */
typedef struct vc_relocalization_options {
  /** Keep the map and, once the camera is lost (or frames stopped for longer
      than interruption_seconds), look for it there; the state stays
      VC_TRACKING_STATE_REASON_RELOCALIZING until it is found, and tracking
      goes on in the old world (a camera lost before tracking was ever
      normal may still start over, dropping its first keyframes). 0: after
      a loss a new map starts at the held pose, as a session without
      relocalization does. Default 1. */
  int32_t enabled;
  /** A gap between two frames' timestamps longer than this many seconds
      (0.05..3600) is an interruption: nothing before it is followed into
      the next frame. Default 0.5. */
  float interruption_seconds;
  /** Close loops (needs enabled and depth): each keyframe that joins the map
      is checked against older keyframes of the same place; a verified loop
      corrects the keyframes' poses (a pose graph over position and heading),
      and from the next frame on the camera, its tracked map and the plane
      anchors are in the corrected world (vc_frame_result_t.map_corrected);
      the reported camera pose eases into it over frames (at most 2 mm and
      0.05 degrees a frame), so content fixed in the world does not jump in
      view. Default 0: on the 7-Scenes kitchen it lowers the ATE of the
      frames as the final map places them, not of the poses reported live. */
  int32_t loop_closure;
} vc_relocalization_options_t;

/** What a session reconstructs of the scene's surfaces, like ARKit's
    ARConfiguration.SceneReconstruction. Needs depth. Values are stable. */
typedef enum vc_scene_reconstruction VC_ENUM_BASE {
  VC_SCENE_RECONSTRUCTION_NONE = 0,
  /** A mesh of the surfaces depth saw, in chunks (vc_mesh_anchor_t). */
  VC_SCENE_RECONSTRUCTION_MESH = 1,
  /** The mesh with a class per face, taken from the classified plane anchors
      the face lies on (plane detection must be on for any class). */
  VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION = 2
} vc_scene_reconstruction_t;

typedef struct vc_session_options {
  /** Compute vc_light_estimate_t; when 0 it is reported as 1000 lm / 6500 K. */
  int32_t light_estimation_enabled;
  /** Image statistics sample every Nth pixel in x and y (1..16): the cost
      falls with its square while the estimates barely change. */
  int32_t statistics_sample_step;
  /** Largest number of IMU samples accepted with one frame (0..1048576). */
  int32_t max_imu_samples_per_frame;
  /** Camera tracking. */
  vc_tracking_options_t tracking;
  /** Plane detection. */
  vc_plane_options_t planes;
  /** Image recognition and tracking (used once reference images are set). */
  vc_image_options_t images;
  /** Relocalization and the keyframe map. */
  vc_relocalization_options_t relocalization;
  /** Threads the session uses (1..2). With 2, image recognition and the
      description of frames joining the keyframe map (with loop detection)
      run on worker threads beside tracking; with 1, on the caller's. What
      they make of a frame joins at the start of the next frame (a world map
      taken in between includes it) either way, so results are identical.
      Default 2. */
  int32_t worker_threads;
  /** vc_scene_reconstruction_t; default NONE. Frames with depth and a
      measured pose are fused into a truncated signed distance volume on the
      worker thread (every mesh_fusion_interval-th of them); a changed
      chunk's new mesh joins mesh_remesh_interval frames after its change. */
  int32_t scene_reconstruction;
  /** Voxel side in metres (0.001..0.25 exclusive); default 0.02. */
  float mesh_voxel_size;
  /** Depth readings farther than this many metres are not fused (0.3..20
      exclusive); default 4. */
  float mesh_max_depth;
  /** Fuse every Nth frame with depth and a measured pose (1..30); default 2. */
  int32_t mesh_fusion_interval;
  /** Frames from a chunk's first change to its re-meshing (1..600); default
      10. At most 4 chunks are re-meshed a frame, oldest change first. */
  int32_t mesh_remesh_interval;
  /** Megabytes the fused volume may take (1..65536); default 512. Past
      it, the voxel blocks fused longest ago are dropped (a tenth of the
      limit at once), and their surface goes from the mesh. */
  int32_t mesh_max_memory_mb;
} vc_session_options_t;

VC_API void vc_session_options_init(vc_session_options_t *options);

/** Whose names a validation message uses for the option it rejects: C's
    field paths ("tracking.max_features") or the Swift binding's property
    paths ("tracking.maximumFeatures"). The core holds each option's default,
    range and both names in one table; bindings validate through it rather
    than repeating the ranges. */
typedef enum vc_option_naming VC_ENUM_BASE {
  VC_OPTION_NAMING_C = 0,
  VC_OPTION_NAMING_SWIFT = 1
} vc_option_naming_t;

/** Checks every option as vc_session_create would, without creating a
    session: VC_STATUS_INVALID_ARGUMENT naming the first bad value (in
    vc_last_error_message(), e.g. "tracking.max_features must be 8...4096,
    got 3") or VC_STATUS_OK. */
VC_API vc_status_t vc_session_options_validate(
    const vc_session_options_t *options, vc_option_naming_t naming);

/** The options in which b differs from a, comma-separated in the given
    naming ("tracking.max_features, planes.detection"), or "" when they are
    the same or either is NULL; a naming that is not a vc_option_naming_t
    reads as VC_OPTION_NAMING_C (this call has no status to refuse it with).
    The text is the calling thread's, valid until its next call of this
    function. */
VC_API const char *vc_session_options_differences(const vc_session_options_t *a,
                                                  const vc_session_options_t *b,
                                                  vc_option_naming_t naming);

/** Options by name, for bindings that take a configuration as a mapping
    (the Python package): the number of options, each a field of
    vc_session_options_t or of one of its groups. */
VC_API int32_t vc_session_option_count(void);

/** The index-th option's C name ("tracking.max_features"), in the option
    table's order; NULL when index is outside 0..vc_session_option_count()-1. */
VC_API const char *vc_session_option_name(int32_t index);

/** Sets the option named (C naming) from text, as a configuration file or a
    command line writes it: a number ("300", "0.0075", "1e-3"), or for a
    vector (tracking.first_camera_up) three numbers separated by spaces or
    commas. Integer, switch, enum and seed fields take whole numbers only,
    exactly (a seed up to 2^64 - 1). The value's range is not checked here:
    vc_session_options_validate and vc_session_create do that, naming the
    option. VC_STATUS_INVALID_ARGUMENT for an unknown name or text the field
    cannot hold, naming which (vc_last_error_message()); options is then
    unchanged. */
VC_API vc_status_t vc_session_options_set(vc_session_options_t *options,
                                          const char *name, const char *value);

/** The option's value as text that vc_session_options_set reads back to the
    same value: whole numbers in decimal, floats with 9 significant digits,
    vectors as three numbers separated by spaces. NULL for an unknown name
    (vc_last_error_message() says so). The text is the calling thread's,
    valid until its next call of this function. */
VC_API const char *vc_session_options_get(const vc_session_options_t *options,
                                          const char *name);

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

/** The session's plane anchors after the last processed frame, in order of
    id (count protocol). Empty while plane detection is off. */
VC_API vc_status_t vc_session_get_plane_anchors(const vc_session_t *session,
                                                vc_plane_anchor_t *out_anchors,
                                                int32_t capacity,
                                                int32_t *out_count);

/** The anchors removed during the last processed frame (count protocol). */
VC_API vc_status_t vc_session_get_plane_anchor_removals(
    const vc_session_t *session, vc_plane_anchor_removal_t *out_removals,
    int32_t capacity, int32_t *out_count);

/** What a mesh face is, like ARKit's ARMeshClassification. Values are
    stable and match vc_plane_classification_t where they overlap. */
typedef enum vc_mesh_classification VC_ENUM_BASE {
  VC_MESH_CLASSIFICATION_NONE = 0,
  VC_MESH_CLASSIFICATION_WALL = 1,
  VC_MESH_CLASSIFICATION_FLOOR = 2,
  VC_MESH_CLASSIFICATION_CEILING = 3,
  VC_MESH_CLASSIFICATION_TABLE = 4,
  VC_MESH_CLASSIFICATION_SEAT = 5,
  VC_MESH_CLASSIFICATION_WINDOW = 6,
  VC_MESH_CLASSIFICATION_DOOR = 7
} vc_mesh_classification_t;

/** One chunk of the reconstructed scene, like ARKit's ARMeshAnchor: the
    surface inside a cube of 32 voxels a side. Its geometry comes from
    vc_session_get_mesh_geometry. */
typedef struct vc_mesh_anchor {
  /** Stable for the chunk's life, counting up from 1 in order of creation. */
  uint64_t id;
  /** Grows by one with each new mesh of the chunk; starts at 1. */
  uint32_t revision;
  /** world_from_anchor, column-major, ARKit axes: a translation to the
      chunk's lowest corner. Vertices are in the anchor's frame. */
  float world_from_anchor[16];
  int32_t vertex_count;
  int32_t face_count;
} vc_mesh_anchor_t;

/** The scene's mesh anchors, in order of id (count protocol): the fusion of
    the frames before the last one, as last re-meshed (every
    mesh_remesh_interval frames). Empty while scene reconstruction is off. */
VC_API vc_status_t vc_session_get_mesh_anchors(const vc_session_t *session,
                                               vc_mesh_anchor_t *out_anchors,
                                               int32_t capacity,
                                               int32_t *out_count);

/** Ids of the mesh anchors removed during the last processed frame (or by
    vc_session_finish_scene_reconstruction since it), count protocol. */
VC_API vc_status_t vc_session_get_mesh_anchor_removals(
    const vc_session_t *session, uint64_t *out_ids, int32_t capacity,
    int32_t *out_count);

/** The geometry of mesh anchor id, sized by its vc_mesh_anchor_t counts:
    out_vertices and out_normals (may be NULL) take 3 floats per vertex in
    the anchor's frame, out_faces 3 vertex indices per face, counter-
    clockwise seen from the side the normals point to (the free space depth
    saw the surface from), out_face_classes (may be NULL) one
    vc_mesh_classification_t per face. VC_STATUS_INVALID_ARGUMENT for an
    unknown id, VC_STATUS_BUFFER_TOO_SMALL for short capacities. */
VC_API vc_status_t vc_session_get_mesh_geometry(
    const vc_session_t *session, uint64_t id, float *out_vertices,
    float *out_normals, int32_t vertex_capacity, uint32_t *out_faces,
    uint8_t *out_face_classes, int32_t face_capacity);

/** The scene's depth as the mesh anchors show it from a camera with
    intrinsics at world_from_camera (column-major, ARKit camera axes): metres
    along the optical axis, 0 where no mesh is seen, written to out_depth
    (intrinsics->height rows of row_stride floats). For occlusion, and to
    fill the holes of a sensor's depth, like ARKit's smoothedSceneDepth.
    Renders the anchors as vc_session_get_mesh_anchors lists them. */
VC_API vc_status_t vc_session_render_scene_depth(
    const vc_session_t *session, const vc_camera_intrinsics_t *intrinsics,
    const float world_from_camera[16], float *out_depth, int32_t row_stride);

/** Waits for the fusion in flight and re-meshes every chunk still waiting,
    so that the mesh anchors hold every frame processed so far: call it at
    the end of a recording or before an export. Does nothing while scene
    reconstruction is off. */
VC_API vc_status_t
vc_session_finish_scene_reconstruction(vc_session_t *session);

/** Makes the session look for the images of a built set from the next frame
    on (ARKit's detectionImages); NULL stops looking. Replaces the previous
    set (the run-time swap of the active images): images followed from the
    previous set are dropped. The session keeps its own reference to the
    set's index, so the set may be changed or destroyed afterwards. */
VC_API vc_status_t vc_session_set_detection_images(
    vc_session_t *session, const vc_reference_image_set_t *set);

/** The earlier name of vc_session_set_detection_images, kept for one
    release. */
VC_API vc_status_t vc_session_set_reference_images(
    vc_session_t *session, const vc_reference_image_set_t *set)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((deprecated("use vc_session_set_detection_images")))
#endif
    ;

/** The images found or followed in the last processed frame, in order of
    reference index (count protocol). An image missing from the list is out
    of sight; how long its anchor stays is the application's choice. */
VC_API vc_status_t vc_session_get_tracked_images(
    const vc_session_t *session, vc_image_detection_t *out_images,
    int32_t capacity, int32_t *out_count);

/** A point of the map the camera tracked in a frame, like one point of
    ARKit's ARFrame.rawFeaturePoints. */
typedef struct vc_feature_point {
  /** Stable while the point is in the map; never reused in a session. */
  uint64_t id;
  /** World coordinates: metres, ARKit axes (+Y up when gravity is known). */
  float position[3];
} vc_feature_point_t;

/** The map points the last processed frame tracked, from which its pose was
    measured (count protocol): corners followed from earlier frames and
    points lifted from this frame's depth. Empty when the frame's pose was
    not measured (initializing, lost, relocalizing) or before the first
    frame. */
VC_API vc_status_t vc_session_get_feature_points(const vc_session_t *session,
                                                 vc_feature_point_t *out_points,
                                                 int32_t capacity,
                                                 int32_t *out_count);

/** One frame's camera pose in a trajectory. */
typedef struct vc_trajectory_pose {
  /** The frame's timestamp. */
  int64_t timestamp_ns;
  /** world_from_camera: column-major, metres, ARKit axes, like
      vc_frame_result_t's. */
  float world_from_camera[16];
} vc_trajectory_pose_t;

/** Every frame whose pose was measured so far, oldest first, placed as the
    map places it now (count protocol). Each frame keeps its pose relative to
    the keyframe it was tracked against; when bundle adjustment or a loop
    closure later moves that keyframe, the frame moves with it, so this
    trajectory improves as the map does, while the poses reported frame by
    frame never change (the trajectory ORB-SLAM's SaveTrajectoryTUM writes).
    Its length is the number of frames with tracking_statistics.pose_measured
    set; the session keeps about 100 bytes per such frame. */
VC_API vc_status_t vc_session_get_refined_trajectory(
    const vc_session_t *session, vc_trajectory_pose_t *out_poses,
    int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------------ */
/* Raycasting                                                               */
/* ------------------------------------------------------------------------ */

/** What a ray may hit, like ARKit's ARRaycastQuery.Target. Values are
    stable. */
typedef enum vc_raycast_target VC_ENUM_BASE {
  /** A plane anchor, inside its boundary polygon. */
  VC_RAYCAST_TARGET_EXISTING_PLANE_GEOMETRY = 1,
  /** A plane anchor's plane, extended without limit. */
  VC_RAYCAST_TARGET_EXISTING_PLANE_INFINITE = 2,
  /** A small plane fitted to the last processed frame's depth where the
      ray meets it: works before any plane anchor exists. With
      scene_reconstruction on, the mesh answers first where the ray meets
      it (the hit is the MESH target's, with anchor_id 0). */
  VC_RAYCAST_TARGET_ESTIMATED_PLANE = 3,
  /** The reconstructed mesh (scene_reconstruction on): the nearest face,
      its normal the surface's; no hit while there is no mesh. */
  VC_RAYCAST_TARGET_MESH = 4
} vc_raycast_target_t;

/** Which surfaces a ray may hit, and how a hit surface lies, like ARKit's
    ARRaycastQuery.TargetAlignment. In a result, ANY means neither level nor
    upright (a slope). Values are stable. */
typedef enum vc_raycast_alignment VC_ENUM_BASE {
  VC_RAYCAST_ALIGNMENT_ANY = 0,
  VC_RAYCAST_ALIGNMENT_HORIZONTAL = 1,
  VC_RAYCAST_ALIGNMENT_VERTICAL = 2
} vc_raycast_alignment_t;

/** Tunables of the estimated plane. Fill with vc_raycast_options_init. */
typedef struct vc_raycast_options {
  /** Half side, in depth pixels, of the square patch around the hit pixel
      the local plane is fitted to (2..64). */
  int32_t patch_radius;
  /** Every patch_step-th pixel of the patch is used (1..patch_radius). */
  int32_t patch_step;
  /** Fewest valid depth pixels in the patch for a plane (3..16641). */
  int32_t min_patch_points;
  /** The patch is planar when the root-mean-square distance of its points
      from the plane is at most max_rms_per_metre times the hit's depth
      (> 0): depth noise grows with distance. */
  float max_rms_per_metre;
  /** A surface is horizontal (vertical) when its normal is within this many
      degrees of up (of level), in (0, 45); estimated planes that are snap
      their orientation to exactly level or upright. */
  float alignment_tolerance_degrees;
  /** Hits farther than this many metres along the ray are ignored (> 0). */
  float max_distance;
} vc_raycast_options_t;

VC_API void vc_raycast_options_init(vc_raycast_options_t *options);

/** Checks the options as vc_session_raycast would: VC_STATUS_OK or
    VC_STATUS_INVALID_ARGUMENT naming the first bad value in the given
    naming (see vc_option_naming_t). */
VC_API vc_status_t vc_raycast_options_validate(
    const vc_raycast_options_t *options, vc_option_naming_t naming);

/** A ray in the world, like ARKit's ARRaycastQuery. */
typedef struct vc_raycast_query {
  /** World coordinates, metres. */
  float origin[3];
  /** Any non-zero length; normalised by the core. */
  float direction[3];
  vc_raycast_target_t target;
  vc_raycast_alignment_t alignment;
} vc_raycast_query_t;

/** One hit, like ARKit's ARRaycastResult. */
typedef struct vc_raycast_result {
  /** world_from_hit, column-major: the origin is the hit point, +Y the
      surface normal on the ray's side, +Z the ray's reverse direction made
      to lie in the surface (facing back along the ray). */
  float world_transform[16];
  vc_raycast_target_t target;
  vc_raycast_alignment_t alignment;
  /** The plane anchor hit (vc_plane_anchor_t.id), or for MESH the mesh
      anchor (vc_mesh_anchor_t.id); 0 for an estimated plane. */
  uint64_t anchor_id;
  /** Metres from the ray's origin to the hit. */
  float distance;
} vc_raycast_result_t;

/** Casts a ray into the session's world as it was after the last processed
    frame: its plane anchors, or for ESTIMATED_PLANE the depth of the last
    frame that had depth and a measured pose (none while tracking is lost),
    or, after a frame without depth tracked in metres with up known, a level
    (else upright) patch of the map points the ray passes through.
    Results are nearest first (count protocol); options may be NULL for the
    defaults. The query is validated (finite, non-zero direction, known
    target and alignment) before anything else. A failure leaves its message
    in vc_session_last_error_message. */
VC_API vc_status_t vc_session_raycast(vc_session_t *session,
                                      const vc_raycast_query_t *query,
                                      const vc_raycast_options_t *options,
                                      vc_raycast_result_t *out_results,
                                      int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------------ */
/* World maps and relocalization                                            */
/* ------------------------------------------------------------------------ */

/** Like ARKit's ARWorldMappingStatus. Values are stable. */
typedef enum vc_world_mapping_status VC_ENUM_BASE {
  /** No map yet (before the first keyframe, while world up is still judged
      from the scene, or while relocalizing). */
  VC_WORLD_MAPPING_STATUS_NOT_AVAILABLE = 0,
  /** Tracking is limited: the map does not cover the camera's surroundings. */
  VC_WORLD_MAPPING_STATUS_LIMITED = 1,
  /** The camera is in a place the map is still growing into. */
  VC_WORLD_MAPPING_STATUS_EXTENDING = 2,
  /** The camera sees places the map already holds. */
  VC_WORLD_MAPPING_STATUS_MAPPED = 3
} vc_world_mapping_status_t;

/** What a session knows of a room: keyframes (pose, ORB features and their
    3D points, a coarse depth surface), the camera they were seen with, and
    the application's anchors as opaque bytes. Immutable once made, so a map
    may be read from several threads. */
typedef struct vc_world_map vc_world_map_t;

/** A snapshot of the session's map (without anchors). Fails with
    VC_STATUS_INVALID_ARGUMENT when relocalization is off. */
VC_API vc_status_t vc_session_get_world_map(const vc_session_t *session,
                                            vc_world_map_t **out_map);

/** Starts the session in map's world: call before the first frame. The
    session reports VC_TRACKING_STATE_REASON_RELOCALIZING until the camera
    sees a mapped place, then tracks in the map's world (same origin and
    axes). Frames must come from a camera with the map's image size. A map
    in a unit of its own (vc_world_map_info_t.is_scale_known 0) is refused
    by a session set to track with depth or an IMU, and a frame with depth
    or IMU samples is refused by an automatic one: it would measure in
    metres. A session tracking one camera alone that opens a map in metres
    tracks in metres once it has relocalized. */
VC_API vc_status_t vc_session_set_world_map(vc_session_t *session,
                                            const vc_world_map_t *map);

VC_API void vc_world_map_destroy(vc_world_map_t *map);

/** A copy of map whose anchors are the given bytes (length may be 0). */
VC_API vc_status_t vc_world_map_with_anchors(const vc_world_map_t *map,
                                             const uint8_t *bytes,
                                             size_t length,
                                             vc_world_map_t **out_map);

/** The anchors' bytes (count protocol, in bytes). */
VC_API vc_status_t vc_world_map_get_anchors(const vc_world_map_t *map,
                                            uint8_t *out_bytes, size_t capacity,
                                            size_t *out_length);

/** The map as the bytes of its file (count protocol, in bytes), in the
    open format of Datasets/WORLD_MAP.md. The same map, the same bytes. */
VC_API vc_status_t vc_world_map_encode(const vc_world_map_t *map,
                                       uint8_t *out_bytes, size_t capacity,
                                       size_t *out_length);

/** Reads a map from the bytes of its file; what names it in messages (may
    be NULL). A truncated, corrupt or newer-version file is
    VC_STATUS_INVALID_ARGUMENT with the reason in vc_last_error_message(). */
VC_API vc_status_t vc_world_map_decode(const uint8_t *bytes, size_t length,
                                       const char *what,
                                       vc_world_map_t **out_map);

typedef struct vc_world_map_info {
  uint32_t format_version;
  /** The engine that wrote the map, NUL-terminated (cut to fit). */
  char engine_version[32];
  vc_camera_intrinsics_t camera;
  int64_t keyframe_count;
  /** Feature points with a 3D position (ARKit's rawFeaturePoints). */
  int64_t point_count;
  int64_t surface_point_count;
  int64_t anchor_bytes;
  /** Axis-aligned box of the points in the map's world, ARKit axes, metres
      (or the map's own unit where is_scale_known is 0). */
  float center[3];
  float extent[3];
  /** How the session that made the map tracked: VC_TRACKING_MODE_RGBD,
      _VISUAL_INERTIAL or _MONOCULAR. */
  vc_tracking_mode_t tracking_mode;
  /** 1 when positions are in metres; 0 for a map tracked from one camera
      without an IMU, in a unit of its own, which only a session that
      measures nothing in metres opens (vc_session_set_world_map). */
  int32_t is_scale_known;
  /** 1 when the world's +Y is up (the session that made it knew up from an
      accelerometer, a given gravity or the planes in view); 0 when it kept
      its first camera's axes (one camera without an IMU, or a
      camera-aligned session). A session that opens the map keeps them. */
  int32_t is_up_known;
  /** The scene mesh the map carries (format version 3; saved by a session
      with scene reconstruction): the fused volume's blocks of 8^3 voxels,
      the mesh chunks and their faces, and the voxel side in metres. All 0
      when the map has no mesh. */
  int64_t mesh_block_count;
  int64_t mesh_chunk_count;
  int64_t mesh_face_count;
  float mesh_voxel_size;
} vc_world_map_info_t;

VC_API vc_status_t vc_world_map_get_info(const vc_world_map_t *map,
                                         vc_world_map_info_t *out_info);

/** The map's feature points, x y z in the world (ARKit axes, metres), as
    count points of 3 floats (count protocol, in points). */
VC_API vc_status_t vc_world_map_get_points(const vc_world_map_t *map,
                                           float *out_xyz, int64_t capacity,
                                           int64_t *out_count);

/** One keyframe of a map: when it was seen and where. */
typedef struct vc_world_map_keyframe {
  /** Nanoseconds, the clock of the session that made the map. */
  int64_t timestamp_ns;
  /** Column-major 4x4, OpenCV camera axes, the map's world, metres. */
  double world_from_camera[16];
} vc_world_map_keyframe_t;

/** The map's keyframes in its order (count protocol, in keyframes). */
VC_API vc_status_t vc_world_map_get_keyframes(const vc_world_map_t *map,
                                              vc_world_map_keyframe_t *out,
                                              int64_t capacity,
                                              int64_t *out_count);

/** A copy of map with its keyframes placed at known poses: keyframe k at
    world_from_camera[16 k .. 16 k + 15] (column-major 4x4, OpenCV camera
    axes, metres; one per keyframe in the order of
    vc_world_map_get_keyframes), its points and depth surface carried
    along rigidly. The map's world becomes the poses' world, as for a robot
    that knows where it is or a benchmark's reference poses. Anchors are
    left as they are (the caller moves them). A pose that is not a finite
    rigid transform is VC_STATUS_INVALID_ARGUMENT naming its keyframe, and
    so is a map in a unit of its own (is_scale_known 0). */
VC_API vc_status_t vc_world_map_with_keyframe_poses(
    const vc_world_map_t *map, const double *world_from_camera, int64_t count,
    vc_world_map_t **out_map);

/** Finds single frames in a map, each on its own (no tracking from frame to
    frame): the 7-Scenes relocalization protocol. Not thread-safe. */
typedef struct vc_relocalizer vc_relocalizer_t;

/** Indexes map for queries (deterministic; map may be destroyed after). */
VC_API vc_status_t vc_relocalizer_create(const vc_world_map_t *map,
                                         vc_relocalizer_t **out_relocalizer);
VC_API void vc_relocalizer_destroy(vc_relocalizer_t *relocalizer);
/** The message of the relocalizer's last failed call. */
VC_API const char *vc_relocalizer_last_error_message(
    const vc_relocalizer_t *relocalizer);

typedef struct vc_relocalization_result {
  /** 1 when the frame was found in the map. */
  int32_t found;
  /** world_from_camera in the map's world, ARKit axes, column-major;
      identity when not found. */
  float world_from_camera[16];
  /** Feature correspondences that agree with the pose. */
  int32_t inliers;
  /** The keyframe that holds most of them, or -1. */
  int64_t keyframe_id;
  /** Static NUL-terminated reason: "found", or the first check that
      failed ("too_few_features", "no_candidates", "too_few_matches",
      "no_consensus", "poor_alignment", "large_correction"). */
  const char *outcome;
} vc_relocalization_result_t;

/** Looks for one frame (colour and, where the map was made with it, depth;
    its IMU samples are ignored) in the map. The frame's camera must have
    the map's image size. */
VC_API vc_status_t vc_relocalizer_query(vc_relocalizer_t *relocalizer,
                                        const vc_frame_input_t *frame,
                                        vc_relocalization_result_t *out_result);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VISION_CORE_VISION_CORE_H */
