#include "api/synthetic_error_slot.h"

#include "vision_synthetic/vision_synthetic.h"

namespace vc::synthetic {

ErrorSlot& ThreadErrorSlot() {
  thread_local ErrorSlot slot;
  return slot;
}

}  // namespace vc::synthetic

extern "C" const char* vc_synthetic_last_error_message(void) {
  return vc::synthetic::ThreadErrorSlot().c_str();
}
