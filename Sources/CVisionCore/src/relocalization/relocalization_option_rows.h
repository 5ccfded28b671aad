// The table of relocalization's tunables: finding a lost camera's pose in
// the map from one frame, with no help from the frames before it. Each row
// holds a field's C++ type, name, default and the rule it must meet (the
// rules of common/option_rules.h). Defaults were measured on 7-Scenes
// "redkitchen" (640x480 Kinect v1, map from the first 300 frames, every
// later frame relocalized on its own); the comments say why each is what it
// is. These are not public options: a session uses the defaults.
//
// An X-macro table, included on purpose twice and so without an include
// guard: relocalization_options.h makes the members from it and
// relocalization_options.cpp the check.

// --- Features (the query's and those described for keyframes) ---
// Features described per frame. With one pyramid level the
// strongest corners per grid cell (16 x 12 cells of 40 px at 640x480)
// are taken first, spreading them over the view.
VC_RELOCALIZATION_TUNING(int, max_features, 1000, IntIn({100, 3000}))
VC_RELOCALIZATION_TUNING(int, grid_columns, 16, IntIn({1, 64}))
VC_RELOCALIZATION_TUNING(int, grid_rows, 12, IntIn({1, 64}))
// FAST threshold (intensity levels); lowered to a third when a
// plain view gives too few corners.
VC_RELOCALIZATION_TUNING(int, corner_threshold, 20, IntIn({5, 100}))
// Pyramid levels (scale 1.2) of the ORB features. One level reuses
// the tracker's FAST corners and describer (what its keyframes hold);
// more levels detect with cv::ORB. On redkitchen, queries up to 1 m from
// the nearest keyframe: 1 level answered 50% of queries (1.7 ms of
// features), 4 levels 67% (2.1 ms), 8 levels x 1000 features 80% (3 ms).
VC_RELOCALIZATION_TUNING(int, pyramid_levels, 8, IntIn({1, 8}))

// --- Depth (registered to the colour camera) ---
// Readings outside [min_depth, max_depth] metres or on a 3x3 depth edge
// steeper than max_depth_step (fraction of the depth) are not used.
VC_RELOCALIZATION_TUNING(float, min_depth, 0.3f, FloatIn({0.05f, 10.0f}))
VC_RELOCALIZATION_TUNING(float, max_depth, 4.5f,
                         FloatIn({self.min_depth, 20.0f}))
VC_RELOCALIZATION_TUNING(float, max_depth_step, 0.05f, FloatIn({0.001f, 1.0f}))

// --- Place recognition ---
// A vocabulary of branching^depth words (10^3 = 1000) trained on the
// map's own descriptors: with ~15-30k map descriptors ~20 per word.
VC_RELOCALIZATION_TUNING(int, vocabulary_branching, 10, IntIn({2, 16}))
VC_RELOCALIZATION_TUNING(int, vocabulary_depth, 3, IntIn({1, 6}))
// The seed spells "RELOC" in ASCII.
VC_RELOCALIZATION_TUNING(uint64_t, vocabulary_seed, 0x52454c4f43ULL, AnyValue())
// Keyframes ranked best by bag-of-words score whose descriptors are
// matched. 10 answered 2-5% more queries than 4 on redkitchen;
// matching through the words keeps the cost at ~0.3 ms.
VC_RELOCALIZATION_TUNING(int, candidates, 10, IntIn({1, 32}))

// --- Descriptor matching ---
// A query descriptor is compared with the map descriptors in its nearest
// word and extra_leaves sibling words: more finds more matches
// near word borders at proportionally more comparisons.
VC_RELOCALIZATION_TUNING(int, extra_leaves, 2, IntIn({0, 7}))
// Hamming bits of 256; 64 is the usual bound of a true ORB match.
VC_RELOCALIZATION_TUNING(int, max_descriptor_distance, 64, IntIn({1, 256}))
// Nearest clearly closer than the nearest *other* map point.
// Looser ratios (0.95) lost 7-10% of answers: more outliers than RANSAC's
// budget finds its way through.
VC_RELOCALIZATION_TUNING(float, match_ratio, 0.8f, FloatIn({0.5f, 1.0f}))
// Map descriptors of points closer than this (metres) are the same
// physical point seen from two keyframes and never fail each other's
// ratio test.
VC_RELOCALIZATION_TUNING(float, same_point_metres, 0.05f, FloatIn({0.0f, 1.0f}))

// --- Pose hypotheses ---
VC_RELOCALIZATION_TUNING(int, ransac_iterations, 300, IntIn({1, 100000}))
// With depth: 3D-3D (three-point Kabsch) inlier distance in metres; the
// two depths of one feature disagree by about 1% of depth plus the
// colour-to-depth misregistration at corners.
VC_RELOCALIZATION_TUNING(float, ransac_threshold_metres, 0.05f,
                         FloatIn({0.001f, 1.0f}))
