/*
 * C99 smoke test of the synthetic scenes library (VC_BUILD_SYNTHETIC): a room
 * renders colour and depth through the C header, a bad argument is a status
 * with a message in the library's own error slot, and the point-set alignment
 * recovers a known translation, and the machine unit's ORB sample is timed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vision_synthetic/vision_synthetic.h"

enum { kWidth = 64, kHeight = 48 };

int main(void) {
  vc_synthetic_scene_t* scene = NULL;
  CHECK_STATUS(vc_synthetic_scene_create(VC_SYNTHETIC_SCENE_ROOM, 1, &scene),
               VC_STATUS_OK);
  CHECK(scene != NULL);

  /* A camera 1.5 m above the floor looking down -Z (ARKit axes). */
  const float world_from_camera[16] = {1, 0, 0, 0, 0, 1,    0, 0,
                                       0, 0, 1, 0, 0, 1.5f, 0, 1};
  vc_camera_intrinsics_t k;
  memset(&k, 0, sizeof k);
  k.fx = 50;
  k.fy = 50;
  k.cx = 31.5;
  k.cy = 23.5;
  k.width = kWidth;
  k.height = kHeight;
  uint8_t* rgb = calloc(kWidth * kHeight * 3, 1);
  uint16_t* depth = calloc(kWidth * kHeight, sizeof *depth);
  CHECK_STATUS(vc_synthetic_scene_render(scene, world_from_camera, &k, rgb,
                                         kWidth * 3, depth, kWidth * 2, 1000),
               VC_STATUS_OK);
  int with_depth = 0;
  for (int i = 0; i < kWidth * kHeight; ++i) with_depth += depth[i] > 0;
  CHECK(with_depth == kWidth * kHeight);

  CHECK_STATUS(vc_synthetic_scene_render(scene, world_from_camera, &k, NULL,
                                         kWidth * 3, depth, kWidth * 2, 1000),
               VC_STATUS_INVALID_ARGUMENT);
  CHECK(vc_synthetic_last_error_message()[0] != '\0');

  const double source[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const double target[9] = {1, 2, 3, 2, 2, 3, 1, 3, 3};
  double target_from_source[16];
  CHECK_STATUS(
      vc_align_point_sets(source, target, 3, 0, target_from_source, NULL),
      VC_STATUS_OK);
  CHECK(target_from_source[12] > 0.999 && target_from_source[12] < 1.001);
  CHECK(target_from_source[14] > 2.999 && target_from_source[14] < 3.001);

  double unit_milliseconds = 0;
  CHECK_STATUS(vc_machine_unit_sample(&unit_milliseconds), VC_STATUS_OK);
  CHECK(unit_milliseconds > 0);
  CHECK_STATUS(vc_machine_unit_sample(NULL), VC_STATUS_INVALID_ARGUMENT);

  free(rgb);
  free(depth);
  vc_synthetic_scene_destroy(scene);
  vc_synthetic_scene_destroy(NULL);
  if (g_failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", g_failures);
    return 1;
  }
  printf("synthetic smoke test passed\n");
  return 0;
}
