// arscene.read_image: PNG and JPEG decoded by the core, as the engine's own
// readers decode them, so that a Python replay feeds the session the same
// pixels as `arscene replay`.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <cstring>
#include <string>

#include "errors.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

using Image = nb::ndarray<nb::numpy>;

// The decoded pixels as a new array: colour as RGB, grey and 16-bit depth
// as they are.
Image ToArray(const vc_image_view_t& view) {
  const bool colour = view.format == VC_PIXEL_FORMAT_BGR8;
  const bool depth = view.format == VC_PIXEL_FORMAT_DEPTH_U16;
  const size_t width = static_cast<size_t>(view.width);
  const size_t height = static_cast<size_t>(view.height);
  const size_t channels = colour ? 3 : 1;
  const size_t pixel = depth ? 2 : 1;
  auto* buffer = new uint8_t[width * height * channels * pixel];
  nb::capsule owner(
      buffer, [](void* p) noexcept { delete[] static_cast<uint8_t*>(p); });
  const auto* rows = static_cast<const uint8_t*>(view.data);
  for (size_t y = 0; y < height; ++y) {
    const uint8_t* in = rows + y * static_cast<size_t>(view.stride_bytes);
    uint8_t* out = buffer + y * width * channels * pixel;
    if (colour) {
      for (size_t x = 0; x < width; ++x) {
        out[3 * x] = in[3 * x + 2];
        out[3 * x + 1] = in[3 * x + 1];
        out[3 * x + 2] = in[3 * x];
      }
    } else {
      std::memcpy(out, in, width * pixel);
    }
  }
  if (depth) {
    return Image(buffer, {height, width}, owner, {}, nb::dtype<uint16_t>());
  }
  if (colour) {
    return Image(buffer, {height, width, 3}, owner, {}, nb::dtype<uint8_t>());
  }
  return Image(buffer, {height, width}, owner, {}, nb::dtype<uint8_t>());
}

Image DecodeImage(nb::bytes data, const std::string& what) {
  vc_image_t* image = nullptr;
  vc_status_t status;
  {
    nb::gil_scoped_release release;
    status = vc_image_decode(static_cast<const uint8_t*>(data.data()),
                             data.size(), &image);
  }
  Check(status, [&] { return what + ": " + vc_last_error_message(); });
  vc_image_view_t view{};
  vc_image_get_view(image, &view);
  Image array;
  try {
    array = ToArray(view);
  } catch (...) {
    vc_image_destroy(image);
    throw;
  }
  vc_image_destroy(image);
  return array;
}

}  // namespace

void BindImageReading(nb::module_& m) {
  m.def("decode_image", &DecodeImage, nb::arg("data"),
        nb::arg("what") = "image",
        "Decodes PNG or JPEG bytes as the engine's readers do: colour as H x "
        "W x 3 uint8 RGB, grey as H x W uint8, 16-bit PNG depth as H x W "
        "uint16. Corrupt, truncated or oversized images raise "
        "arscene.DecodeError naming `what`.");
}

}  // namespace arscene_python
