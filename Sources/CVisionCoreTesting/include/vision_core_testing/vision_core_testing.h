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
typedef enum vc_test_fault VC_ENUM_BASE {
  VC_TEST_FAULT_OPENCV_EXCEPTION = 1,
  VC_TEST_FAULT_STD_EXCEPTION = 2,
  VC_TEST_FAULT_BAD_ALLOC = 3,
  VC_TEST_FAULT_UNKNOWN_EXCEPTION = 4
} vc_test_fault_t;

/** Throws the given exception inside the core's guard, so that tests can prove
    no exception escapes the boundary. Has no other effect. */
VC_API vc_status_t vc_session_raise_for_testing(vc_session_t *session,
                                                vc_test_fault_t fault);

/** A bundle-adjustment trial on exact ground truth: cameras along a 1 m
    path looking at seeded random points 1-4 m away; every camera but the
    first two (fixed, the gauge) is moved by up to camera_error_m and turned
    by up to camera_error_m radians, every point moved by up to
    point_error_m; pixels get noise_px of uniform noise; with_depth adds a
    depth measurement (1-sigma 1.5 mm at 1 m, growing with z squared) to each
    observation, with up to one sigma of noise unless noise_px is 0 (exact
    measurements); a fraction outlier_fraction of the pixels are moved by
    20-40 px (mistracked features). */
typedef struct vc_test_bundle_trial {
  int camera_count;
  int point_count;
  double camera_error_m;
  double point_error_m;
  double noise_px;
  int with_depth;
  double outlier_fraction;
  uint64_t seed;
} vc_test_bundle_trial_t;

/** RMS camera-centre and point errors against the truth (metres) before and
    after the solve, the largest movement of a fixed camera (must be 0), and
    the solver's iteration count. */
typedef struct vc_test_bundle_outcome {
  double camera_rms_before;
  double camera_rms_after;
  double point_rms_before;
  double point_rms_after;
  double fixed_camera_motion;
  int iterations;
} vc_test_bundle_outcome_t;

/** Runs the tracker's bundle adjuster (tracking/bundle_adjuster.h) on the
    trial. */
VC_API vc_status_t vc_test_bundle_adjustment(
    const vc_test_bundle_trial_t *trial, vc_test_bundle_outcome_t *outcome);

/** A pose-graph trial (relocalization/pose_graph.h) on exact ground truth:
    node_count cameras on a 1.5 m circle looking at its centre, one lap. The
    estimate drifts as odometry does: each step's heading is off by
    heading_drift_rad and its length by length_drift (a fraction), so the
    lap does not close; one loop edge from the truth joins the last node to
    the first, which is fixed. */
typedef struct vc_test_pose_graph_trial {
  int node_count;
  double heading_drift_rad;
  double length_drift;
} vc_test_pose_graph_trial_t;

/** RMS camera-centre error against the truth (metres) before and after the
    solve, the fixed node's movement (must be 0), the loop edge's remaining
    translation error (metres) and the solver's iterations. */
typedef struct vc_test_pose_graph_outcome {
  double rms_before;
  double rms_after;
  double fixed_motion;
  double loop_error;
  int iterations;
} vc_test_pose_graph_outcome_t;

VC_API vc_status_t vc_test_pose_graph(const vc_test_pose_graph_trial_t *trial,
                                      vc_test_pose_graph_outcome_t *outcome);

/** A loop-detection trial (relocalization/loop_detector.h) with two
    identical posters: an old keyframe faces a wall 2 m away with a poster
    (100 features) and its own wall texture; a keyframe 10 s later, tracked
    without error, faces the same wall poster_separation_m to the side,
    where an identical poster hangs (the same 100 descriptors) beside
    other texture. With poster_separation_m 0 the second keyframe sees the
    first poster again, its tracked pose off by drift_m sideways: a true
    loop. The old place was seen by old_keyframes keyframes (1 or 2, 5 cm
    apart). outcome receives the detection's outcome (LoopOutcome: 0 found,
    1 no candidates, 2 too few matches, 3 no consensus, 4 poor alignment,
    5 implausible, 8 one keyframe), the correction it measured (metres) and
    its inliers. */
VC_API vc_status_t vc_test_identical_posters_loop(
    double poster_separation_m, double drift_m, int old_keyframes, int *outcome,
    double *correction_m, int *inliers);

