// The one table of the engine's options: for each field of the public option
// structs (vision_core.h documents them for users), its C++ type, its name in
// the Swift binding, its default and the rule it must meet. The comments say
// why the defaults are what they are.
//
// An X-macro table, included on purpose several times and so without an
// include guard: a consumer defines the row macro of the groups it wants
// (VC_TRACKING_OPTION(type, name, swift_name, default, rule), ...), includes
// this file, and gets one expansion per row. Each option struct expands it
// twice, through common/option_struct_rows.h: into its members and into
// ForEachOption, which the copies from and to C and the checks are written
// once over (common/option_rules.h, which also defines the rules). A rule may
// name an earlier option of the same struct as self.name (min_inliers <=
// max_features).
//
// Adding an option: a field in vision_core.h, a row here, a property in the
// Swift configuration. Nothing else.

// ---- vc_session_options_t

#ifdef VC_SESSION_OPTION
// Off reports a neutral 1000 lm / 6500 K.
VC_SESSION_OPTION(bool, light_estimation_enabled, "isLightEstimationEnabled",
                  true, AnyValue())
// Every second pixel in x and y keeps the image statistics within a fraction
// of a percent of the full scan at a quarter of the cost.
VC_SESSION_OPTION(int, statistics_sample_step, "statisticsSampleStep", 2,
                  IntIn({1, 16}))
// More IMU samples than this with one frame means a broken feed (200 Hz for
// 5 s would already be 1000). The upper bound (over an hour at 200 Hz) makes
// a Swift Int too large for the C field an error rather than a clamp.
VC_SESSION_OPTION(int, max_imu_samples_per_frame, "maximumIMUSamplesPerFrame",
                  4096, IntIn({0, 1 << 20}))
// Recognition beside tracking: on two cores the main path is spared its
// 5-7 ms on the frames it looks at, and the result does not depend on it.
VC_SESSION_OPTION(int, worker_threads, "workerThreads", 2, IntIn({1, 2}))
// Off by default, as ARKit's sceneReconstruction: fusion costs the worker
// thread time and the mesh memory.
VC_SESSION_OPTION(int, scene_reconstruction, "sceneReconstruction", 0,
                  IntIn({VC_SCENE_RECONSTRUCTION_NONE,
                         VC_SCENE_RECONSTRUCTION_MESH_WITH_CLASSIFICATION}))
// 2 cm resolves a table's edge at the memory of a room; a millimetre is
// beyond any consumer depth sensor's precision, and at 25 cm a chair is
// gone.
VC_SESSION_OPTION(float, mesh_voxel_size, "meshVoxelSize", 0.02f,
                  FloatBetween({0.001f, 0.25f}))
// Consumer depth sensors' noise grows with the square of the distance:
// beyond 4 m it is centimetres, which would blur what near views fused.
VC_SESSION_OPTION(float, mesh_max_depth, "meshMaximumDepth", 4.0f,
                  FloatBetween({0.3f, 20.0f}))
// Every second frame: at 30 fps the surface moves a centimetre or two
// between fused frames, far less than what averaging over 64 frames smooths,
// and the worker's cost per frame halves (1 machine unit per fused frame at
// 2 cm in a room, measured by bench --mesh).
VC_SESSION_OPTION(int, mesh_fusion_interval, "meshFusionInterval", 2,
                  IntIn({1, 30}))
// Ten frames (a third of a second at 30 fps) between re-meshings: changes
// show quickly while a chunk is meshed a few times a second at most.
VC_SESSION_OPTION(int, mesh_remesh_interval, "meshRemeshInterval", 10,
                  IntIn({1, 600}))
// 512 MB of voxels: a whole floor of a house at 2 cm (the 7-Scenes kitchen
// takes 10 MB); past it, what was fused longest ago goes, so that a long
// session's memory stays bounded.
VC_SESSION_OPTION(int, mesh_max_memory_mb, "meshMemoryLimit", 512,
                  IntIn({1, 65536}))
#endif

// ---- vc_tracking_options_t

#ifdef VC_TRACKING_OPTION
// 150 features keep optical flow near 1 ms at 640x480 and give PnP more than
// enough redundancy; more barely improves the pose.
VC_TRACKING_OPTION(int, max_features, "tracking.maximumFeatures", 150,
                   IntIn({8, 4096}))
// 16 x 12 cells (40 px at 640x480): at most one new corner per empty cell
// spreads features over the image, which conditions the pose.
VC_TRACKING_OPTION(int, grid_columns, "tracking.gridColumns", 16,
                   IntIn({1, 256}))
