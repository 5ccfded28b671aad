// Entry points for raycasting into a session's world.
#include <algorithm>
#include <string>
#include <vector>

#include "api/count_protocol.h"
#include "api/guard.h"
#include "api/session_handle.h"
#include "common/raycast_options.h"
#include "common/status_error.h"
#include "raycast/raycaster.h"
#include "vision_core/vision_core.h"

extern "C" {

void vc_raycast_options_init(vc_raycast_options_t* options) {
  if (options == nullptr) return;
  vc::RaycastOptions().ToC(options);
}

vc_status_t vc_raycast_options_validate(const vc_raycast_options_t* options,
                                        vc_option_naming_t naming) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(options != nullptr, "options is NULL");
    vc::RaycastOptions::FromC(*options).Check(vc::OptionNamingFromC(naming));
  });
}

vc_status_t vc_session_raycast(vc_session_t* session,
                               const vc_raycast_query_t* query,
                               const vc_raycast_options_t* options,
                               vc_raycast_result_t* out_results,
                               int32_t capacity, int32_t* out_count) {
  if (session == nullptr) return VC_STATUS_INVALID_ARGUMENT;
  return vc::Guarded(session->error, [&] {
    vc::Require(query != nullptr, "query is NULL");
    vc::Require(out_count != nullptr, "out_count is NULL");
    vc::Require(capacity >= 0, "capacity must be >= 0");
    vc::RaycastOptions parsed;
    if (options != nullptr) parsed = vc::RaycastOptions::FromC(*options);
    parsed.Check();
    vc::CheckRaycastQuery(*query);
    const std::vector<vc_raycast_result_t> results = vc::Raycast(
        *query, parsed, session->core.plane_anchors(),
        session->core.last_depth(), session->core.last_feature_points(),
        session->core.mesh_anchors());
    vc::CopyOut(results, out_results, capacity, out_count, "raycast results");
  });
}

}  // extern "C"
