// Relocalization's tunables: finding a lost camera's pose in the map from
// one frame, with no help from the frames before it. Defaults were measured
// on 7-Scenes "redkitchen" (640x480 Kinect v1, map from the first 300
// frames, every later frame relocalized on its own); the comments say why
// each is what it is.
#pragma once

#include <cstdint>

namespace vc {

struct RelocalizationOptions {
  // --- Features (the query's and those described for keyframes) ---
  // Features described per frame (100..3000). With one pyramid level the
  // strongest corners per grid cell (16 x 12 cells of 40 px at 640x480)
  // are taken first, spreading them over the view.
  int max_features = 1000;
  int grid_columns = 16;
  int grid_rows = 12;
  // FAST threshold (intensity levels, 5..100); lowered to a third when a
  // plain view gives too few corners.
  int corner_threshold = 20;
  // Pyramid levels (scale 1.2) of the ORB features, 1..8. One level reuses
  // the tracker's FAST corners and describer (what its keyframes hold);
  // more levels detect with cv::ORB. On redkitchen, queries up to 1 m from
  // the nearest keyframe: 1 level answered 50% of queries (1.7 ms of
  // features), 4 levels 67% (2.1 ms), 8 levels x 1000 features 80% (3 ms).
  int pyramid_levels = 8;

  // --- Depth (registered to the colour camera) ---
  // Readings outside [min_depth, max_depth] metres or on a 3x3 depth edge
  // steeper than max_depth_step (fraction of the depth) are not used.
  float min_depth = 0.3f;
  float max_depth = 4.5f;
  float max_depth_step = 0.05f;

  // --- Place recognition ---
  // A vocabulary of branching^depth words (10^3 = 1000) trained on the
  // map's own descriptors: with ~15-30k map descriptors ~20 per word.
  // branching 2..16, depth 1..6.
  int vocabulary_branching = 10;
  int vocabulary_depth = 3;
  uint64_t vocabulary_seed = 0x52454c4f43ULL;  // "RELOC"
  // Keyframes ranked best by bag-of-words score whose descriptors are
  // matched, 1..32. 10 answered 2-5% more queries than 4 on redkitchen;
  // matching through the words keeps the cost at ~0.3 ms.
  int candidates = 10;

  // --- Descriptor matching ---
  // A query descriptor is compared with the map descriptors in its nearest
  // word and extra_leaves sibling words (0..7): more finds more matches
  // near word borders at proportionally more comparisons.
  int extra_leaves = 2;
  // Hamming bits of 256; 64 is the usual bound of a true ORB match.
  int max_descriptor_distance = 64;
  // Nearest clearly closer than the nearest *other* map point, 0.5..1.
  // Looser ratios (0.95) lost 7-10% of answers: more outliers than RANSAC's
  // budget finds its way through.
  float match_ratio = 0.8f;
  // Map descriptors of points closer than this (metres) are the same
  // physical point seen from two keyframes and never fail each other's
  // ratio test.
  float same_point_metres = 0.05f;

  // --- Pose hypotheses ---
  int ransac_iterations = 300;
  // With depth: 3D-3D (three-point Kabsch) inlier distance in metres; the
  // two depths of one feature disagree by about 1% of depth plus the
  // colour-to-depth misregistration at corners.
  float ransac_threshold_metres = 0.05f;
  // Without depth: PnP reprojection error in pixels.
  float ransac_threshold_pixels = 6.0f;
  uint64_t ransac_seed = 0x1A6E5EEDULL;
  // Fewer agreeing correspondences than this happen by chance, 5..1000.
  // Low because the depth alignment below is what accepts an answer.
  int min_inliers = 8;
  // Without query depth nothing checks a PnP answer afterwards, so it
  // needs far more agreeing matches (8..1000). Colour-only on redkitchen:
  // 40 left 9% of answers over 25 cm, 60 left 2.8% (60% answered).
  int min_pnp_inliers = 60;
  // Inliers as a fraction of the matches tried, 0..1.
  float min_inlier_ratio = 0.1f;

  // --- Depth refinement (point-to-plane ICP against keyframe surfaces) ---
  // Both steps below are for a 640-pixel-wide image and scale with the
  // width (ScaledStep), so that a smaller camera keeps as many samples
  // and the sample counts below hold at any size.
  // Keyframe depth is kept as one surface point with normal per cell of
  // surface_step_pixels (8 -> 80 x 60 per 640x480 keyframe, ~115 KB),
  // 2..32.
  int surface_step_pixels = 8;
  // The query's depth is sampled every query_step_pixels, 2..64.
  // 16 -> ~900 samples at 640x480: 0.65 ms of refinement; 12 cost 1.7 ms
  // for 0.1-0.2 cm of median accuracy.
  int query_step_pixels = 16;
  // Keyframes whose surfaces the query is aligned against: those nearest
  // the hypothesis in view direction and position, 1..8.
  int refinement_keyframes = 3;
  int icp_iterations = 6;
  // Association gate (metres): wide first (the hypothesis may be ~10 cm
  // off), then narrow so that foreground and background do not mix.
  float icp_start_distance = 0.15f;
  float icp_final_distance = 0.04f;
  // Weight of each feature inlier's point-to-point term against one
  // surface point's point-to-plane term: keeps planes (a wall, a table
  // top) from sliding along themselves.
  float icp_feature_weight = 0.5f;

  // --- Acceptance ---
  // Query depth samples that fall on a keyframe surface must mostly agree
  // within this distance (metres) ...
  float accept_distance = 0.03f;
  // ... this fraction of them (0..1) ...
  float min_overlap = 0.55f;
  // ... and at least this many (of ~900 samples at query_step_pixels 16).
  int min_surface_points = 150;
  // RMS point-to-plane residual of the agreeing samples, metres.
  float max_residual = 0.015f;
  // The refinement moves the hypothesis by at most this much; more means
  // the features and the depth disagree about where the camera is.
  float max_correction_metres = 0.30f;
  float max_correction_degrees = 10.0f;

  // --- Keyframe culling ---
  // A keyframe is redundant when this fraction (0.5..1) of its surface is
  // seen, at the same depth, by at least cull_observers (1..10) other
  // kept keyframes.
  float cull_overlap = 0.9f;
  int cull_observers = 3;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

// A sampling step given for a 640-pixel-wide image, for an image
// `width` pixels wide (at least 1).
int ScaledStep(int step_at_640, int width);

}  // namespace vc
