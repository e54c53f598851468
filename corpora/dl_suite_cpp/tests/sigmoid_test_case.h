// A test case the suite generates inside the library's namespace: a static method of a class
// named for the tests builds the inputs and the expected output, by a loop through another of its
// methods called unqualified. A test that calls it qualified reads the suite's loop, not the
// library's.
#pragma once
#include <cmath>
#include <vector>

namespace minitensor {

struct sigmoid_test_case {
  std::vector<float> inputs, expected;

  static sigmoid_test_case generate(int n) { return build(n, 0.25f); }

 private:
  static sigmoid_test_case build(int n, float step) {
    sigmoid_test_case c{std::vector<float>(n), std::vector<float>(n)};
    for (int i = 0; i < n; ++i) {
      c.inputs[i] = step * (i - n / 2);
      c.expected[i] = 1.0f / (1.0f + std::exp(-c.inputs[i]));
    }
    return c;
  }
};

}  // namespace minitensor