VC_TRACKING_OPTION(int, grid_rows, "tracking.gridRows", 12, IntIn({1, 256}))
VC_TRACKING_OPTION(int, corner_threshold, "tracking.cornerThreshold", 20,
                   IntIn({1, 255}))
// With a motion prediction the residual displacement is small, so an 11 px
// window with 3 levels (reach about +-40 px) and a few iterations suffice.
// Measured on the synthetic walk, 11 px costs half of 15 px and is as
// accurate (a smaller patch also distorts less under perspective).
VC_TRACKING_OPTION(int, optical_flow_window_size,
                   "tracking.opticalFlowWindowSize", 11, OddIntIn({5, 63}))
VC_TRACKING_OPTION(int, optical_flow_pyramid_levels,
                   "tracking.opticalFlowPyramidLevels", 3, IntIn({0, 8}))
VC_TRACKING_OPTION(int, optical_flow_max_iterations,
                   "tracking.opticalFlowMaximumIterations", 10, IntIn({1, 100}))
VC_TRACKING_OPTION(float, optical_flow_max_error,
                   "tracking.opticalFlowMaximumError", 30.0f, FloatAbove({0}))
// Consumer depth cameras are unreliable closer than 0.1 m and beyond about
// 6 m; a 5% step across 3x3 pixels separates a depth edge from a slanted
// floor.
VC_TRACKING_OPTION(float, min_depth, "tracking.depthRange", 0.1f,
                   FloatAbove({0}))
VC_TRACKING_OPTION(float, max_depth, "tracking.depthRange", 6.0f,
                   FloatAbove({self.min_depth}))
VC_TRACKING_OPTION(float, max_depth_step, "tracking.maximumDepthStep", 0.05f,
                   FloatAbove({0}))
// Kinect-class structured light: about 1.5 mm at 1 m, 6 mm at 2 m.
VC_TRACKING_OPTION(float, depth_noise, "tracking.depthNoise", 0.0015f,
                   FloatAtLeast({0}))
VC_TRACKING_OPTION(float, inlier_threshold, "tracking.inlierThreshold", 2.0f,
                   FloatAbove({0}))
VC_TRACKING_OPTION(int, ransac_max_iterations,
                   "tracking.maximumRANSACIterations", 100, IntIn({1, 10000}))
// A hand-held camera rarely moves 2 cm or turns 2 degrees more than predicted
// between frames at 30 Hz.
VC_TRACKING_OPTION(float, motion_prior_metres, "tracking.motionPriorMeters",
                   0.02f, FloatAbove({0}))
VC_TRACKING_OPTION(float, motion_prior_degrees, "tracking.motionPriorDegrees",
                   2.0f, FloatAbove({0}))
VC_TRACKING_OPTION(int, min_inliers, "tracking.minimumInliers", 15,
                   IntIn({6, self.max_features}))
VC_TRACKING_OPTION(int, min_inliers_normal, "tracking.minimumInliersForNormal",
                   40, IntIn({self.min_inliers, self.max_features}))
VC_TRACKING_OPTION(float, keyframe_feature_fraction,
                   "tracking.keyframeFeatureFraction", 0.7f, FloatIn({0, 1}))
VC_TRACKING_OPTION(float, keyframe_distance, "tracking.keyframeDistance", 0.3f,
                   FloatAbove({0}))
VC_TRACKING_OPTION(float, keyframe_angle_degrees,
                   "tracking.keyframeAngleDegrees", 20.0f, FloatAbove({0}))
// 256 keyframes x ~150 ORB descriptors x 32 bytes is about 1.2 MB.
VC_TRACKING_OPTION(int, max_keyframes, "tracking.maximumKeyframes", 256,
                   IntIn({1, 100000}))
// A place revisited within a minute (at 30 Hz) is tracked against the points
// first lifted there, so the drift of the way round does not stay: on a 60 s
// synthetic orbit (a revisit every 18 s) ATE fell from 1.19 cm with 300
// frames to 0.32 cm with 1000 and 0.31 with 3000, and tracking got cheaper
// (fewer new points and keyframes). Points are ~100 bytes; keyframes
// reacquire them by projection, O(points).
VC_TRACKING_OPTION(int, map_point_max_unseen_frames,
                   "tracking.mapPointMaximumUnseenFrames", 1800,
                   IntIn({1, 1 << 30}))