/** A descriptor-matching trial (relocalization/two_nearest.h): seeded
    random ORB descriptors, a query set of query_count and a train set of
    train_count rows, where many train rows are copies of others or of
    query rows with a few bits flipped, so that distances tie often. Each
    query row's nearest and second-nearest train rows by FindTwoNearest are
    compared with cv::BFMatcher::knnMatch (k = 2, NORM_HAMMING).
    disagreements receives the query rows where index, distance or second
    distance differ; ties the query rows whose two nearest distances are
    equal (so that a test knows the tie order was exercised). */
VC_API vc_status_t vc_test_two_nearest_against_bfmatcher(uint64_t seed,
                                                         int query_count,
                                                         int train_count,
                                                         int *disagreements,
                                                         int *ties);

/** A keyframe-culling trial (relocalization/keyframe_database.h): a
    keyframe 2 m from a wall, facing it, and a second one facing the same
    way second_from_wall_m in front of that wall (its own depth again 2 m),
    so that the first one's surface lies just in front of the second's
    camera when second_from_wall_m is tiny, and where the first stands when
    it is 2. copies_of_first more keyframes stand exactly where the first
    does (a keyframe is culled when enough others see its surface). removed
    receives how many keyframes the culling removed. */
VC_API vc_status_t vc_test_cull_keyframe_near_wall(double second_from_wall_m,
                                                   int copies_of_first,
                                                   int *removed);

/** Two keyframes facing a wall (with depth surfaces and three points each)
    rescaled as the IMU rescales a visual-inertial map
    (KeyframeDatabase::ScaleWorld) by scale about centre. centre_error
    receives the largest distance of a keyframe's camera centre from where
    the scaling puts it (metres), pixel_error the largest change in where a
    point or surface sample projects in its keyframe (pixels): a rescaled
    map looks the same from its keyframes. */
VC_API vc_status_t vc_test_scale_keyframe_database(double scale,
                                                   const double centre[3],
                                                   double *centre_error,
                                                   double *pixel_error);

/** A keyframe described without depth (relocalization/map_keyframe.h): a
    textured wall 2 m in front of the camera at the origin. Each feature ORB
    finds in the left sighted_width_fraction of the image has a map point
    seen offset_px to its right, at the wall. features receives how many
    features ORB found, kept how many the keyframe kept (those with a world
    point), kept_far_from_sightings how many of those lie more than 8 px
    right of the sighted part, and over the kept ones the largest distance
    between a point's projection and its feature (pixels) and the largest
    distance from the wall (metres). */
VC_API vc_status_t vc_test_describe_keyframe_without_depth(
    double offset_px, double sighted_width_fraction, int *features, int *kept,
    int *kept_far_from_sightings, double *max_reprojection_px,
    double *max_depth_error_m);

/** A refined-trajectory trial (tracking/keyframe_relative_trajectory.h):
    keyframe_count seeded keyframes a second apart, each with five frames
    tracked against it, then what the map does to keyframes: every other
    keyframe moved by bundle adjustment (a few centimetres and degrees), the
    world's axes turned, and a loop closure moving each keyframe by a
    correction that grows with its time. Each step is applied to the
    trajectory and, independently, to the frames' true poses (a frame moves
    exactly as its keyframe does); frames receives the frame count and
    position_error_m / rotation_error_rad the largest difference between the
    two after all steps. */
VC_API vc_status_t vc_test_refined_trajectory(uint64_t seed, int keyframe_count,
                                              int *frames,
                                              double *position_error_m,
                                              double *rotation_error_rad);

/** An occupancy-grid fold trial (planes/occupancy_grid.h): a plane's grid of
    2.5 cm cells with seeded random patches, folded into another such grid
    (with patches of its own) the way a merge does, by
    OccupancyGrid::MarkCells, and by one MarkQuad per folded cell; the map
    turns by a seeded angle about the plane's normal, tilts by tilt_degrees
    (the folded plane leaning out of the other's) and shifts by up to a
    metre. The folded grid's cells are other_cell_m wide (0.025: the same
    as the receiving grid's; smaller ones take MarkQuad's own path).
    cells receives the cells the fold marked by quads and differing those
    marked by one way only, or -1 when the two grids' extents differ. */
VC_API vc_status_t vc_test_occupancy_fold(uint64_t seed, double tilt_degrees,
                                          double other_cell_m, int *cells,
                                          int *differing);

/** A re-integration trial of scene reconstruction
    (reconstruction/scene_reconstruction.h): a floor 1 m below the camera and
    a wall 3 m ahead, seen in exact 640x480 millimetre depth from view_count
    poses along a sideways path of 5 cm steps; the reconstruction meshes
    them, then the world moves by a turn of turn_degrees about the vertical
    and a shift of shift_m along it (as a loop closure moves it), and the
    kept views (at most max_view_bytes) are fused anew at the moved poses,
    frame by frame, with a new view of the moved world fused each frame. */
