// What turns the option table (common/option_table.h) into C++: the rule a
// value must meet, the copies from and to the C structs, and the message that
// names a bad value in the caller's language. Every option struct is written
// with these, so no option's default, range or conversion is written twice.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "common/status_error.h"
#include "vision_core/vision_core.h"

namespace vc {

// Which binding's names a validation message uses: a C user set
// tracking.max_features, a Swift user tracking.maximumFeatures.
enum class OptionNaming { kC, kSwift };

inline OptionNaming OptionNamingFromC(vc_option_naming_t naming) {
  Require(naming == VC_OPTION_NAMING_C || naming == VC_OPTION_NAMING_SWIFT,
          "naming " + std::to_string(naming) + " is not a vc_option_naming_t");
  return naming == VC_OPTION_NAMING_SWIFT ? OptionNaming::kSwift
                                          : OptionNaming::kC;
}

// Numbers as Swift prints them (0.0, 45.0, 0.3, nan, inf), so that a message
// reads the same in both bindings.
inline std::string FormatOptionValue(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof(text), "%g", value);
  std::string result(text);
  if (result.find_first_of(".e") == std::string::npos) result += ".0";
  return result;
}
inline std::string FormatOptionValue(int value) {
  return std::to_string(value);
}
// Bounds as the table writes them: "> 0", "in (0, 45)".
inline std::string FormatOptionBound(float bound) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", static_cast<double>(bound));
  return text;
}

// ---- Rules: what a value must be. Each says whether it allows a value and,
// if not, what it must be ("must be 8...4096").

struct IntIn {
  int low, high;
  bool Allows(int value) const { return value >= low && value <= high; }
  std::string Must() const {
    return "must be " + std::to_string(low) + "..." + std::to_string(high);
  }
};
struct OddIntIn {
  int low, high;
  bool Allows(int value) const {
    return value >= low && value <= high && value % 2 == 1;
  }
  std::string Must() const {
    return "must be odd and " + std::to_string(low) + "..." +
           std::to_string(high);
  }
};
// A bit set: only the bits of the mask may be set.
struct BitsOf {
  int mask;
  bool Allows(int value) const { return (value & ~mask) == 0; }
  std::string Must() const {
    char text[48];
    std::snprintf(text, sizeof(text), "must have no bits outside 0x%x",
                  static_cast<unsigned>(mask));
    return text;
  }
};
// Floats must be finite too: NaN compares false with every bound.
struct FloatAbove {
  float low;
  bool Allows(float value) const { return std::isfinite(value) && value > low; }
  std::string Must() const { return "must be > " + FormatOptionBound(low); }
};
struct FloatAtLeast {
  float low;
  bool Allows(float value) const {
    return std::isfinite(value) && value >= low;
  }
  std::string Must() const { return "must be >= " + FormatOptionBound(low); }
};
struct FloatIn {
  float low, high;
  bool Allows(float value) const {
    return std::isfinite(value) && value >= low && value <= high;
  }
  std::string Must() const {
    return "must be " + FormatOptionBound(low) + "..." +
           FormatOptionBound(high);
  }
};
struct FloatBetween {
  float low, high;
  bool Allows(float value) const {
    return std::isfinite(value) && value > low && value < high;
  }
  std::string Must() const {
    return "must be in (" + FormatOptionBound(low) + ", " +
           FormatOptionBound(high) + ")";
  }
};
// Switches and seeds: every value means something.
struct AnyValue {
  template <typename T>
  bool Allows(const T&) const {
    return true;
  }
  std::string Must() const { return ""; }
};
struct FiniteVector {
  bool Allows(const Eigen::Vector3f& value) const { return value.allFinite(); }
  std::string Must() const { return "must be finite"; }
};
// An enum's known values, low..high of its underlying integers.
struct EnumIn {
  int low, high;
  template <typename E>
  bool Allows(E value) const {
    const int raw = static_cast<int>(value);
    return raw >= low && raw <= high;
  }
  std::string Must() const {
    return "must be " + std::to_string(low) + "..." + std::to_string(high);
  }
};

inline std::string FormatOptionValue(bool value) { return value ? "1" : "0"; }
inline std::string FormatOptionValue(float value) {
  return FormatOptionValue(static_cast<double>(value));
}
inline std::string FormatOptionValue(uint64_t value) {
  return std::to_string(value);
}
inline std::string FormatOptionValue(const Eigen::Vector3f& value) {
  return "(" + FormatOptionValue(value.x()) + ", " +
         FormatOptionValue(value.y()) + ", " + FormatOptionValue(value.z()) +
         ")";
}
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
std::string FormatOptionValue(E value) {
  return std::to_string(static_cast<int>(value));
}

// Throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the option in the
// caller's binding: "tracking.max_features must be 8...4096, got 3".
// c_prefix is the C struct's path ("tracking."), empty for the session's own.
template <typename T, typename Rule>
void CheckOption(const T& value, const Rule& rule, const char* c_prefix,
                 const char* c_name, const char* swift_name,
                 OptionNaming naming) {
  if (rule.Allows(value)) return;
  const std::string name = naming == OptionNaming::kSwift
                               ? std::string(swift_name)
                               : std::string(c_prefix) + c_name;
  throw StatusError(
      VC_STATUS_INVALID_ARGUMENT,
      name + " " + rule.Must() + ", got " + FormatOptionValue(value));
}

