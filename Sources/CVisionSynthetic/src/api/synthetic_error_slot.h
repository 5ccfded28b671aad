// Where the synthetic library's calls leave their failure messages: a slot per
// thread of its own (vc_synthetic_last_error_message), so this library needs
// nothing from the engine but its headers.
#pragma once

#include "api/guard.h"

namespace vc::synthetic {

ErrorSlot& ThreadErrorSlot();

}  // namespace vc::synthetic
