#include "arrays.h"

#include <cctype>
#include <cstring>

namespace arscene_python {

Matrix4 MatrixOf(const float (&column_major)[16]) {
  double* m = nullptr;
  Matrix4 matrix = NewArray<Matrix4>(4, 4, &m);
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 4; ++column) {
      m[row * 4 + column] = column_major[column * 4 + row];
    }
  }
  return matrix;
}

Matrix4 OpenCVCameraMatrixOf(const float (&column_major)[16]) {
  Matrix4 matrix = MatrixOf(column_major);
  double* m = matrix.data();
  // Right-multiplying by diag(1, -1, -1, 1) negates columns 1 and 2: exact.
  for (int row = 0; row < 4; ++row) {
    m[row * 4 + 1] = -m[row * 4 + 1];
    m[row * 4 + 2] = -m[row * 4 + 2];
  }
  return matrix;
}

Vector3 VectorOf(const float (&values)[3]) {
  double* v = nullptr;
  Vector3 vector = NewArray<Vector3>(3, 0, &v);
  for (int i = 0; i < 3; ++i) v[i] = values[i];
  return vector;
}

std::string EnumWord(const char* name, const char* prefix) {
  std::string word = name;
  const size_t length = std::strlen(prefix);
  if (word.compare(0, length, prefix) == 0) word = word.substr(length);
  for (char& c : word) c = static_cast<char>(std::tolower(c));
  return word;
}

}  // namespace arscene_python
