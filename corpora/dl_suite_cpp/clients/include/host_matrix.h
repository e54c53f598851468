// Matrices of the client suite: a view that knows how to compare itself with another, an owning
// matrix deriving from it, and aliases the tests declare their matrices with. The check is the
// view's method; tests call it on the owning type.
#pragma once
#include <cstdint>
#include <vector>

#include "include/element_checks.h"

enum class place { host, device };

template <place P, typename T>
struct matrix_view {
  int64_t rows = 0, cols = 0;
  T* data = nullptr;

  template <place Q>
  void near_check(const matrix_view<Q, T>& other, double tol = 1e-3) const {
    switch (P) {
      case place::device: {
        matrix_view<place::host, T> on_host(*this);
        on_host.near_check(other, tol);
        break;
      }
      case place::host: {
        near_check<T>(rows * cols, other.data, data, tol);
        break;
      }
    }
  }
};

template <place P, typename T>
struct matrix : public matrix_view<P, T> {
  std::vector<T> storage;
  matrix(int64_t r, int64_t c) : storage(r * c) {}
};

template <typename T>
using host_matrix = matrix<place::host, T>;
template <typename T>
using device_matrix = matrix<place::device, T>;