typedef struct vc_test_reintegration_trial {
  /** Views kept for re-integration, and their bytes. */
  int32_t views_kept;
  int64_t view_bytes;
  /** Frames until the re-integration was done, and mesh changes published
      in them (0: the anchors stayed as they were until then). */
  int32_t frames_reintegrating;
  int32_t changes_while_reintegrating;
  /** Anchors before; after: kept (same id), added, removed. */
  int32_t anchors_before;
  int32_t anchors_kept;
  int32_t anchors_added;
  int32_t anchors_removed;
  /** The final mesh's vertices: distance to the moved surfaces (metres),
      median and largest, and how many there are against before. */
  double median_distance_m;
  double max_distance_m;
  double vertex_ratio;
} vc_test_reintegration_trial_t;

VC_API vc_status_t vc_test_reintegration(int32_t view_count,
                                         double turn_degrees, double shift_m,
                                         int64_t max_view_bytes,
                                         vc_test_reintegration_trial_t *out);

/** A plane a sparse-plane trial found (see vc_test_sparse_planes). */
typedef struct vc_test_sparse_plane {
  /** World +Y is up; the plane is normal . x + offset = 0. */
  double normal[3];
  double offset;
  /** The points on it, and their area on it (square metres). */
  int32_t points;
  double area;
} vc_test_sparse_plane_t;

/** A sparse-plane trial (planes/sparse_plane_finder.h): a seeded cloud of
    map points in front of a VGA camera 1.5 m above the floor, looking 30
    degrees down along -Z, each point moved along its ray by Gaussian noise
    of noise_per_metre of its distance. scene 0: the floor (90 points, 1.5 -
    4 m ahead), a table top 0.75 m above it (15 points) and a wall 4.5 m
    ahead (60 points, up to 1 m above the floor); 1: 40 points along a line on
   the floor (an edge); 2: a wall of 0.3 m tiles standing out by 0 - 24 cm in 6
   cm steps (relief, 192 points); 3: 120 points scattered through the room.
    out_count receives how many planes the finder gave (largest first), of
    which the first capacity are written. */
VC_API vc_status_t vc_test_sparse_planes(uint64_t seed, int scene,
                                         double noise_per_metre,
                                         vc_test_sparse_plane_t *out_planes,
                                         int capacity, int *out_count);

/** The world's unit changes under a plane map built from sparse points
    (PlaneMap::ScaleWorld): scene 0 of vc_test_sparse_planes seen in ten
    frames makes a floor anchor, then the world is scaled by scale about its
    origin. height_before and height_after receive the floor anchor's height
    (NaN without one). */
VC_API vc_status_t vc_test_sparse_plane_rescale(double scale,
                                                double *height_before,
                                                double *height_after);

/** An estimated-plane raycast without depth (raycast/feature_point_plane.h)
    into the cloud of vc_test_sparse_planes (seed, scene, noise_per_metre),
    from the camera at the world's origin along direction (world, +Y up).
    out_found receives 1 and out_hit the hit when there is one, else 0. */
VC_API vc_status_t vc_test_feature_point_raycast(
    uint64_t seed, int scene, double noise_per_metre, const double direction[3],
    vc_raycast_alignment_t alignment, vc_raycast_result_t *out_hit,
    int *out_found);

/** A view-weights trial (planes/view_weights.h): a plane anchor's views
    (view_count of them, a frame or two apart, seeded weights) and another
    anchor's (absorbed_count, starting halfway) absorbed into it, under
    corrections that grow along the path as a loop closure's do (0.1 mm and
    0.005 degrees a frame). shift_error_m and turn_error_degrees receive how
    far the anchor's mean correction is from the weighted mean over every
    view on its own; last_view_error_m how far the correction of the last
    view alone is (what a plane moved by before). */
VC_API vc_status_t vc_test_view_weights(uint64_t seed, int view_count,
                                        int absorbed_count,
                                        double *shift_error_m,
                                        double *turn_error_degrees,
                                        double *last_view_error_m);

/** What an IMU preintegration trial measured (see
    vc_test_imu_preintegration). */
