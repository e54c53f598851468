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

// The values of a sparse matrix, compared element by element; one overload is only declared here.
template <place P, typename T>
struct value_array {
  std::vector<T> v;
  template <place Q>
  void near_check(const value_array<Q, T>& other, double tol_ = 1e-3) const {
    near_check<T>(static_cast<int64_t>(v.size()), other.v.data(), v.data(), tol_);
  }
  void near_check(const std::vector<T>& other, double tol_ = 1e-3) const;
};

template <place P>
struct storage_traits {
  template <typename S>
  using array_t = value_array<P, S>;
};

// A sparse matrix whose check hands its values to their own: the member's type is spelled through
// a traits alias, so only the method's name tells which check runs.
template <place P, typename T>
struct sparse_matrix {
  template <typename S>
  using array_t = typename storage_traits<P>::template array_t<S>;
  array_t<T> val{};

  template <place Q>
  void near_check(const sparse_matrix<Q, T>& other, double tol = 1e-3) const {
    if (!this->val.v.empty()) {
      this->val.near_check(other.val, tol);
    }
  }
};

template <typename T>
using host_sparse = sparse_matrix<place::host, T>;
template <typename T>
using device_sparse = sparse_matrix<place::device, T>;
