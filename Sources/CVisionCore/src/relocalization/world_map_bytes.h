// The world map file's byte order and bounds (Datasets/WORLD_MAP.md):
// little-endian integers and IEEE floats written whatever the machine, and
// read back without ever reading past the end, every float finite.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/status_error.h"

namespace vc {

// Little-endian whatever the machine.
class ByteWriter {
 public:
  void U8(uint8_t v) { bytes_.push_back(v); }
  void U32(uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_.push_back(uint8_t(v >> (8 * i)));
  }
  void U64(uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(uint8_t(v >> (8 * i)));
  }
  void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
  void I64(int64_t v) { U64(static_cast<uint64_t>(v)); }
  void F32(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    U32(bits);
  }
  void F64(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    U64(bits);
  }
  void Bytes(const uint8_t* data, size_t size) {
    bytes_.insert(bytes_.end(), data, data + size);
  }
  void String(const std::string& s) {
    U32(static_cast<uint32_t>(s.size()));
    Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

// Reads what ByteWriter wrote, refusing to read past its end.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size, std::string what)
      : data_(data), size_(size), what_(std::move(what)) {}

  size_t remaining() const { return size_ - offset_; }
  size_t offset() const { return offset_; }

  // The checks below test before they make a message: a map reads
  // millions of values, and making each one's message took a second for
  // 10 MB.
  void Need(uint64_t count, const char* field) const {
    if (count <= remaining()) return;
    Fail(what_ + ": truncated: " + field + " needs " + std::to_string(count) +
         " bytes, " + std::to_string(remaining()) + " left");
  }
  uint8_t U8(const char* field) {
    Need(1, field);
    return data_[offset_++];
  }
  uint32_t U32(const char* field) {
    Need(4, field);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(data_[offset_ + i]) << (8 * i);
    offset_ += 4;
    return v;
  }
  uint64_t U64(const char* field) {
    Need(8, field);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(data_[offset_ + i]) << (8 * i);
    offset_ += 8;
    return v;
  }
  int32_t I32(const char* field) { return static_cast<int32_t>(U32(field)); }
  int64_t I64(const char* field) { return static_cast<int64_t>(U64(field)); }
  float F32(const char* field) {
    const uint32_t bits = U32(field);
    float v;
    std::memcpy(&v, &bits, 4);
    if (!std::isfinite(v)) Fail(what_ + ": " + field + " is not finite");
    return v;
  }
  double F64(const char* field) {
    const uint64_t bits = U64(field);
    double v;
    std::memcpy(&v, &bits, 8);
    if (!std::isfinite(v)) Fail(what_ + ": " + field + " is not finite");
    return v;
  }
  const uint8_t* Bytes(uint64_t count, const char* field) {
    Need(count, field);
    const uint8_t* p = data_ + offset_;
    offset_ += count;
    return p;
  }
  std::string String(uint32_t max_bytes, const char* field) {
    const uint32_t size = U32(field);
    Require(size <= max_bytes, what_ + ": " + field + " is " +
                                   std::to_string(size) + " bytes, at most " +
                                   std::to_string(max_bytes) + " allowed");
    const uint8_t* p = Bytes(size, field);
    return std::string(reinterpret_cast<const char*>(p), size);
  }
  // Whether the next bytes are these (reading nothing).
  bool NextBytesAre(const char* bytes, size_t count) const {
    return count <= remaining() &&
           std::memcmp(data_ + offset_, bytes, count) == 0;
  }
  const std::string& what() const { return what_; }

  [[noreturn]] static void Fail(const std::string& message) {
    throw StatusError(VC_STATUS_INVALID_ARGUMENT, message);
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t offset_ = 0;
  std::string what_;
};

}  // namespace vc
