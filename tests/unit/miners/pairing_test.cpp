#include "miners/pairing/pairing.h"

#include <gtest/gtest.h>

using namespace oalens::miners;

namespace {
AssertionVersion v(const std::string& text, const std::string& testCase, uint32_t line, const std::string& api = "x") {
  AssertionVersion a;
  a.assertion.testCase = testCase;
  a.assertion.api = api;
  a.assertion.range.start.line = line;
  a.normalized = normalizeStatement(text);
  a.raw = text;
  return a;
}
}  // namespace

TEST(Pairing, NormalizesWhitespaceAndTrailingCommas) {
  EXPECT_EQ(normalizeStatement("f(a,\n   b,\n)"), "f(a,b)");
}

TEST(Pairing, UnchangedFirstThenMostSimilarThenLeftovers) {
  std::vector<AssertionVersion> olds = {v("assert_allclose(a, b)", "t1", 3), v("assert_allclose(c, d, rtol=1e-5)", "t1", 4),
                                        v("assert_allclose(e, f)", "t2", 9)};
  std::vector<AssertionVersion> news = {v("assert_allclose(c, d, rtol=1e-3)", "t1", 4), v("assert_allclose(a, b)", "t1", 3),
                                        v("assert_allclose(g, h)", "t3", 20)};
  auto pairs = pairAssertions(olds, news);
  auto find = [&](int o) {
    for (auto p : pairs)
      if (p.oldIndex == o) return p.newIndex;
    return -2;
  };
  EXPECT_EQ(find(0), 1);
  EXPECT_EQ(find(1), 0);
  EXPECT_EQ(find(2), -1);  // t2 deleted; t3's assertion is an addition
  bool added = false;
  for (auto p : pairs) added |= p.oldIndex == -1 && p.newIndex == 2;
  EXPECT_TRUE(added);
}
