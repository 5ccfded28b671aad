// Entry points for decoding and writing images. They have no session, so
// their errors go to the calling thread's slot (vc_last_error_message).
#include <cstdio>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "api/guard.h"
#include "common/image_limits.h"
#include "common/status_error.h"
#include "frame/encoded_image.h"
#include "frame/image_view.h"
#include "frame/stored_png.h"
#include "vision_core/vision_core.h"

struct vc_image {
  cv::Mat pixels;
  vc_pixel_format_t format;
};

namespace {

// The image as the engine wants it: 8-bit BGR or grey, or 16-bit depth.
vc_image* Normalize(cv::Mat decoded) {
  auto image = new vc_image{cv::Mat(), VC_PIXEL_FORMAT_BGR8};
  const int depth = decoded.depth();
  const int channels = decoded.channels();
  if (depth == CV_16U && channels == 1) {
    image->pixels = decoded;
    image->format = VC_PIXEL_FORMAT_DEPTH_U16;
  } else if (depth == CV_8U && channels == 1) {
    image->pixels = decoded;
    image->format = VC_PIXEL_FORMAT_GRAY8;
  } else if (depth == CV_8U && channels == 3) {
    image->pixels = decoded;
  } else if (depth == CV_8U && channels == 4) {
    cv::cvtColor(decoded, image->pixels, cv::COLOR_BGRA2BGR);
  } else {
    delete image;
    throw vc::StatusError(
        VC_STATUS_DECODE_FAILED,
        "unsupported image layout: " + std::to_string(channels) +
            " channels of " + std::to_string(8 * decoded.elemSize1()) +
            "-bit values");
  }
  return image;
}

// The header's verdict before any decoding: a PNG or JPEG must be whole and
// declare a size within the limits (the size a file declares is what the
// decoder allocates, whatever the file's own size).
void CheckBeforeDecoding(const vc::EncodedImageHeader& header) {
  using Kind = vc::EncodedImageHeader::Kind;
  if (header.kind == Kind::kUnknown) return;
  const std::string name = header.kind == Kind::kPng ? "PNG" : "JPEG";
  vc::Require(
      header.width > 0 && header.height > 0,
      "not a readable image (a " + name + " whose header gives no size)",
      VC_STATUS_DECODE_FAILED);
  vc::Require(
      header.width <= vc::kMaxImageSide && header.height <= vc::kMaxImageSide &&
          int64_t{header.width} * header.height <= vc::kMaxDecodedPixels,
      "the " + name + " declares " + std::to_string(header.width) + "x" +
          std::to_string(header.height) + " pixels, more than the " +
          std::to_string(vc::kMaxDecodedPixels) + " (and " +
          std::to_string(vc::kMaxImageSide) +
          " on a side) an image may have; refused before decoding",
      VC_STATUS_DECODE_FAILED);
  vc::Require(header.complete,
              "truncated: the " + name + " data ends before its end marker (" +
                  (header.kind == Kind::kPng ? "IEND" : "EOI") + ")",
              VC_STATUS_DECODE_FAILED);
}

// Encodes `view` (RGB turned to OpenCV's BGR) into `file` with OpenCV's
// encoder parameters (none: its defaults).
void WriteImage(const vc_image_view_t& view, const std::string& file,
                const std::vector<int>& parameters) {
  cv::Mat pixels = vc::WrapImageView(view, "written");
  cv::Mat to_write;
  if (view.format == VC_PIXEL_FORMAT_RGB8) {
    cv::cvtColor(pixels, to_write, cv::COLOR_RGB2BGR);
  } else {
    vc::Require(view.format != VC_PIXEL_FORMAT_DEPTH_F32,
                "DEPTH_F32 images cannot be written; convert to DEPTH_U16",
                VC_STATUS_INVALID_IMAGE);
    to_write = pixels;
  }
  // cv::imwrite raises a cv::Exception for an unknown extension; the guard
  // reports it with OpenCV's own words.
  const bool written = cv::imwrite(file, to_write, parameters);
  vc::Require(written, "could not write " + file, VC_STATUS_IO_ERROR);
}

// A PNG with its rows stored, written by our own encoder (frame/stored_png.h
// says why not OpenCV's).
void WriteStoredPng(const vc_image_view_t& view, const std::string& file) {
  vc::Require(view.format != VC_PIXEL_FORMAT_DEPTH_F32,
              "DEPTH_F32 images cannot be written; convert to DEPTH_U16",
              VC_STATUS_INVALID_IMAGE);
  const cv::Mat pixels = vc::WrapImageView(view, "written");
  const std::vector<uint8_t> png =
      vc::EncodeStoredPng(pixels, view.format == VC_PIXEL_FORMAT_BGR8);
  std::FILE* out = std::fopen(file.c_str(), "wb");
  vc::Require(out != nullptr, "could not write " + file, VC_STATUS_IO_ERROR);
  const bool written =
      std::fwrite(png.data(), 1, png.size(), out) == png.size();
  const bool closed = std::fclose(out) == 0;
  vc::Require(written && closed, "could not write " + file, VC_STATUS_IO_ERROR);
}

}  // namespace

