#include "options.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "errors.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

// A number as text the core reads back to the same value: integers in full
// (a seed beyond 2^53 too), floats in Python's shortest round-trip form.
std::string NumberText(nb::handle value) {
  if (PyBool_Check(value.ptr())) return value.ptr() == Py_True ? "1" : "0";
  if (PyLong_Check(value.ptr())) return nb::str(value).c_str();
  if (PyFloat_Check(value.ptr())) return nb::repr(value).c_str();
  if (nb::hasattr(value, "__index__")) {
    return nb::str(value.attr("__index__")()).c_str();
  }
  if (nb::hasattr(value, "__float__")) {
    return nb::repr(nb::float_(value)).c_str();
  }
  return "";
}

// A config value as the core's text: a bool or number, or a sequence of
// numbers separated by spaces.
std::string ValueText(const std::string& name, nb::handle value) {
  std::string text;
  if (!PyUnicode_Check(value.ptr()) && !PyBytes_Check(value.ptr())) {
    text = NumberText(value);
    if (text.empty() && PySequence_Check(value.ptr())) {
      for (nb::handle item : nb::iter(value)) {
        const std::string number = NumberText(item);
        if (number.empty() || PySequence_Check(item.ptr())) {
          text.clear();
          break;
        }
        text += (text.empty() ? "" : " ") + number;
      }
    }
  }
  if (text.empty()) {
    RaiseTypeError("config[\"" + name +
                   "\"] must be a number, a bool or a sequence of numbers, "
                   "got " +
                   nb::repr(value).c_str());
  }
  return text;
}

// The option's value as Python's: an int, a float, or a tuple of floats.
nb::object ValueOf(const vc_session_options_t& options, const char* name) {
  const char* text = vc_session_options_get(&options, name);
  if (text == nullptr)
    RaiseStatus(VC_STATUS_INVALID_ARGUMENT, vc_last_error_message());
  const std::string value = text;
  nb::object builtins = nb::module_::import_("builtins");
  if (value.find(' ') != std::string::npos) {
    nb::list numbers;
    for (nb::handle word : nb::str(value.c_str()).attr("split")()) {
      numbers.append(builtins.attr("float")(word));
    }
    return nb::tuple(numbers);
  }
  const bool whole = value.find_first_of(".eEn") == std::string::npos;
  return builtins.attr(whole ? "int" : "float")(nb::str(value.c_str()));
}

std::vector<std::string> OptionNames() {
  std::vector<std::string> names;
  for (int32_t i = 0; i < vc_session_option_count(); ++i) {
    names.emplace_back(vc_session_option_name(i));
  }
  return names;
}

}  // namespace

vc_session_options_t SessionOptionsOf(nb::handle config) {
  vc_session_options_t options;
  vc_session_options_init(&options);
  if (config.is_none()) return options;
  if (!nb::hasattr(config, "items")) {
    RaiseTypeError(std::string("config must be a mapping of option names to "
                               "values (or None), got ") +
                   nb::type_name(config.type()).c_str());
  }
  nb::object items = config.attr("items")();
  for (nb::handle item : nb::iter(items)) {
    nb::handle key = item[0];
    if (!PyUnicode_Check(key.ptr())) {
      RaiseTypeError(std::string("config keys must be option names (str), "
                                 "got ") +
                     nb::repr(key).c_str());
    }
    const std::string name = nb::cast<std::string>(key);
    const std::string value = ValueText(name, item[1]);
    Check(vc_session_options_set(&options, name.c_str(), value.c_str()),
          [] { return std::string("config: ") + vc_last_error_message(); });
  }
  Check(vc_session_options_validate(&options, VC_OPTION_NAMING_C),
        [] { return std::string("config: ") + vc_last_error_message(); });
  return options;
}

void BindOptions(nb::module_& m) {
  m.def("option_names", &OptionNames,
        "The name of every session option a config may set, in the core's "
        "order (\"tracking.max_features\", ...).");
  m.def(
      "default_config",
      [] {
        vc_session_options_t options;
        vc_session_options_init(&options);
        nb::dict config;
        for (const std::string& name : OptionNames()) {
          config[name.c_str()] = ValueOf(options, name.c_str());
        }
        return config;
      },
      "Every session option with its default value: a config Session "
      "accepts. vision_core.h documents each (the same names).");
}

}  // namespace arscene_python
