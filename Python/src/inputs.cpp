#include "inputs.h"

#include <cmath>
#include <cstdint>

#include "errors.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

std::string DtypeName(const nb::dlpack::dtype& dtype) {
  const char* kind =
      dtype.code == uint8_t(nb::dlpack::dtype_code::UInt)    ? "uint"
      : dtype.code == uint8_t(nb::dlpack::dtype_code::Int)   ? "int"
      : dtype.code == uint8_t(nb::dlpack::dtype_code::Float) ? "float"
      : dtype.code == uint8_t(nb::dlpack::dtype_code::Bool)  ? "bool"
                                                             : "other";
  return std::string(kind) + std::to_string(dtype.bits);
}

nb::object Numpy() { return nb::module_::import_("numpy"); }

// The object as an array: itself when it is one, else numpy.asarray of it.
AnyArray AsArray(nb::handle object, const char* name, nb::object* owner) {
  AnyArray array;
  if (nb::try_cast(object, array)) {
    *owner = nb::borrow(object);
    return array;
  }
  nb::object converted;
  try {
    converted = Numpy().attr("asarray")(object);
  } catch (const nb::python_error&) {
    converted = nb::object();
  }
  if (!converted.is_valid() || !nb::try_cast(converted, array)) {
    RaiseTypeError(std::string(name) + " must be a NumPy array, got " +
                   nb::type_name(object.type()).c_str());
  }
  *owner = converted;
  return array;
}

bool IsCContiguous(const AnyArray& array) {
  int64_t expected = 1;
  for (size_t i = array.ndim(); i-- > 0;) {
    if (array.shape(i) != 1 && array.stride(i) != expected) return false;
    expected *= static_cast<int64_t>(array.shape(i));
  }
  return true;
}

// The array as C-contiguous dtype, converting it once when it is not.
AnyArray Contiguous(const AnyArray& array, nb::object* owner,
                    const char* dtype) {
  if (IsCContiguous(array) && DtypeName(array.dtype()) == dtype) return array;
  *owner = Numpy().attr("ascontiguousarray")(*owner, nb::arg("dtype") = dtype);
  return nb::cast<AnyArray>(*owner);
}

bool IsDtype(const AnyArray& array, const char* dtype) {
  return DtypeName(array.dtype()) == dtype;
}

int32_t Side(const AnyArray& array, size_t axis, const char* name) {
  const size_t side = array.shape(axis);
  if (side < 1 || side > VC_MAX_IMAGE_SIDE) {
    RaiseValueError(std::string(name) + " has " + std::to_string(side) +
                    " pixels on a side; images have 1.." +
                    std::to_string(VC_MAX_IMAGE_SIDE) + " (" +
                    DescribeArray(array) + ")");
  }
  return static_cast<int32_t>(side);
}

}  // namespace

std::string DescribeArray(const AnyArray& array) {
  std::string shape = "(";
  for (size_t i = 0; i < array.ndim(); ++i) {
    if (i > 0) shape += ", ";
    shape += std::to_string(array.shape(i));
  }
  if (array.ndim() == 1) shape += ",";
  return shape + ") " + DtypeName(array.dtype());
}

ImageInput ColorInput(nb::handle color, const std::string& color_format,
                      const char* name) {
  ImageInput input;
  AnyArray array = AsArray(color, name, &input.owner);
  const bool grey = array.ndim() == 2;
  const bool three = array.ndim() == 3 && array.shape(2) == 3;
  if (!IsDtype(array, "uint8") || !(grey || three)) {
    RaiseTypeError(std::string(name) +
                   " must be an H x W x 3 uint8 (RGB or BGR) or H x W uint8 "
                   "(grey) array, got " +
                   DescribeArray(array));
  }
  if (color_format != "rgb" && color_format != "bgr") {
    RaiseValueError("color_format must be \"rgb\" or \"bgr\", got \"" +
                    color_format + "\"");
  }
  const int32_t height = Side(array, 0, name);
  const int32_t width = Side(array, 1, name);
  array = Contiguous(array, &input.owner, "uint8");
  input.view.data = array.data();
  input.view.width = width;
  input.view.height = height;
  input.view.stride_bytes = width * (grey ? 1 : 3);
  input.view.format = grey                    ? VC_PIXEL_FORMAT_GRAY8
                      : color_format == "rgb" ? VC_PIXEL_FORMAT_RGB8
                                              : VC_PIXEL_FORMAT_BGR8;
  return input;
}

DepthInput DepthInputOf(nb::handle depth, double depth_scale,
                        const vc_image_view_t& color) {
  DepthInput input;
  AnyArray array = AsArray(depth, "depth", &input.owner);
  const bool u16 = IsDtype(array, "uint16");
  const bool floating = IsDtype(array, "float32") || IsDtype(array, "float64");
  if (array.ndim() != 2 || !(u16 || floating)) {
    RaiseTypeError(
        "depth must be an H x W uint16 (units of 1/depth_scale metres) or "
        "float32 (metres) array, got " +
        DescribeArray(array));
  }
  if (static_cast<int64_t>(array.shape(0)) != color.height ||
      static_cast<int64_t>(array.shape(1)) != color.width) {
    RaiseValueError("depth is " + std::to_string(array.shape(1)) + "x" +
                    std::to_string(array.shape(0)) + " pixels but color is " +
                    std::to_string(color.width) + "x" +
                    std::to_string(color.height) +
                    "; depth must be registered to the colour image");
  }
  if (u16 && !(std::isfinite(depth_scale) && depth_scale > 0)) {
    RaiseValueError(
        "depth_scale must be a finite number of units per metre "
        "> 0 for uint16 depth, got " +
        std::to_string(depth_scale));
  }
  array = Contiguous(array, &input.owner, u16 ? "uint16" : "float32");
  input.view.image.data = array.data();
  input.view.image.width = color.width;
  input.view.image.height = color.height;
  input.view.image.stride_bytes = color.width * (u16 ? 2 : 4);
  input.view.image.format =
      u16 ? VC_PIXEL_FORMAT_DEPTH_U16 : VC_PIXEL_FORMAT_DEPTH_F32;
  input.view.units_per_metre = u16 ? static_cast<float>(depth_scale) : 1.0f;
  return input;
}

