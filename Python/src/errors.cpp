#include "errors.h"

#include <array>

namespace nb = nanobind;

namespace arscene_python {
namespace {

struct ErrorType {
  vc_status_t status;
  const char* name;  // the class in arscene._errors
};

constexpr std::array<ErrorType, 8> kErrorTypes = {{
    {VC_STATUS_INVALID_ARGUMENT, "InvalidArgumentError"},
    {VC_STATUS_INVALID_IMAGE, "InvalidImageError"},
    {VC_STATUS_TIMESTAMP_ORDER, "TimestampOrderError"},
    {VC_STATUS_DECODE_FAILED, "DecodeError"},
    {VC_STATUS_IO_ERROR, "FileError"},
    {VC_STATUS_OPENCV_ERROR, "OpenCVError"},
    {VC_STATUS_OUT_OF_MEMORY, "OutOfMemoryError"},
    {VC_STATUS_INTERNAL_ERROR, "InternalError"},
}};

// The class a status raises, from the package's pure-Python errors module
// (looked up when first needed: the extension is also imported on its own,
// to make its stubs); RuntimeError outside the package.
nb::object ErrorClass(vc_status_t status) {
  const char* name = "Error";
  for (const ErrorType& type : kErrorTypes) {
    if (type.status == status) name = type.name;
  }
  try {
    return nb::module_::import_("arscene._errors").attr(name);
  } catch (const nb::python_error&) {
    return nb::borrow(PyExc_RuntimeError);
  }
}

}  // namespace

void RaiseStatus(vc_status_t status, const std::string& message) {
  const std::string text =
      message.empty() ? std::string(vc_status_name(status)) : message;
  nb::object type = ErrorClass(status);
  PyErr_SetString(type.ptr(), text.c_str());
  throw nb::python_error();
}

void RaiseTypeError(const std::string& message) {
  PyErr_SetString(PyExc_TypeError, message.c_str());
  throw nb::python_error();
}

void RaiseValueError(const std::string& message) {
  PyErr_SetString(PyExc_ValueError, message.c_str());
  throw nb::python_error();
}

}  // namespace arscene_python
