/*
 * vision_synthetic.h — synthetic scenes with exact ground truth, and the
 * evaluation helpers that score the engine against it.
 *
 * Not part of the engine: the library behind this header (vision_synthetic)
 * renders procedurally textured rooms for bundled sample sequences and tests,
 * and is linked only by ARSceneDatasets, the tests and C++ users who ask for
 * it (CMake option VC_BUILD_SYNTHETIC). It shares the engine's value types
 * (vc_status_t, vc_camera_intrinsics_t, vc_plane_classification_t) through
 * vision_core.h and follows the same boundary rules: opaque handles, the count
 * protocol, no exception across the boundary. Its calls have no session; the
 * message of the calling thread's last failure is
 * vc_synthetic_last_error_message().
 */
#ifndef VISION_SYNTHETIC_VISION_SYNTHETIC_H
#define VISION_SYNTHETIC_VISION_SYNTHETIC_H

#include <stddef.h>
#include <stdint.h>

#include "vision_core/vision_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The message of the calling thread's last failed vc_synthetic_* or
    vc_align_point_sets call ("" after a success). Valid until the thread's
    next call into this library. */
VC_API const char *vc_synthetic_last_error_message(void);

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

/** The machine unit's one sample: the milliseconds OpenCV's ORB (1000
    features, 8 levels, one thread) takes on one fixed 640x480 frame that
    the library draws from a fixed seed. Benchmarks take the median of
    several samples, taken beside their own measurements, as the unit their
    times are also stated in (machines of one kind differ up to 2x). Fails
    only if ORB finds nothing on the frame. Changes OpenCV's thread count
    for the call: do not call while other OpenCV work runs. */
VC_API vc_status_t vc_machine_unit_sample(double *out_milliseconds);

/* ------------------------------------------------------------------------ */
/* Synthetic scenes                                                         */
/* ------------------------------------------------------------------------ */

/** A procedurally textured scene with exact geometry, for bundled sample
    sequences and tests with known answers. Deterministic for a seed. Scenes
    carry their own ground truth: the planes and reference images below are
    derived from the same description the renderer draws. A scene does not
    change after creation, so renders and queries may run on several threads
    at once. */
typedef struct vc_synthetic_scene vc_synthetic_scene_t;

typedef enum vc_synthetic_scene_kind VC_ENUM_BASE {
  /** A furnished room: floor, four walls, ceiling, a table with a magazine
      and a box on it, a seat, a shelf and pictures on the walls; world +Y
      up, floor at y = 0, origin at the room's centre. */
  VC_SYNTHETIC_SCENE_ROOM = 1,
  /** The room's footprint without any large flat surface: walls, floor and
      ceiling tiled with blocks of differing relief, a heap of boxes where
      the table stands. It has no annotated planes or reference images. */
  VC_SYNTHETIC_SCENE_CLUTTER = 2
} vc_synthetic_scene_kind_t;

typedef enum vc_synthetic_texture_mode VC_ENUM_BASE {
  /** Every surface carries texture to track. */
  VC_SYNTHETIC_TEXTURE_FULL = 0,
  /** The room's floor, walls, ceiling and rug are flat colours; furniture
      and pictures keep their texture. Only for VC_SYNTHETIC_SCENE_ROOM. */
  VC_SYNTHETIC_TEXTURE_PLAIN_SURFACES = 1
} vc_synthetic_texture_mode_t;

/** How to build a scene. Fill with vc_synthetic_scene_options_init, then
    override. */
typedef struct vc_synthetic_scene_options {
  vc_synthetic_scene_kind_t kind;
  /** Seeds every texture (and the clutter scene's layout). */
  uint64_t seed;
  vc_synthetic_texture_mode_t texture_mode;
} vc_synthetic_scene_options_t;

/** The room, seed 1, full texture. */
VC_API void vc_synthetic_scene_options_init(
    vc_synthetic_scene_options_t *options);

/** Creates a scene; on failure *out_scene is NULL and vc_last_error_message()
    says why. */