extern "C" {

vc_status_t vc_image_read_size(const uint8_t* bytes, size_t length,
                               int32_t* out_width, int32_t* out_height) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_width != nullptr && out_height != nullptr,
                "out_width or out_height is NULL");
    *out_width = 0;
    *out_height = 0;
    vc::Require(bytes != nullptr || length == 0, "bytes is NULL");
    const vc::EncodedImageHeader header =
        vc::ReadEncodedImageHeader(bytes, length);
    vc::Require(header.kind != vc::EncodedImageHeader::Kind::kUnknown,
                "not a PNG or JPEG (" + std::to_string(length) + " bytes)",
                VC_STATUS_DECODE_FAILED);
    vc::Require(header.width > 0 && header.height > 0,
                "the image header gives no size", VC_STATUS_DECODE_FAILED);
    *out_width = header.width;
    *out_height = header.height;
  });
}

vc_status_t vc_image_decode(const uint8_t* bytes, size_t length,
                            vc_image_t** out_image) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(out_image != nullptr, "out_image is NULL");
    *out_image = nullptr;
    vc::Require(bytes != nullptr || length == 0, "bytes is NULL");
    vc::Require(length > 0, "no image data (0 bytes)", VC_STATUS_DECODE_FAILED);
    vc::Require(length <= size_t{INT32_MAX},
                "image data over 2 GB (" + std::to_string(length) + " bytes)",
                VC_STATUS_DECODE_FAILED);
    CheckBeforeDecoding(vc::ReadEncodedImageHeader(bytes, length));
    const cv::Mat encoded(1, static_cast<int>(length), CV_8UC1,
                          const_cast<uint8_t*>(bytes));
    cv::Mat decoded = cv::imdecode(encoded, cv::IMREAD_UNCHANGED);
    vc::Require(!decoded.empty(),
                "not a readable image (corrupt or unsupported format, " +
                    std::to_string(length) + " bytes)",
                VC_STATUS_DECODE_FAILED);
    *out_image = Normalize(decoded);
  });
}

void vc_image_destroy(vc_image_t* image) { delete image; }

vc_status_t vc_image_get_view(const vc_image_t* image,
                              vc_image_view_t* out_view) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(image != nullptr, "image is NULL");
    vc::Require(out_view != nullptr, "out_view is NULL");
    out_view->data = image->pixels.data;
    out_view->width = image->pixels.cols;
    out_view->height = image->pixels.rows;
    out_view->stride_bytes = static_cast<int32_t>(image->pixels.step[0]);
    out_view->format = image->format;
  });
}

vc_status_t vc_image_write(const vc_image_view_t* view, const char* path) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(view != nullptr, "view is NULL");
    vc::Require(path != nullptr && path[0] != '\0', "path is NULL or empty");
    WriteImage(*view, path, {});
  });
}

vc_status_t vc_image_write_png(const vc_image_view_t* view, const char* path,
                               int32_t compression_level) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(view != nullptr, "view is NULL");
    vc::Require(path != nullptr && path[0] != '\0', "path is NULL or empty");
    vc::Require(compression_level >= 0 && compression_level <= 9,
                "PNG compression level must be 0...9, got " +
                    std::to_string(compression_level));
    const std::string file(path);
    vc::Require(
        file.size() >= 4 && file.compare(file.size() - 4, 4, ".png") == 0,
        "vc_image_write_png writes .png files, not " + file);
    if (compression_level == 0) {
      WriteStoredPng(*view, file);
    } else {
      WriteImage(*view, file, {cv::IMWRITE_PNG_COMPRESSION, compression_level});
    }
  });
}

}  // extern "C"
