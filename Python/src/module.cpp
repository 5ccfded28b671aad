// arscene._core: the vision core's C API in Python's words. The package's
// __init__.py re-exports it beside the pure-Python sequence reader.
#include <nanobind/nanobind.h>

#include "errors.h"
#include "mesh.h"
#include "options.h"
#include "results.h"
#include "vision_core/vision_core.h"

namespace nb = nanobind;

namespace arscene_python {
void BindSession(nb::module_& m);
void BindWorldMap(nb::module_& m);
void BindReferenceImages(nb::module_& m);
void BindImageReading(nb::module_& m);
}  // namespace arscene_python

NB_MODULE(_core, m) {
  using namespace arscene_python;
  m.doc() =
      "ARScene's vision core: world tracking, planes, images, "
      "raycasts and world maps.";
  m.attr("__version__") = vc_version();
  m.attr("opencv_version") = vc_opencv_version();
  BindOptions(m);
  BindResults(m);
  BindMesh(m);
  BindReferenceImages(m);
  BindWorldMap(m);
  BindSession(m);
  BindImageReading(m);
}