VC_API vc_status_t vc_synthetic_scene_create_with_options(
    const vc_synthetic_scene_options_t *options,
    vc_synthetic_scene_t **out_scene);

/** vc_synthetic_scene_create_with_options with the defaults but kind and
    seed. */
VC_API vc_status_t vc_synthetic_scene_create(vc_synthetic_scene_kind_t kind,
                                             uint64_t seed,
                                             vc_synthetic_scene_t **out_scene);

VC_API void vc_synthetic_scene_destroy(vc_synthetic_scene_t *scene);

/** Renders the scene by ray casting from world_from_camera (ARKit axes,
    column-major). Writes RGB8 into out_rgb (rows rgb_stride_bytes apart) and
    depth along the optical axis into out_depth as uint16 units of
    1/depth_units_per_metre metres (0 where nothing is hit or out of range).
    Exact: no noise, nominal exposure, no blur. */
VC_API vc_status_t vc_synthetic_scene_render(
    const vc_synthetic_scene_t *scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t *intrinsics, uint8_t *out_rgb,
    int32_t rgb_stride_bytes, uint16_t *out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre);

/** What the simulated sensor does to a rendered frame. Fill with
    vc_synthetic_render_options_init, then override. */
typedef struct vc_synthetic_render_options {
  /** Multiplies the light reaching the sensor, in [0, 1000]: 1 is the
      nominal exposure, near 0 a dark room. */
  float exposure_gain;
  /** Non-zero adds sensor noise: depth noise of a Kinect (axial sigma
      0.0012 + 0.0019 (z - 0.4)^2 m plus a term growing towards grazing
      angles; Nguyen et al. 2012), depth holes from 70 degrees of incidence
      on, sparse dropout, depth only from 0.4 to 8 m, and colour read and
      shot noise. Zero keeps the output exact. */
  int32_t sensor_noise_enabled;
  /** Seeds this frame's noise: the same seed gives the same bytes. */
  uint64_t noise_seed;
  /** Non-zero: the lens and depth sensor are covered. Nothing is cast; the
      colour image is black (plus noise when enabled) and has no depth. */
  int32_t lens_covered;
  /** Non-zero blurs the colour image along the camera's motion while the
      shutter is open, from world_from_camera_shutter_open to
      world_from_camera_shutter_close (ARKit axes, column-major, rigid); the
      rendered pose is the middle of the exposure. Depth is not blurred. */
  int32_t motion_blur_enabled;
  float world_from_camera_shutter_open[16];
  float world_from_camera_shutter_close[16];
} vc_synthetic_render_options_t;

/** Gain 1, no noise (seed 0), lens uncovered, no blur (identity shutter
    poses). */
VC_API void vc_synthetic_render_options_init(
    vc_synthetic_render_options_t *options);

/** Measurements of a rendered frame that scenario annotations rely on. */
typedef struct vc_synthetic_render_info {
  /** Fraction of pixels showing a surface with texture to track (not a
      plain one, not empty space). */
  float detailed_fraction;
  /** Fraction of pixels with depth in the output. */
  float valid_depth_fraction;
} vc_synthetic_render_info_t;

/** vc_synthetic_scene_render with a sensor model. options may be NULL for
    the defaults (then the output equals vc_synthetic_scene_render's);
    out_info may be NULL. */
VC_API vc_status_t vc_synthetic_scene_render_with_options(
    const vc_synthetic_scene_t *scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t *intrinsics,
    const vc_synthetic_render_options_t *options, uint8_t *out_rgb,
    int32_t rgb_stride_bytes, uint16_t *out_depth, int32_t depth_stride_bytes,
    float depth_units_per_metre, vc_synthetic_render_info_t *out_info);

/** A plane of a synthetic scene: one face of its geometry, a rectangle. */
typedef struct vc_synthetic_plane {
  /** Unique within the scene ("floor", "wall facing +x", "table top");
      owned by the scene, valid until vc_synthetic_scene_destroy. */
  const char *name;
  vc_plane_classification_t classification;
  vc_plane_alignment_t alignment;
  /** World coordinates (metres): the centre, the unit normal pointing to
      the side the plane is seen from, and the four corners (x, y, z each),
      counter-clockwise seen from that side. */
  float center[3];
  float normal[3];
  float polygon[12];
  /** Square metres. */
  float area;
} vc_synthetic_plane_t;

