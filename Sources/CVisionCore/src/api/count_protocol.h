#pragma once
// How the C API hands out lists: the count protocol (call once with NULL for
// the count, again with a buffer that large) and the rule that reading a
// handle's results leaves the message of its last failed call alone.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "api/guard.h"
#include "common/status_error.h"
#include "vision_core/vision_core.h"

namespace vc {

// Copies items into a caller's array under the count protocol: the count
// always, the items only with a buffer, which must be large enough. `what`
// names the items in the error ("capacity 2 < 5 plane anchors").
template <typename Item>
void CopyOut(const std::vector<Item>& items, Item* out, int32_t capacity,
             int32_t* out_count, const char* what) {
  Require(out_count != nullptr, "out_count is NULL");
  Require(capacity >= 0, "capacity must be >= 0");
  const auto count = static_cast<int32_t>(items.size());
  *out_count = count;
  if (out == nullptr) return;
  Require(capacity >= count,
          "capacity " + std::to_string(capacity) + " < " +
              std::to_string(count) + " " + what,
          VC_STATUS_BUFFER_TOO_SMALL);
  std::copy(items.begin(), items.end(), out);
}

// Runs body, a read of handle's results (a session, a reference image set):
// failures of the read itself are recorded in the handle's error slot,
// successes leave the message of its last failed call as it was.
template <typename Handle, typename Body>
vc_status_t GuardedRead(const Handle* handle, Body&& body) {
  ErrorSlot local;
  const vc_status_t status = Guarded(local, body);
  if (status != VC_STATUS_OK) {
    const_cast<Handle*>(handle)->error.Set(local.c_str());
  }
  return status;
}

}  // namespace vc
