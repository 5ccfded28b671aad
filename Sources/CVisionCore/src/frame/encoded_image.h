// What a PNG or JPEG says about itself before it is decoded: its size, from
// the header, and whether its data runs to the end marker. Decoding a file
// whose header declares a huge size costs the memory of that size before
// any check can run, and OpenCV's decoders fill a truncated JPEG with grey
// and report success; reading the header first catches both.
#pragma once

#include <cstddef>
#include <cstdint>

namespace vc {

struct EncodedImageHeader {
  enum class Kind { kUnknown, kPng, kJpeg };
  Kind kind = Kind::kUnknown;
  // Declared size; 0 when the header could not be read.
  int32_t width = 0;
  int32_t height = 0;
  // The data runs to the format's end marker: PNG's IEND chunk at the end,
  // JPEG's EOI after the start of its first scan.
  bool complete = false;
};

// Never reads outside [bytes, bytes + length).
EncodedImageHeader ReadEncodedImageHeader(const uint8_t* bytes, size_t length);

}  // namespace vc