// ---- Copies between a C field and its C++ member. C has no bool, no Eigen
// and plain enums; C++ has all three.

inline void OptionFromC(int32_t c, int* value) { *value = c; }
inline void OptionFromC(int32_t c, bool* value) { *value = c != 0; }
inline void OptionFromC(float c, float* value) { *value = c; }
inline void OptionFromC(uint64_t c, uint64_t* value) { *value = c; }
inline void OptionFromC(const float (&c)[3], Eigen::Vector3f* value) {
  *value = Eigen::Vector3f(c[0], c[1], c[2]);
}
// An unknown C enum value is kept as it is, so that Check() names it rather
// than it silently meaning the first value.
template <
    typename CEnum, typename E,
    typename = std::enable_if_t<std::is_enum_v<CEnum> && std::is_enum_v<E>>>
void OptionFromC(CEnum c, E* value) {
  *value = static_cast<E>(static_cast<int>(c));
}

inline void OptionToC(int value, int32_t* c) { *c = value; }
inline void OptionToC(bool value, int32_t* c) { *c = value ? 1 : 0; }
inline void OptionToC(float value, float* c) { *c = value; }
inline void OptionToC(uint64_t value, uint64_t* c) { *c = value; }
inline void OptionToC(const Eigen::Vector3f& value, float (*c)[3]) {
  for (int i = 0; i < 3; ++i) (*c)[i] = value[i];
}
template <
    typename E, typename CEnum,
    typename = std::enable_if_t<std::is_enum_v<CEnum> && std::is_enum_v<E>>>
void OptionToC(E value, CEnum* c) {
  *c = static_cast<CEnum>(static_cast<int>(value));
}

}  // namespace vc

// Expansions of a row of the option table (common/option_table.h), which
// common/option_struct_rows.h gives a group's row macro in turn.
// VC_OPTION_MEMBER declares the member with its default;
// VC_OPTION_VISIT calls visit(member, &COptions::field, c_name, swift_name,
// rule) with `self` and `visit` in scope (see VC_OPTION_FUNCTIONS).
#define VC_OPTION_MEMBER(type, name, swift_name, value, rule) type name = value;
#define VC_OPTION_VISIT(type, name, swift_name, value, rule) \
  visit(self.name, &COptions::name, #name, swift_name, rule);

namespace vc {

// Copies a C options struct into its C++ form, row by row.
template <typename Options>
Options OptionsFromC(const typename Options::COptions& options) {
  Options result;
  Options::ForEachOption(
      result, [&](auto& value, auto field, const char*, const char*,
                  const auto&) { OptionFromC(options.*field, &value); });
  return result;
}

template <typename Options>
void OptionsToC(const Options& from, typename Options::COptions* options) {
  Options::ForEachOption(
      from, [&](const auto& value, auto field, const char*, const char*,
                const auto&) { OptionToC(value, &(options->*field)); });
}

// Checks each row's rule in the table's order; the first bad value throws.
template <typename Options>
void CheckOptions(const Options& options, OptionNaming naming) {
  Options::ForEachOption(
      options, [&](const auto& value, auto, const char* name,
                   const char* swift_name, const auto& rule) {
        CheckOption(value, rule, Options::kCPrefix, name, swift_name, naming);
      });
}

// Whether two C fields hold the same value, arrays element by element.
template <typename T>
bool OptionFieldEqual(const T& a, const T& b) {
  return a == b;
}
template <typename T, size_t N>
bool OptionFieldEqual(const T (&a)[N], const T (&b)[N]) {
  for (size_t i = 0; i < N; ++i) {
    if (!(a[i] == b[i])) return false;
  }
  return true;
}

// Appends to `names` (comma-separated) the options whose fields differ
// between a and b, once per name (depthRange is two fields).
template <typename Options>
void AppendOptionDifferences(const typename Options::COptions& a,
                             const typename Options::COptions& b,
                             OptionNaming naming, std::string* names) {
  const Options any;
  std::string last;
  Options::ForEachOption(any, [&](const auto&, auto field, const char* name,
                                  const char* swift_name, const auto&) {
    if (OptionFieldEqual(a.*field, b.*field)) return;
    const std::string text = naming == OptionNaming::kSwift
                                 ? std::string(swift_name)
                                 : std::string(Options::kCPrefix) + name;
    if (text == last) return;
    last = text;
    if (!names->empty()) *names += ", ";
    *names += text;
  });
}

}  // namespace vc

// The conversions and the check of an option struct with a COptions type, a
// kCPrefix and a ForEachOption and nothing else to convert or check. Check()
// throws StatusError(VC_STATUS_INVALID_ARGUMENT) naming the first bad value.
#define VC_OPTION_FUNCTIONS(Options)                                      \
  static Options FromC(const COptions& options) {                         \
    return ::vc::OptionsFromC<Options>(options);                          \
  }                                                                       \
  void ToC(COptions* options) const { ::vc::OptionsToC(*this, options); } \
  void Check(OptionNaming naming = OptionNaming::kC) const {              \
    ::vc::CheckOptions(*this, naming);                                    \
  }
