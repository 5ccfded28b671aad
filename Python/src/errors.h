// Raising the package's exceptions (arscene/_errors.py: arscene.Error and one
// subclass per core status) with the core's message.
#pragma once

#include <nanobind/nanobind.h>

#include <string>

#include "vision_core/vision_core.h"

namespace arscene_python {

// Raises the arscene.Error subclass of status with message.
[[noreturn]] void RaiseStatus(vc_status_t status, const std::string& message);

// Raises for any status but VC_STATUS_OK, with message().
template <typename Message>
void Check(vc_status_t status, Message&& message) {
  if (status != VC_STATUS_OK) RaiseStatus(status, message());
}

// Raises a Python TypeError or ValueError with message.
[[noreturn]] void RaiseTypeError(const std::string& message);
[[noreturn]] void RaiseValueError(const std::string& message);

}  // namespace arscene_python
