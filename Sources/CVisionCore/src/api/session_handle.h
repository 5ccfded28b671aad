// The object behind the C handle vc_session_t, shared by the entry points that
// take a session (session_api.cpp, plane_api.cpp).
#pragma once

#include "api/guard.h"
#include "common/session_options.h"
#include "session/session.h"
#include "vision_core/vision_core.h"

struct vc_session {
  explicit vc_session(const vc::SessionOptions& options) : core(options) {}
  vc::Session core;
  vc::ErrorSlot error;
};
