// The Richardson iteration's test driver, its own looser `residualSmall` beside it.
#pragma once
#include <cmath>
#include <vector>

static bool residualSmall(float res) { return (res < 5e-2f); }

static bool residualSmall(double res) { return (res < 1e-4); }

template <typename T>
bool testingRichardson(int n) {
  std::vector<T> x(n, T(0)), exact(n, T(2));
  for (int step = 0; step < 50; ++step)
    for (int i = 0; i < n; ++i) x[i] += T(0.5) * (exact[i] - x[i]);
  T sum = 0;
  for (int i = 0; i < n; ++i) sum += (x[i] - exact[i]) * (x[i] - exact[i]);
  return residualSmall(std::sqrt(sum));
}
