#include "api/guard.h"

namespace vc {

ErrorSlot& ThreadErrorSlot() {
  thread_local ErrorSlot slot;
  return slot;
}

}  // namespace vc