typedef struct vc_test_preintegration_outcome {
  /** The state predicted from exact samples against the true state. */
  double position_error_m;
  double velocity_error_mps;
  double rotation_error_degrees;
  /** The residual's norm at the true states (exact samples). */
  double residual_at_truth;
  /** What first-order bias correction leaves of a bias change's effect on
      the deltas, against integrating again (0: exact, 1: no correction). */
  double bias_correction_residue;
  /** The Monte Carlo covariance of the residual over the propagated one,
      smallest and largest diagonal ratio. */
  double covariance_ratio_min;
  double covariance_ratio_max;
  /** 1 when a zero, negative or NaN duration and a NaN sample are refused
      and a good sample is not. */
  int rejects_bad_samples;
} vc_test_preintegration_outcome_t;

/** An IMU preintegration trial (inertial/imu_preintegration.h): a body
    turning about all three axes on a curved path, sampled exactly at
    rate_hz (50 to 2000; each sample the value at the middle of its
    interval) for seconds (at most 10); the bias correction with gyroscope
    (0.01, -0.02, 0.015) rad/s and accelerometer (0.1, 0.05, -0.08) m/s^2;
    monte_carlo_runs (0 to skip; covariance ratios then 0) runs with white
    noise of 1e-3 rad/s/sqrt(Hz) and 1e-2 m/s^2/sqrt(Hz) drawn from seed. */
VC_API vc_status_t vc_test_imu_preintegration(
    uint64_t seed, double seconds, double rate_hz, int monte_carlo_runs,
    vc_test_preintegration_outcome_t *out);

/** What a visual-inertial initialisation trial recovered against the truth
    (see vc_test_inertial_initialization). */
typedef struct vc_test_inertial_initialization_outcome {
  /** 1 when the initialisation solved; outcome is its
      InertialInitializationOutcome (0 solved, 1 too few keyframes, 2 too
      little acceleration, 3 no scale, 4 gravity mismatch, 5 inconsistent). */
  int solved;
  int outcome;
  /** Bias errors (rad/s, m/s^2), gravity direction error (degrees), scale
      error (percent, signed), RMS velocity error (m/s). */
  double gyroscope_bias_error;
  double accelerometer_bias_error;
  double gravity_error_degrees;
  double scale_error_percent;
  double velocity_rms_error;
  /** The spread of specific force the initialisation judged (m/s^2). */
  double acceleration_spread;
  /** The residuals the solution left (InertialInitialization's): rotation
      in degrees, position over displacement. */
  double rotation_residual_degrees;
  double relative_position_residual;
} vc_test_inertial_initialization_outcome_t;

/** A visual-inertial initialisation trial (inertial/inertial_initializer.h):
    keyframes every 0.1 s for seconds (0.3 to 10) of the smooth motion the
    preintegration trial uses, its path scaled by travel (0: the body only
    turns), given in a visual world turned 1.3 rad about a seeded axis, 2.5
    metres to its unit; a 200 Hz IMU between them with biases (0.004,
    -0.006, 0.003) rad/s and (0.05, -0.08, 0.06) m/s^2 and white noise of the
    given densities (rad/s/sqrt(Hz), m/s^2/sqrt(Hz)) drawn from seed. The
    IMU is mounted turned imu_turned_degrees (-180 to 180) about the body's
    z axis against what the initialisation is told: a wrong extrinsic. */
VC_API vc_status_t vc_test_inertial_initialization(
    uint64_t seed, double seconds, double travel, double gyroscope_density,
    double accelerometer_density, double imu_turned_degrees,
    vc_test_inertial_initialization_outcome_t *out);

/** A correction-easing trial (session/correction_easing.h): a camera
    walking at 0.3 m/s and turning at 20 degrees/s, 30 frames a second, with
    seeded jitter; after 10 frames a loop closure moves its world by
    correction_m and correction_degrees (about seeded axes, around a point
    2 m away), then, when second_after > 0, by the same again that many
    frames later. Every frame the pose reported (CorrectionEasing::Report of
    the tracked pose) is compared with the tracked pose's own motion:
    largest_step_m and largest_step_degrees receive the largest move of the
    reported pose beyond that motion (position, and orientation), and
    settled_after the frames after the last correction until the reported
    pose is the tracked one again (-1: not within 300 frames). identical
    receives 1 when every frame before the first correction was reported as
    tracked, bit for bit. */
VC_API vc_status_t vc_test_correction_easing(
    uint64_t seed, double correction_m, double correction_degrees,
    int second_after, double *largest_step_m, double *largest_step_degrees,
    int *settled_after, int *identical);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VISION_CORE_TESTING_VISION_CORE_TESTING_H */
