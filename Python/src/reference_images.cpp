// arscene.ReferenceImageSet: pictures with their physical widths, validated
// as they are added, for Session.set_detection_images.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <memory>
#include <string>

#include "errors.h"
#include "handles.h"
#include "inputs.h"

namespace nb = nanobind;

namespace arscene_python {
namespace {

ReferenceImageSet NewSet() {
  vc_reference_image_set_t* set = nullptr;
  Check(vc_reference_image_set_create(&set),
        [] { return std::string(vc_last_error_message()); });
  return ReferenceImageSet{std::shared_ptr<vc_reference_image_set_t>(
      set, vc_reference_image_set_destroy)};
}

nb::dict Add(ReferenceImageSet& images, const std::string& name,
             nb::handle image, double physical_width,
             const std::string& color_format) {
  const ImageInput input = ColorInput(image, color_format, "image");
  vc_reference_image_validation_t validation{};
  int32_t index = -1;
  Check(vc_reference_image_set_add(images.set.get(), name.c_str(),
                                   static_cast<float>(physical_width),
                                   &input.view, &validation, &index),
        [&] {
          return std::string(
              vc_reference_image_set_last_error_message(images.set.get()));
        });
  images.built = false;
  nb::dict result;
  result["index"] = index;
  result["quality"] = validation.quality;
  result["feature_count"] = validation.feature_count;
  result["coverage"] = validation.coverage;
  result["repetition"] = validation.repetition;
  return result;
}

int32_t Count(const ReferenceImageSet& images) {
  int32_t count = 0;
  Check(vc_reference_image_set_get_count(images.set.get(), &count),
        [&] { return std::string("cannot count the set's images"); });
  return count;
}

}  // namespace

void BindReferenceImages(nb::module_& m) {
  nb::class_<ReferenceImageSet>(m, "ReferenceImageSet",
                                "Pictures to recognise and track, each with "
                                "its physical width (ARKit's "
                                "ARReferenceImage set); up to 100.")
      .def(
          "__init__",
          [](ReferenceImageSet* self) {
            new (self) ReferenceImageSet(NewSet());
          },
          "An empty set.")
      .def("add", &Add, nb::arg("name"), nb::arg("image"),
           nb::arg("physical_width"), nb::kw_only(),
           nb::arg("color_format") = "rgb",
           "Validates a picture (H x W x 3 or H x W uint8) of physical_width "
           "metres and adds it; returns its index and quality (0..100). A "
           "picture that cannot be recognised (too small, too little "
           "texture, repetitive, a duplicate) raises "
           "arscene.InvalidImageError or InvalidArgumentError saying why.")
      .def("__len__", &Count, "The number of pictures in the set.");
}

}  // namespace arscene_python
