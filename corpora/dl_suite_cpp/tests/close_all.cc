#include "close_all.h"

#include <cmath>

namespace suite {

template <>
::testing::AssertionResult closeAll<float, float>(const std::vector<float>& a, const std::vector<float>& b, const float atol,
                                                  const float rtol) {
  for (size_t i = 0; i < a.size(); ++i) {
    const float absDiff = std::fabs(a[i] - b[i]);
    const bool match = absDiff <= atol || absDiff <= rtol * std::fabs(a[i]);
    if (!match) return ::testing::AssertionFailure() << "element " << i << " differs by " << absDiff;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace suite
