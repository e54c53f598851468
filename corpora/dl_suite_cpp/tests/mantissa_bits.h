// A suite helper set declared with its defaults in a header and defined out of line without them
// (mantissa_bits.cc), spelling the element types with `std::` here and without it there.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#define SUITE_DEFAULT_BITS 2

namespace suite {
namespace bits {

std::vector<uint32_t> bit_distances(const std::vector<float>& a, const std::vector<float>& b);

::testing::AssertionResult close_bits(const std::vector<float>& a, const std::vector<float>& b, int tolerance_bits = SUITE_DEFAULT_BITS);
::testing::AssertionResult close_bits(const std::vector<double>& a, const std::vector<double>& b, int tolerance_bits = SUITE_DEFAULT_BITS);

}  // namespace bits
}  // namespace suite
