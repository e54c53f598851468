// Out-of-line definitions of mantissa_bits.h: the check answers with a result local picked by a
// flag, cleared when a negated bool local says an element's distance exceeds the tolerance the
// caller's bit count is turned into; two ifs keep the largest distance and count the misses for
// the message, and decide nothing.
#include "mantissa_bits.h"

#include <sstream>

using namespace std;
using namespace suite;

::testing::AssertionResult bits::close_bits(const vector<float>& a, const vector<float>& b, int tolerance_bits) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "sizes differ";
  vector<uint32_t> distances = bit_distances(a, b);
  const uint32_t shift = 32 - (1 + 8 + 23 - tolerance_bits);
  const uint32_t tolerance = static_cast<uint32_t>(1U) << shift;
  bool rc = true;
  uint32_t largest = 0;
  size_t miss_count = 0;
  stringstream msg;
  for (size_t i = 0; i < a.size(); ++i) {
    if (distances[i] > largest) {
      largest = distances[i];
    }
    bool within = distances[i] <= tolerance;
    if (!within) {
      if (miss_count < 5) {
        msg << a[i] << " vs " << b[i];
      }
      rc = false;
      miss_count++;
    }
  }
  ::testing::AssertionResult res = rc ? ::testing::AssertionSuccess() : ::testing::AssertionFailure();
  res << msg.str();
  return res;
}

::testing::AssertionResult bits::close_bits(const vector<double>& a, const vector<double>& b, int tolerance_bits) {
  vector<float> fa(a.begin(), a.end()), fb(b.begin(), b.end());
  return close_bits(fa, fb, tolerance_bits);
}
