// The largest images the core accepts, in one place. Larger sizes are
// certainly a corrupt or hostile size field; the caps also keep
// width * height * 4 far from overflowing int and bound what one decode may
// allocate.
#pragma once

#include <cstdint>

#include "vision_core/vision_core.h"

namespace vc {

// Pixels on a side of any image, camera or view (the public header states
// it for C and Swift callers).
constexpr int32_t kMaxImageSide = VC_MAX_IMAGE_SIDE;
// Pixels of one encoded image the core will decode (8192 x 8192, 200 MB as
// BGR): a PNG or JPEG declaring more is refused from its header, before a
// byte is decompressed (a 1 MB file can declare 20000 x 20000).
constexpr int64_t kMaxDecodedPixels = int64_t{8192} * 8192;

}  // namespace vc