// Enough for the pose error a keyframe can have; 50 of 256 bits is the usual
// bound for a true ORB match.
VC_TRACKING_OPTION(float, match_radius, "tracking.matchRadius", 12.0f,
                   FloatAbove({0}))
VC_TRACKING_OPTION(int, max_descriptor_distance,
                   "tracking.maximumDescriptorDistance", 50, IntIn({0, 256}))
VC_TRACKING_OPTION(int, initialization_frames, "tracking.initializationFrames",
                   5, IntIn({0, 1 << 20}))
VC_TRACKING_OPTION(float, min_luminance, "tracking.minimumLuminance", 0.05f,
                   FloatIn({0, 1}))
VC_TRACKING_OPTION(float, blur_sharpness_fraction,
                   "tracking.blurSharpnessFraction", 0.35f, FloatIn({0, 1}))
VC_TRACKING_OPTION(float, reanchor_delay_seconds, "tracking.reanchorDelay",
                   0.3f, FloatAtLeast({0}))
VC_TRACKING_OPTION(WorldAlignment, world_alignment, "worldAlignment",
                   WorldAlignment::kGravity,
                   EnumIn({VC_WORLD_ALIGNMENT_GRAVITY,
                           VC_WORLD_ALIGNMENT_CAMERA}))
// Zero: not known, measure with the accelerometer (or judge from the scene).
VC_TRACKING_OPTION(Eigen::Vector3f, first_camera_up, "initialUpDirection",
                   Eigen::Vector3f::Zero(), FiniteVector())
VC_TRACKING_OPTION(uint64_t, random_seed, "tracking.randomSeed",
                   0x41525363656e65ULL /* "ARScene" */, AnyValue())
// A handheld camera accelerates: the first frame's one or two samples put up
// 4.7 degrees off on the synthetic walk. Summed in the world frame over 0.3 s
// the motion largely cancels: 0.42 degrees median, 0.50 max on that walk
// (0.5 s gave 0.57 / 0.63). Longer delays initialisation, and with it the
// first plane anchors, for no gain.
VC_TRACKING_OPTION(float, gravity_settle_seconds,
                   "tracking.gravitySettleDuration", 0.3f, FloatIn({0, 60}))
// Without accelerometer or given up, judge up from the planes in view.
VC_TRACKING_OPTION(bool, scene_up_enabled, "tracking.isUpFromSceneEnabled",
                   true, AnyValue())
// Automatic: each frame tracked as its sensors allow, so RGB-D recordings
// track as before and colour-only ones no longer go untracked.
VC_TRACKING_OPTION(TrackingMode, tracking_mode, "trackingMode",
                   TrackingMode::kAutomatic,
                   EnumIn({VC_TRACKING_MODE_AUTOMATIC,
                           VC_TRACKING_MODE_MONOCULAR}))
#endif

// ---- vc_plane_options_t

#ifdef VC_PLANE_OPTION
// Off by default, as ARKit's planeDetection: detection costs time.
VC_PLANE_OPTION(int, detection, "planeDetection", 0,
                BitsOf({VC_PLANE_DETECTION_HORIZONTAL |
                        VC_PLANE_DETECTION_VERTICAL}))
// 20 px cells at 640x480 give a 32 x 24 grid (CAPE's choice): enough points
// per cell for a stable fit, small enough for table tops.
VC_PLANE_OPTION(int, cell_size, "planes.cellSize", 20, IntIn({4, 64}))
VC_PLANE_OPTION(float, min_depth, "planes.depthRange", 0.2f, FloatAbove({0}))
VC_PLANE_OPTION(float, max_depth, "planes.depthRange", 6.0f,
                FloatAbove({self.min_depth}))
// Kinect-class sensors: about 1.4 mm at 1 m, growing with z^2.
VC_PLANE_OPTION(float, depth_noise, "planes.depthNoise", 0.0014f,
                FloatAbove({0}))
VC_PLANE_OPTION(float, alignment_tolerance_degrees,
                "planes.alignmentToleranceDegrees", 10.0f,
                FloatBetween({0, 45}))
VC_PLANE_OPTION(float, min_anchor_area, "planes.minimumAnchorArea", 0.05f,
                FloatAbove({0}))
#endif

// ---- vc_image_options_t

#ifdef VC_IMAGE_OPTION
// ARKit's default: following more images costs more per frame.
VC_IMAGE_OPTION(int, max_tracked_images, "maximumNumberOfTrackedImages", 4,
                IntIn({0, VC_TRACKED_IMAGES_MAX}))
