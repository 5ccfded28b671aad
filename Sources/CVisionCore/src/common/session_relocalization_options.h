// What a session does about relocalization, in C++ form, with the defaults
// and the validation that vc_relocalization_options_t is checked against: is
// a keyframe map kept, what counts as an interruption, which frames join the
// map. How the relocalizer itself matches a frame is RelocalizationOptions.
#pragma once

#include "vision_core/vision_core.h"

namespace vc {

struct SessionRelocalizationOptions {
  // On by default: a lost camera comes back in the same world, as ARKit's.
  bool enabled = true;
  // At 30 Hz a frame is 33 ms; a replay that drops a few frames stays well
  // under half a second, an app switch or a call well over it.
  float interruption_seconds = 0.5f;
  // Keyframes joining the map are checked for loops, which correct it. Off
  // by default: on the 7-Scenes kitchen it made ATE worse (3.06 -> 3.23 cm;
  // see loop_closer.h), on the synthetic 60 s orbit it changed nothing.
  bool loop_closure = false;
  // A frame joins the map once the camera has moved this far (metres) or
  // turned this much (degrees) from the last keyframe the map took: dense
  // enough that every view of a mapped place overlaps a keyframe's by far
  // more than half, sparse enough that the map grows with the area seen.
  float keyframe_spacing_metres = 0.15f;
  float keyframe_spacing_degrees = 12.0f;
  // Redundant keyframes are culled every this many keyframes.
  int cull_every = 10;

  static SessionRelocalizationOptions FromC(
      const vc_relocalization_options_t& options);
  void ToC(vc_relocalization_options_t* options) const;

  // Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the bad field.
  void Check() const;
};

}  // namespace vc
