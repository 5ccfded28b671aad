// std::stable_sort's order without std::stable_sort: libstdc++ 12's
// implementation asks std::get_temporary_buffer for its scratch space, which
// clang marks deprecated, so every use warned in every build. Sorting the
// positions with the position as the tie-break gives exactly the same order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace vc {

// Sorts *values by less (a strict weak order), keeping equal elements in
// their order, as std::stable_sort does.
template <typename T, typename Less>
void StableSort(std::vector<T>* values, Less less) {
  std::vector<size_t> order(values->size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const T& x = (*values)[a];
    const T& y = (*values)[b];
    if (less(x, y)) return true;
    if (less(y, x)) return false;
    return a < b;
  });
  std::vector<T> sorted;
  sorted.reserve(values->size());
  for (size_t k : order) sorted.push_back(std::move((*values)[k]));
  values->swap(sorted);
}

}  // namespace vc