// Every other frame: at 30 Hz an image is found within 2 frames of coming
// into view while recognition costs half its run time per frame.
VC_IMAGE_OPTION(int, recognition_interval_frames,
                "images.recognitionIntervalFrames", 2, IntIn({1, 120}))
// The best few candidates hold the true image when it is in view; each
// verification costs a RANSAC homography.
VC_IMAGE_OPTION(int, max_candidates, "images.maximumCandidates", 3,
                IntIn({1, VC_REFERENCE_IMAGES_MAX}))
// 400 points over 3 scales of a 640x480 frame find a picture within two
// frames of its covering a tenth of the view (the synthetic image scenario;
// 300 take up to five); ORB on them costs under 3 ms.
VC_IMAGE_OPTION(int, query_features, "images.recognitionFeatures", 400,
                IntIn({100, 5000}))
// Fewer agreeing correspondences happen by chance in clutter.
VC_IMAGE_OPTION(int, min_inliers, "images.minimumInliers", 15, IntIn({8, 1000}))
// Enough points for a stable homography when a third of them is lost.
VC_IMAGE_OPTION(int, tracked_points, "images.trackedPoints", 60,
                IntIn({8, 500}))
#endif

// ---- vc_relocalization_options_t

#ifdef VC_RELOCALIZATION_OPTION
// On by default: a lost camera comes back in the same world, as ARKit's.
VC_RELOCALIZATION_OPTION(bool, enabled, "isRelocalizationEnabled", true,
                         AnyValue())
// At 30 Hz a frame is 33 ms; a replay that drops a few frames stays well
// under half a second, an app switch or a call well over it.
VC_RELOCALIZATION_OPTION(float, interruption_seconds, "interruptionThreshold",
                         0.5f, FloatIn({0.05f, 3600}))
// Keyframes joining the map are checked for loops, which correct it. Off by
// default. It does help ATE: over twelve stretches of the 7-Scenes kitchen
// (the whole, eight sub-ranges, every 2nd frame from either phase and every
// 3rd) the mean goes 3.00 -> 2.66 cm as reported live (measured before the
// easing below) and 2.94 -> 2.52 cm as
// the final map places the frames, live better on 8 of the 12 and worse on
// 3 (the whole kitchen: 3.06 -> 3.23 live then, 3.00 -> 2.55 refined);
// synthetic walks and orbits of 10 s have no loop. Plane anchors move with the
// map by the corrections of the frames their views came from, so the kitchen's
// floor and table stay within 2 cm. The reported camera eases into each
// corrected world (session/correction_easing.h), so content fixed in the
// world moves in view by 3.3 mm a frame at most on the synthetic 60 s orbit
// (9 mm when each correction was taken at once); easing costs the kitchen's
// live ATE a little more (3.06 -> 3.31 cm), which is why it stays off.
VC_RELOCALIZATION_OPTION(bool, loop_closure, "isLoopClosureEnabled", false,
                         AnyValue())
#endif

// ---- vc_raycast_options_t

#ifdef VC_RAYCAST_OPTION
// 8 px at 640x480 is about 3 cm at 2 m: small enough to stay on a table top
// near its edge, large enough to average out depth noise.
VC_RAYCAST_OPTION(int, patch_radius, "raycastConfiguration.patchRadius", 8,
                  IntIn({2, 64}))
// Every second pixel: 81 points, the noise of a larger sample at a quarter of
// the cost.
VC_RAYCAST_OPTION(int, patch_step, "raycastConfiguration.patchStep", 2,
                  IntIn({1, self.patch_radius}))
// A patch of radius 64 holds at most 129 x 129 pixels.
VC_RAYCAST_OPTION(int, min_patch_points,
                  "raycastConfiguration.minimumPatchPoints", 12,
                  IntIn({3, 129 * 129}))
// 1 cm at 1 m: a Kinect-class sensor's noise is a few millimetres at 1 m, and
// a patch straddling an edge or a curve is far above it.
VC_RAYCAST_OPTION(float, max_rms_per_metre,
                  "raycastConfiguration.maximumRMSPerMeter", 0.01f,
                  FloatAbove({0}))
// The plane detector's tolerance, so that a surface the detector calls
// horizontal the estimate calls horizontal too.
VC_RAYCAST_OPTION(float, alignment_tolerance_degrees,
                  "raycastConfiguration.alignmentToleranceDegrees", 10.0f,
                  FloatBetween({0, 45}))
VC_RAYCAST_OPTION(float, max_distance, "raycastConfiguration.maximumDistance",
                  10.0f, FloatAbove({0}))
#endif
