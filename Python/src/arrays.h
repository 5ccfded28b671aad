// NumPy arrays made by the bindings: float64 (and uint64) arrays that own
// their memory, and the core's column-major float transforms as 4x4 float64
// matrices.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstddef>
#include <string>

namespace arscene_python {

using Matrix4 =
    nanobind::ndarray<nanobind::numpy, double, nanobind::shape<4, 4>>;
using Vector3 = nanobind::ndarray<nanobind::numpy, double, nanobind::shape<3>>;
using Points =
    nanobind::ndarray<nanobind::numpy, double, nanobind::shape<-1, 3>>;
using Points2 =
    nanobind::ndarray<nanobind::numpy, double, nanobind::shape<-1, 2>>;
using Identifiers =
    nanobind::ndarray<nanobind::numpy, uint64_t, nanobind::shape<-1>>;

// A new C-contiguous array of rows x columns (columns 0: a vector of rows)
// whose data the caller fills through *data.
template <typename Array, typename T>
Array NewArray(size_t rows, size_t columns, T** data) {
  const size_t count = rows * (columns == 0 ? 1 : columns);
  T* buffer = new T[count == 0 ? 1 : count]();
  nanobind::capsule owner(
      buffer, [](void* p) noexcept { delete[] static_cast<T*>(p); });
  *data = buffer;
  if (columns == 0) return Array(buffer, {rows}, owner);
  return Array(buffer, {rows, columns}, owner);
}

// world_from_x as the core gives it (column-major float), row-major float64.
Matrix4 MatrixOf(const float (&column_major)[16]);

// The same with the camera's axes turned from ARKit's (+Y up, +Z back) to
// OpenCV's (+Y down, +Z forward), as trajectories and ground truth use.
Matrix4 OpenCVCameraMatrixOf(const float (&column_major)[16]);

Vector3 VectorOf(const float (&values)[3]);

// "VC_TRACKING_STATE_REASON_EXCESSIVE_MOTION" with its prefix
// "VC_TRACKING_STATE_REASON_" as Python's word: "excessive_motion".
std::string EnumWord(const char* name, const char* prefix);

}  // namespace arscene_python
