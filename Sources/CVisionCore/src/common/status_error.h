// An error the core raises on purpose, carrying the status the C boundary
// returns. Validation code throws it; the guard in api/guard.h catches it.
#pragma once

#include <stdexcept>
#include <string>

#include "vision_core/vision_core.h"

namespace vc {

class StatusError : public std::runtime_error {
 public:
  StatusError(vc_status_t status, const std::string& message)
      : std::runtime_error(message), status_(status) {}

  vc_status_t status() const { return status_; }

 private:
  vc_status_t status_;
};

// Throws StatusError(VC_STATUS_INVALID_ARGUMENT, message) unless condition.
inline void Require(bool condition, const std::string& message,
                    vc_status_t status = VC_STATUS_INVALID_ARGUMENT) {
  if (!condition) throw StatusError(status, message);
}

}  // namespace vc
