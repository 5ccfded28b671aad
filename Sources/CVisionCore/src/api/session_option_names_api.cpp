// Entry points for session options by name: bindings whose users write a
// configuration as a mapping ({"tracking.max_features": 300}) set it through
// the option table (common/option_table.h), so no binding repeats its fields.
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "api/guard.h"
#include "common/session_options.h"
#include "common/status_error.h"
#include "vision_core/vision_core.h"

namespace {

// Calls visit(name, field) for each field of the group, with its C name.
template <typename Options, typename COptions, typename Visit>
void VisitGroup(COptions& c_options, Visit& visit) {
  const Options any;
  Options::ForEachOption(any, [&](const auto&, auto field, const char* name,
                                  const char*, const auto&) {
    visit(std::string(Options::kCPrefix) + name, c_options.*field);
  });
}

// Every option of a session, in the table's order, group by group.
template <typename SessionOptions, typename Visit>
void VisitSessionOptions(SessionOptions& options, Visit&& visit) {
  VisitGroup<vc::SessionOptions>(options, visit);
  VisitGroup<vc::TrackingOptions>(options.tracking, visit);
  VisitGroup<vc::PlaneOptions>(options.planes, visit);
  VisitGroup<vc::ImageOptions>(options.images, visit);
  VisitGroup<vc::SessionRelocalizationOptions>(options.relocalization, visit);
}

const std::vector<std::string>& OptionNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    vc_session_options_t options{};
    VisitSessionOptions(options, [&](const std::string& name, const auto&) {
      result.push_back(name);
    });
    return result;
  }();
  return names;
}

// The text's numbers (separated by spaces or commas), or an error naming
// the option when any word is not one.
std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text + " ") {
    if (c == ' ' || c == ',' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
}

double Number(const std::string& name, const std::string& word) {
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  vc::Require(end != word.c_str() && *end == '\0',
              name + " takes a number, got \"" + word + "\"");
  return value;
}

// A whole number within low..high, exactly: integers are read as integers
// (a seed beyond 2^53 keeps every digit), "3.0" and "1e3" as whole doubles.
template <typename T>
T WholeNumber(const std::string& name, const std::string& word, T low, T high) {
  const std::string must = name + " takes a whole number, got \"" + word + "\"";
  char* end = nullptr;
  errno = 0;
  if constexpr (std::is_signed_v<T>) {
    const long long value = std::strtoll(word.c_str(), &end, 10);
    if (end != word.c_str() && *end == '\0' && errno == 0) {
      vc::Require(value >= static_cast<long long>(low) &&
                      value <= static_cast<long long>(high),
                  must);
      return static_cast<T>(value);
    }
  } else if (!word.empty() && word[0] != '-') {
    const unsigned long long value = std::strtoull(word.c_str(), &end, 10);
    if (end != word.c_str() && *end == '\0' && errno == 0) {
      return static_cast<T>(value);
    }
  }
  const double value = Number(name, word);
  vc::Require(std::isfinite(value) && std::floor(value) == value &&
                  value >= static_cast<double>(low) &&
                  value <= static_cast<double>(high) &&
                  std::fabs(value) <= 9007199254740992.0,
              must);
  return static_cast<T>(value);
}

std::string OneWord(const std::string& name,
                    const std::vector<std::string>& words) {
  vc::Require(words.size() == 1,
              name + " takes 1 number, got " + std::to_string(words.size()));
  return words[0];
}

void SetField(const std::string& name, const std::vector<std::string>& words,
              int32_t* field) {
  *field =
      WholeNumber<int32_t>(name, OneWord(name, words), INT32_MIN, INT32_MAX);
}
void SetField(const std::string& name, const std::vector<std::string>& words,
              float* field) {
  *field = static_cast<float>(Number(name, OneWord(name, words)));
}
void SetField(const std::string& name, const std::vector<std::string>& words,
              uint64_t* field) {
  *field = WholeNumber<uint64_t>(name, OneWord(name, words), 0, UINT64_MAX);
}
void SetField(const std::string& name, const std::vector<std::string>& words,
              float (*field)[3]) {
  vc::Require(words.size() == 3,
              name + " takes 3 numbers, got " + std::to_string(words.size()));
  for (int i = 0; i < 3; ++i) {
    (*field)[i] = static_cast<float>(Number(name, words[i]));
  }
}
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
void SetField(const std::string& name, const std::vector<std::string>& words,
              E* field) {
  *field = static_cast<E>(
      WholeNumber<int32_t>(name, OneWord(name, words), INT32_MIN, INT32_MAX));
}

std::string FloatText(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", static_cast<double>(value));
  return text;
}

std::string FieldText(const int32_t& field) { return std::to_string(field); }
std::string FieldText(const float& field) { return FloatText(field); }
std::string FieldText(const uint64_t& field) { return std::to_string(field); }
std::string FieldText(const float (&field)[3]) {
  return FloatText(field[0]) + " " + FloatText(field[1]) + " " +
         FloatText(field[2]);
}
template <typename E, typename = std::enable_if_t<std::is_enum_v<E>>>
std::string FieldText(const E& field) {
  return std::to_string(static_cast<int32_t>(field));
}

std::string UnknownOption(const char* name) {
  return std::string("no session option is named \"") + name +
         "\" (C names such as tracking.max_features)";
}

}  // namespace

extern "C" {

int32_t vc_session_option_count(void) {
  return static_cast<int32_t>(OptionNames().size());
}

const char* vc_session_option_name(int32_t index) {
  const auto& names = OptionNames();
  if (index < 0 || index >= static_cast<int32_t>(names.size())) return nullptr;
  return names[static_cast<size_t>(index)].c_str();
}

vc_status_t vc_session_options_set(vc_session_options_t* options,
                                   const char* name, const char* value) {
  return vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(options != nullptr, "options is NULL");
    vc::Require(name != nullptr, "name is NULL");
    vc::Require(value != nullptr, "value is NULL");
    bool found = false;
    vc_session_options_t changed = *options;
    VisitSessionOptions(changed, [&](const std::string& option, auto& field) {
      if (found || option != name) return;
      found = true;
      SetField(option, Words(value), &field);
    });
    vc::Require(found, UnknownOption(name));
    *options = changed;
  });
}

const char* vc_session_options_get(const vc_session_options_t* options,
                                   const char* name) {
  thread_local std::string text;
  bool found = false;
  const vc_status_t status = vc::Guarded(vc::ThreadErrorSlot(), [&] {
    vc::Require(options != nullptr, "options is NULL");
    vc::Require(name != nullptr, "name is NULL");
    VisitSessionOptions(*options,
                        [&](const std::string& option, const auto& field) {
                          if (found || option != name) return;
                          found = true;
                          text = FieldText(field);
                        });
    vc::Require(found, UnknownOption(name));
  });
  return status == VC_STATUS_OK ? text.c_str() : nullptr;
}

}  // extern "C"
