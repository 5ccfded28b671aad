#include "frame/encoded_image.h"

#include <algorithm>
#include <cstring>

namespace vc {
namespace {

constexpr uint8_t kPngSignature[8] = {0x89, 'P',  'N',  'G',
                                      '\r', '\n', 0x1a, '\n'};
// The IEND chunk: zero length, its type, its CRC.
constexpr uint8_t kPngEnd[12] = {0,   0,   0,    0,    'I',  'E',
                                 'N', 'D', 0xae, 0x42, 0x60, 0x82};

uint32_t BigEndian32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) |
         (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

uint16_t BigEndian16(const uint8_t* p) {
  return static_cast<uint16_t>((p[0] << 8) | p[1]);
}

void ReadPng(const uint8_t* bytes, size_t length, EncodedImageHeader* out) {
  // Signature, then the IHDR chunk: length, "IHDR", width, height.
  if (length >= 24 && std::memcmp(bytes + 12, "IHDR", 4) == 0) {
    const uint32_t width = BigEndian32(bytes + 16);
    const uint32_t height = BigEndian32(bytes + 20);
    // PNG allows up to 2^31 - 1; anything larger is not a PNG size.
    if (width <= INT32_MAX && height <= INT32_MAX) {
      out->width = static_cast<int32_t>(width);
      out->height = static_cast<int32_t>(height);
    }
  }
  // IEND ends every PNG (zero padding would break its CRC, so none).
  out->complete = length >= sizeof(kPngSignature) + sizeof(kPngEnd) &&
                  std::memcmp(bytes + length - sizeof(kPngEnd), kPngEnd,
                              sizeof(kPngEnd)) == 0;
}

bool IsStartOfFrame(uint8_t marker) {
  // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC).
  return marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 &&
         marker != 0xcc;
}

void ReadJpeg(const uint8_t* bytes, size_t length, EncodedImageHeader* out) {
  size_t p = 2;  // after SOI
  size_t scan = 0;
  while (p + 4 <= length) {
    if (bytes[p] != 0xff) break;
    const uint8_t marker = bytes[p + 1];
    if (marker == 0xff) {  // fill byte
      ++p;
      continue;
    }
    // Markers without a length: TEM and RST0..7 (not expected before SOF).
    if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker == 0xd9) break;  // EOI before any scan
    if (marker == 0xda) {       // the first scan: entropy-coded data follows
      scan = p;
      break;
    }
    const size_t segment = BigEndian16(bytes + p + 2);
    if (segment < 2) break;
    if (IsStartOfFrame(marker) && p + 9 <= length) {
      // Length, precision, height, width.
      out->height = BigEndian16(bytes + p + 5);
      out->width = BigEndian16(bytes + p + 7);
    }
    p += 2 + segment;
  }
  // In entropy-coded data 0xff is always followed by 0x00 or a restart
  // marker, so an FF D9 after the first scan starts is the end of the image
  // (an embedded thumbnail's comes before it; bytes some cameras append
  // after it are allowed).
  if (scan == 0) return;
  for (size_t i = length; i-- > scan + 1;) {
    if (bytes[i - 1] == 0xff && bytes[i] == 0xd9) {
      out->complete = true;
      return;
    }
  }
}

}  // namespace

EncodedImageHeader ReadEncodedImageHeader(const uint8_t* bytes, size_t length) {
  EncodedImageHeader header;
  if (bytes == nullptr) return header;
  if (length >= sizeof(kPngSignature) &&
      std::memcmp(bytes, kPngSignature, sizeof(kPngSignature)) == 0) {
    header.kind = EncodedImageHeader::Kind::kPng;
    ReadPng(bytes, length, &header);
  } else if (length >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 &&
             bytes[2] == 0xff) {
    header.kind = EncodedImageHeader::Kind::kJpeg;
    ReadJpeg(bytes, length, &header);
  }
  return header;
}

}  // namespace vc