// Without depth: PnP reprojection error in pixels.
VC_RELOCALIZATION_TUNING(float, ransac_threshold_pixels, 6.0f,
                         FloatIn({0.5f, 100.0f}))
VC_RELOCALIZATION_TUNING(uint64_t, ransac_seed, 0x1A6E5EEDULL, AnyValue())
// Fewer agreeing correspondences than this happen by chance.
// Low because the depth alignment below is what accepts an answer.
VC_RELOCALIZATION_TUNING(int, min_inliers, 8, IntIn({5, 1000}))
// Without query depth nothing checks a PnP answer afterwards, so it
// needs far more agreeing matches. Colour-only on redkitchen:
// 40 left 9% of answers over 25 cm, 60 left 2.8% (60% answered).
VC_RELOCALIZATION_TUNING(int, min_pnp_inliers, 60, IntIn({8, 1000}))
// Inliers as a fraction of the matches tried.
VC_RELOCALIZATION_TUNING(float, min_inlier_ratio, 0.1f, FloatIn({0.0f, 1.0f}))

// --- Depth refinement (point-to-plane ICP against keyframe surfaces) ---
// Both steps below are for a 640-pixel-wide image and scale with the
// width (ScaledStep), so that a smaller camera keeps as many samples
// and the sample counts below hold at any size.
// Keyframe depth is kept as one surface point with normal per cell of
// surface_step_pixels (8 -> 80 x 60 per 640x480 keyframe, ~115 KB).
VC_RELOCALIZATION_TUNING(int, surface_step_pixels, 8, IntIn({2, 32}))
// The query's depth is sampled every query_step_pixels.
// 16 -> ~900 samples at 640x480: 0.65 ms of refinement; 12 cost 1.7 ms
// for 0.1-0.2 cm of median accuracy.
VC_RELOCALIZATION_TUNING(int, query_step_pixels, 16, IntIn({2, 64}))
// Keyframes whose surfaces the query is aligned against: those nearest
// the hypothesis in view direction and position.
VC_RELOCALIZATION_TUNING(int, refinement_keyframes, 3, IntIn({1, 8}))
VC_RELOCALIZATION_TUNING(int, icp_iterations, 6, IntIn({0, 100}))
// Association gate (metres): wide first (the hypothesis may be ~10 cm
// off), then narrow so that foreground and background do not mix.
VC_RELOCALIZATION_TUNING(float, icp_start_distance, 0.15f,
                         FloatIn({self.icp_final_distance, 2.0f}))
VC_RELOCALIZATION_TUNING(float, icp_final_distance, 0.04f,
                         FloatIn({0.001f, 1.0f}))
// Weight of each feature inlier's point-to-point term against one
// surface point's point-to-plane term: keeps planes (a wall, a table
// top) from sliding along themselves.
VC_RELOCALIZATION_TUNING(float, icp_feature_weight, 0.5f,
                         FloatIn({0.0f, 100.0f}))

// --- Acceptance ---
// Query depth samples that fall on a keyframe surface must mostly agree
// within this distance (metres) ...
VC_RELOCALIZATION_TUNING(float, accept_distance, 0.03f, FloatIn({0.001f, 1.0f}))
// ... this fraction of them ...
VC_RELOCALIZATION_TUNING(float, min_overlap, 0.55f, FloatIn({0.0f, 1.0f}))
// ... and at least this many (of ~900 samples at query_step_pixels 16).
VC_RELOCALIZATION_TUNING(int, min_surface_points, 150, IntIn({0, 100000}))
// RMS point-to-plane residual of the agreeing samples, metres.
VC_RELOCALIZATION_TUNING(float, max_residual, 0.015f, FloatIn({0.0001f, 1.0f}))
// The refinement moves the hypothesis by at most this much; more means
// the features and the depth disagree about where the camera is.
VC_RELOCALIZATION_TUNING(float, max_correction_metres, 0.30f,
                         FloatIn({0.0f, 10.0f}))
VC_RELOCALIZATION_TUNING(float, max_correction_degrees, 10.0f,
                         FloatIn({0.0f, 180.0f}))

// --- Keyframe culling ---
// A keyframe is redundant when this fraction of its surface is seen, at
// the same depth, by at least cull_observers other kept keyframes.
VC_RELOCALIZATION_TUNING(float, cull_overlap, 0.9f, FloatIn({0.5f, 1.0f}))
VC_RELOCALIZATION_TUNING(int, cull_observers, 3, IntIn({1, 10}))
