#include "frame/stored_png.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "common/status_error.h"

namespace vc {
namespace {

// CRC-32 (IEEE 802.3) as PNG chunks carry it, a byte at a time from a table.
class Crc32 {
 public:
  Crc32() {
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table_[n] = c;
    }
  }
  uint32_t Of(const uint8_t* bytes, size_t length) const {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < length; ++i) {
      c = table_[(c ^ bytes[i]) & 0xFF] ^ (c >> 8);
    }
    return c ^ 0xFFFFFFFFu;
  }

 private:
  std::array<uint32_t, 256> table_;
};

// Adler-32 of the uncompressed data, as the zlib stream ends with it.
uint32_t Adler32(const uint8_t* bytes, size_t length) {
  constexpr uint32_t kBase = 65521;
  // The most bytes before the sums must be reduced to stay in 32 bits.
  constexpr size_t kRun = 5552;
  uint32_t a = 1;
  uint32_t b = 0;
  while (length > 0) {
    const size_t run = length < kRun ? length : kRun;
    for (size_t i = 0; i < run; ++i) {
      a += bytes[i];
      b += a;
    }
    a %= kBase;
    b %= kBase;
    bytes += run;
    length -= run;
  }
  return (b << 16) | a;
}

void PutBigEndian(std::vector<uint8_t>* out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out->push_back(static_cast<uint8_t>(value >> shift));
  }
}

// Appends a chunk: length, type, data, CRC over type and data.
void PutChunk(std::vector<uint8_t>* out, const char type[4],
              const std::vector<uint8_t>& data, const Crc32& crc) {
  PutBigEndian(out, static_cast<uint32_t>(data.size()));
  const size_t start = out->size();
  out->insert(out->end(), type, type + 4);
  out->insert(out->end(), data.begin(), data.end());
  PutBigEndian(out, crc.Of(out->data() + start, out->size() - start));
}

// The image's rows as PNG wants them before compression: a filter byte (0)
// then the samples, colour as R, G, B, 16-bit samples big-endian.
std::vector<uint8_t> FilteredRows(const cv::Mat& image, bool bgr) {
  const int width = image.cols;
  const size_t row_bytes = static_cast<size_t>(width) * image.elemSize();
  std::vector<uint8_t> rows((row_bytes + 1) * image.rows);
  uint8_t* out = rows.data();
  for (int v = 0; v < image.rows; ++v) {
    *out++ = 0;
    const uint8_t* row = image.ptr<uint8_t>(v);
    if (image.type() == CV_16UC1) {
      for (int u = 0; u < width; ++u) {
        uint16_t sample;
        std::memcpy(&sample, row + 2 * u, 2);
        *out++ = static_cast<uint8_t>(sample >> 8);
        *out++ = static_cast<uint8_t>(sample & 0xFF);
      }
    } else if (image.type() == CV_8UC3 && bgr) {
      for (int u = 0; u < width; ++u, row += 3) {
        *out++ = row[2];
        *out++ = row[1];
        *out++ = row[0];
      }
    } else {
      std::memcpy(out, row, row_bytes);
      out += row_bytes;
    }
  }
  return rows;
}

// A zlib stream of `raw` in stored blocks (RFC 1950, RFC 1951 section 3.2.4).
std::vector<uint8_t> StoredZlib(const std::vector<uint8_t>& raw) {
  constexpr size_t kBlock = 65535;
  std::vector<uint8_t> out;
  out.reserve(raw.size() + (raw.size() / kBlock + 1) * 5 + 6);
  // CMF 0x78 (deflate, 32 KiB window), FLG 0x01: (0x78 * 256 + 1) % 31 == 0.
  out.push_back(0x78);
  out.push_back(0x01);
  size_t offset = 0;
  do {
    const size_t length = std::min(kBlock, raw.size() - offset);
    const bool last = offset + length == raw.size();
    out.push_back(last ? 1 : 0);  // BFINAL, BTYPE 00 (stored)
    out.push_back(static_cast<uint8_t>(length & 0xFF));
    out.push_back(static_cast<uint8_t>(length >> 8));
    out.push_back(static_cast<uint8_t>(~length & 0xFF));
    out.push_back(static_cast<uint8_t>((~length >> 8) & 0xFF));
    out.insert(out.end(), raw.begin() + offset, raw.begin() + offset + length);
    offset += length;
  } while (offset < raw.size());
  PutBigEndian(&out, Adler32(raw.data(), raw.size()));
  return out;
}

}  // namespace

std::vector<uint8_t> EncodeStoredPng(const cv::Mat& image, bool bgr) {
  const int type = image.type();
  Require(type == CV_8UC1 || type == CV_8UC3 || type == CV_16UC1,
          "a stored PNG holds 8-bit grey, 8-bit colour or 16-bit grey, not "
          "OpenCV type " +
              std::to_string(type));
  Require(image.cols > 0 && image.rows > 0, "a PNG needs at least one pixel");
  // Well inside PNG's 2^31 - 1 per chunk for any image the engine takes.
  Require(static_cast<double>(image.total()) * image.elemSize() < 1.5e9,
          "an image of " + std::to_string(image.cols) + "x" +
              std::to_string(image.rows) + " is too large for one PNG chunk");
  static const Crc32 crc;
  std::vector<uint8_t> header;
  PutBigEndian(&header, static_cast<uint32_t>(image.cols));
  PutBigEndian(&header, static_cast<uint32_t>(image.rows));
  header.push_back(type == CV_16UC1 ? 16 : 8);  // bit depth
  header.push_back(type == CV_8UC3 ? 2 : 0);    // colour type: RGB or grey
  header.push_back(0);                          // deflate
  header.push_back(0);                          // adaptive filtering
  header.push_back(0);                          // not interlaced
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  PutChunk(&png, "IHDR", header, crc);
  PutChunk(&png, "IDAT", StoredZlib(FilteredRows(image, bgr)), crc);
  PutChunk(&png, "IEND", {}, crc);
  return png;
}

}  // namespace vc
