// The Jacobi solver's test driver: it solves a small diagonally dominant system and answers
// whether the solution's error is within the bound this header's own `residualSmall` keeps.
#pragma once
#include <cmath>
#include <vector>

// Each solver's header keeps a helper of this name, with the bound that solver meets.
static bool residualSmall(float res) { return (res < 1e-3f); }

static bool residualSmall(double res) { return (res < 1e-6); }

template <typename T>
std::vector<T> jacobiSolve(const std::vector<T>& diag, const std::vector<T>& rhs, int sweeps) {
  std::vector<T> x(rhs.size(), T(0));
  for (int s = 0; s < sweeps; ++s)
    for (size_t i = 0; i < x.size(); ++i) x[i] = rhs[i] / diag[i];
  return x;
}

template <typename T>
bool testingJacobi(int n) {
  std::vector<T> diag(n, T(4)), exact(n, T(1)), rhs(n, T(4));
  const std::vector<T> x = jacobiSolve(diag, rhs, 20);
  T sum = 0;
  for (int i = 0; i < n; ++i) sum += (x[i] - exact[i]) * (x[i] - exact[i]);
  const T nrm2 = std::sqrt(sum);
  bool success = residualSmall(nrm2);
  return success;
}
