// The body every option struct shares: one group of the option table
// (common/option_table.h) expanded into the struct's members, with their
// defaults, and into its ForEachOption, which the copies from and to C and
// the checks of common/option_rules.h are written over. The struct names
// its group by defining that group's row macro as VC_OPTION_ROW around the
// include:
//
//   struct ImageOptions {
//     using COptions = vc_image_options_t;
//     static constexpr char kCPrefix[] = "images.";
//   #define VC_IMAGE_OPTION VC_OPTION_ROW
//   #include "common/option_struct_rows.h"
//   #undef VC_IMAGE_OPTION
//     VC_OPTION_FUNCTIONS(ImageOptions)
//   };
//
// Included on purpose once per struct, inside it, and so without an include
// guard.

#define VC_OPTION_ROW VC_OPTION_MEMBER
#include "common/option_table.h"
#undef VC_OPTION_ROW

template <typename Self, typename Visit>
static void ForEachOption(Self& self, Visit&& visit) {
#define VC_OPTION_ROW VC_OPTION_VISIT
#include "common/option_table.h"
#undef VC_OPTION_ROW
}