/** The scene's annotated planes (count protocol). */
VC_API vc_status_t vc_synthetic_scene_get_planes(
    const vc_synthetic_scene_t *scene, vc_synthetic_plane_t *out_planes,
    int32_t capacity, int32_t *out_count);

/** Every surface the scene draws, as planes: each face of each box (the
    class of an annotated face, none otherwise), then each flat rectangle
    (count protocol). Ground truth for reconstructed meshes. */
VC_API vc_status_t vc_synthetic_scene_get_surfaces(
    const vc_synthetic_scene_t *scene, vc_synthetic_plane_t *out_surfaces,
    int32_t capacity, int32_t *out_count);

/** A picture in a synthetic scene that image detection should find. */
typedef struct vc_synthetic_reference_image {
  /** Unique within the scene; owned by the scene, valid until
      vc_synthetic_scene_destroy. */
  const char *name;
  /** Column-major. ARKit's image-anchor frame: origin at the picture's
      centre, +X along its top edge to the right, +Y out of the picture
      towards the viewer, +Z down the picture. */
  float world_from_image[16];
  /** Metres along the picture's width (+X) and height (+Z). */
  float physical_width;
  float physical_height;
} vc_synthetic_reference_image_t;

/** The scene's reference images (count protocol). */
VC_API vc_status_t vc_synthetic_scene_get_reference_images(
    const vc_synthetic_scene_t *scene,
    vc_synthetic_reference_image_t *out_images, int32_t capacity,
    int32_t *out_count);

/** Renders reference image index as printed (its colours, unlit) into
    width x height RGB8 pixels (each 1..8192), rows rgb_stride_bytes apart,
    the first row along the picture's top edge. */
VC_API vc_status_t vc_synthetic_scene_render_reference_image(
    const vc_synthetic_scene_t *scene, int32_t index, int32_t width,
    int32_t height, uint8_t *out_rgb, int32_t rgb_stride_bytes);

/** For each reference image, the fraction (0..1) of its area the camera at
    world_from_camera sees: inside the image, facing the camera and not
    occluded (count protocol, one value per reference image). */
VC_API vc_status_t vc_synthetic_scene_get_reference_visibility(
    const vc_synthetic_scene_t *scene, const float world_from_camera[16],
    const vc_camera_intrinsics_t *intrinsics, float *out_fractions,
    int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------------ */
/* Lens                                                                     */
/* ------------------------------------------------------------------------ */

/** A synthetic camera's lens: renders are pinhole, and a lens with radial and
    tangential distortion is simulated by resampling each render as that lens
    would have imaged it (the inverse of vc_undistortion_apply). */
typedef struct vc_synthetic_lens vc_synthetic_lens_t;

/** For camera (checked as a frame's) and OpenCV's coefficients k1 k2 p1 p2
    [k3 ...] (4 to 14 finite values; the engine's vc_lens_distortion_check is
    the full rule). On failure *out is NULL. Immutable once made. */
VC_API vc_status_t vc_synthetic_lens_create(
    const vc_camera_intrinsics_t *camera, const double *coefficients,
    int32_t count, vc_synthetic_lens_t **out);

VC_API void vc_synthetic_lens_destroy(vc_synthetic_lens_t *lens);

/** Writes the lens's view of a pinhole render (RGB8 or DEPTH_U16 of the
    camera's size) into out_pixels (same format and size, rows
    out_stride_bytes apart, not overlapping image): colour interpolated
    bilinearly, depth from the nearest pixel and 0 beyond the render. */
VC_API vc_status_t vc_synthetic_lens_apply(const vc_synthetic_lens_t *lens,
                                           const vc_image_view_t *image,
                                           void *out_pixels,
                                           int32_t out_stride_bytes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VISION_SYNTHETIC_VISION_SYNTHETIC_H */
