// A suite helper declared as a template and defined only by explicit specializations (close_all.cc).
#pragma once
#include <gtest/gtest.h>

#include <vector>

namespace suite {

template <typename A, typename B>
::testing::AssertionResult closeAll(const std::vector<A>& a, const std::vector<B>& b, const float atol = 1e-6f, const float rtol = 0);

}  // namespace suite