vc_camera_intrinsics_t IntrinsicsOf(nb::handle intrinsics, int32_t width,
                                    int32_t height) {
  nb::object owner;
  AnyArray array = AsArray(intrinsics, "intrinsics", &owner);
  array = Contiguous(array, &owner, "float64");
  const auto* k = static_cast<const double*>(array.data());
  const bool matrix =
      array.ndim() == 2 && array.shape(0) == 3 && array.shape(1) == 3;
  const bool four = array.ndim() == 1 && array.shape(0) == 4;
  if (!matrix && !four) {
    RaiseValueError(
        "intrinsics must be a 3x3 camera matrix or (fx, fy, cx, cy), got " +
        DescribeArray(array));
  }
  const size_t count = matrix ? 9 : 4;
  for (size_t i = 0; i < count; ++i) {
    if (!std::isfinite(k[i])) {
      RaiseValueError("intrinsics must be finite, got " +
                      std::string(nb::repr(intrinsics).c_str()));
    }
  }
  if (matrix &&
      (k[1] != 0 || k[3] != 0 || k[6] != 0 || k[7] != 0 || k[8] != 1)) {
    RaiseValueError(
        "intrinsics must be a pinhole camera matrix [[fx, 0, cx], [0, fy, "
        "cy], [0, 0, 1]] (no skew), got " +
        std::string(nb::repr(intrinsics).c_str()));
  }
  vc_camera_intrinsics_t camera{};
  camera.fx = k[0];
  camera.fy = matrix ? k[4] : k[1];
  camera.cx = matrix ? k[2] : k[2];
  camera.cy = matrix ? k[5] : k[3];
  camera.width = width;
  camera.height = height;
  Check(vc_camera_intrinsics_check(&camera),
        [] { return std::string("intrinsics: ") + vc_last_error_message(); });
  return camera;
}

int64_t Nanoseconds(double seconds, const std::string& what) {
  if (!std::isfinite(seconds)) {
    RaiseValueError(what + " must be a finite number of seconds, got " +
                    std::to_string(seconds));
  }
  const double ns = std::round(seconds * 1e9);
  // 2^63 is the first double past int64_t's range.
  if (!(ns >= -9223372036854775808.0 && ns < 9223372036854775808.0)) {
    RaiseValueError(what + " " + std::to_string(seconds) +
                    " s is outside +-9.2e9 s (292 years), the range of the "
                    "engine's nanosecond clock (are milliseconds or "
                    "nanoseconds written as seconds?)");
  }
  return static_cast<int64_t>(ns);
}

std::vector<vc_imu_sample_t> ImuSamplesOf(nb::handle imu) {
  std::vector<vc_imu_sample_t> samples;
  if (imu.is_none()) return samples;
  nb::object owner;
  AnyArray array = AsArray(imu, "imu", &owner);
  if (array.ndim() != 2 || array.shape(1) != 7) {
    RaiseValueError(
        "imu must be an N x 7 array (time s, gyroscope x y z rad/s, "
        "accelerometer x y z m/s^2), got " +
        DescribeArray(array));
  }
  array = Contiguous(array, &owner, "float64");
  const auto* rows = static_cast<const double*>(array.data());
  samples.resize(array.shape(0));
  for (size_t i = 0; i < samples.size(); ++i) {
    const double* row = rows + 7 * i;
    for (int j = 0; j < 7; ++j) {
      if (!std::isfinite(row[j])) {
        RaiseValueError("imu row " + std::to_string(i) + " is not finite");
      }
    }
    vc_imu_sample_t& sample = samples[i];
    sample.timestamp_ns =
        Nanoseconds(row[0], "imu row " + std::to_string(i) + " time");
    for (int j = 0; j < 3; ++j) {
      sample.rotation_rate[j] = static_cast<float>(row[1 + j]);
      sample.acceleration[j] = static_cast<float>(row[4 + j]);
    }
  }
  return samples;
}

void MakeFrameInput(nb::handle color, nb::handle depth, nb::handle intrinsics,
                    double timestamp, nb::handle imu, double depth_scale,
                    const std::string& color_format, FrameInput* input) {
  input->color = ColorInput(color, color_format);
  const vc_image_view_t& image = input->color.view;
  if (!depth.is_none()) {
    input->depth = DepthInputOf(depth, depth_scale, image);
  }
  input->imu = ImuSamplesOf(imu);
  vc_frame_input_t& view = input->view;
  view.timestamp_ns = Nanoseconds(timestamp, "timestamp");
  view.intrinsics = IntrinsicsOf(intrinsics, image.width, image.height);
  view.color = image;
  view.depth = depth.is_none() ? nullptr : &input->depth.view;
  view.imu_samples = input->imu.empty() ? nullptr : input->imu.data();
  view.imu_sample_count = static_cast<int32_t>(input->imu.size());
}

}  // namespace arscene_python
