// The core's count protocol (out array, capacity, out count; a too-small
// array answers VC_STATUS_BUFFER_TOO_SMALL with the count it needs) as one
// call that returns everything.
#pragma once

#include <string>
#include <vector>

#include "errors.h"

namespace arscene_python {

// Fills buffer with everything get has and returns how many: buffer keeps
// its size between calls (a session's next frame needs about as many), so a
// second call of the core, which would find them all again, is rare.
// get(items, capacity, &count) -> vc_status_t; message() names a failure.
template <typename T, typename Get, typename Message>
size_t ReadInto(std::vector<T>& buffer, Get&& get, Message&& message) {
  if (buffer.empty()) buffer.resize(64);
  for (int attempt = 0;; ++attempt) {
    int32_t count = 0;
    const vc_status_t status =
        get(buffer.data(), static_cast<int32_t>(buffer.size()), &count);
    if (status == VC_STATUS_BUFFER_TOO_SMALL && attempt < 4) {
      buffer.resize(static_cast<size_t>(count) * 2);
      continue;
    }
    Check(status, message);
    return static_cast<size_t>(count);
  }
}

// The same into a new vector holding exactly what get has.
template <typename T, typename Get, typename Message>
std::vector<T> ReadAll(Get&& get, Message&& message) {
  std::vector<T> items;
  items.resize(ReadInto(items, get, message));
  return items;
}

}  // namespace arscene_python
