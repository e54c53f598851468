#include "miners/pairing/pairing.h"

#include <gtest/gtest.h>

using namespace oalens::miners;

namespace {
ScannedCheck check(const std::string& text, const std::string& testCase, uint32_t line, const std::string& api = "x") {
  ScannedCheck c;
  c.assertion.testCase = testCase;
  c.assertion.api = api;
  c.assertion.range.start.line = line;
  c.normalized = normalizeStatement(text);
  c.raw = text;
  return c;
}
AssertionVersion v(const std::string& text, const std::string& testCase, uint32_t line, const std::string& api = "x") {
  return AssertionVersion::of(check(text, testCase, line, api));
}
}  // namespace

TEST(Pairing, NormalizesWhitespaceAndTrailingCommas) { EXPECT_EQ(normalizeStatement("f(a,\n   b,\n)"), "f(a,b)"); }

// A formatter's requoting is layout: `d['coef']` and `d["coef"]` read alike; the text inside still
// counts, and a double quote inside single quotes stays apart from the string's own quotes.
TEST(Pairing, NormalizesStringQuotes) {
  EXPECT_EQ(normalizeStatement("assert np.allclose(U['coef'], ref)"), normalizeStatement("assert np.allclose(U[\"coef\"], ref)"));
  EXPECT_NE(normalizeStatement("f(d['coef'])"), normalizeStatement("f(d['coeff'])"));
  EXPECT_EQ(normalizeStatement("f('say \"hi\"')"), "f(\"say'hi'\")");
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

namespace {
// An assertion in the test function `function` (its test case too).
AssertionVersion in(const std::string& function, const std::string& text, uint32_t line) {
  ScannedCheck c = check(text, function, line);
  c.assertion.function = function;
  return AssertionVersion::of(std::move(c));
}
int newOf(const std::vector<Pair>& pairs, int o) {
  for (const Pair& p : pairs)
    if (p.oldIndex == o) return p.newIndex;
  return -2;
}
}  // namespace

// A unittest class turned into pytest functions with new names (Keras, 7da15230): each test's
// checks pair with its renamed test's, in order, even where two of them differ only in a number
// and the lines moved.
TEST(Pairing, ARenamedTestPairsItsChecksInOrder) {
  const std::vector<AssertionVersion> olds = {in("TestScale.test_case_0", "self.assertAlmostEqual(ops.norm(y), 0.0, places=1)", 37),
                                              in("TestScale.test_case_0", "self.assertAlmostEqual(ops.spread(y), 1.0, places=1)", 38),
                                              in("TestScale.test_case_1", "self.assertAlmostEqual(ops.norm(y), 0.0)", 46),
                                              in("TestScale.test_case_1", "self.assertAlmostEqual(ops.spread(y), 1.0, places=2)", 48),
                                              in("TestScale.test_case_1", "self.assertAlmostEqual(ops.spread(y), 0.0, places=2)", 50)};
  const std::vector<AssertionVersion> news = {in("test_scaling_case_0", "assert_allclose(ops.norm(y), 0.0, atol=1e-1)", 29),
                                              in("test_scaling_case_0", "assert_allclose(ops.spread(y), 1.0, atol=1e-1)", 30),
                                              in("test_scaling_case_1", "assert_allclose(ops.norm(y), 0.0, atol=1e-1)", 40),
                                              in("test_scaling_case_1", "assert_allclose(ops.spread(y), 1.0, atol=1e-1)", 42),
                                              in("test_scaling_case_1", "assert_allclose(ops.spread(y), 0.0, atol=1e-1)", 44)};
  const std::vector<Pair> pairs = pairAssertions(olds, news);
  for (int o = 0; o < 5; ++o) EXPECT_EQ(newOf(pairs, o), o) << olds[size_t(o)].raw();
}

// Tests whose names share no word are not one renamed test, and a statement another test holds
// nearly verbatim is not taken by a renamed test's loose match.
TEST(Pairing, RenamedTestsNeedSimilarNamesAndYieldToNearVerbatimStatements) {
  auto pairsFor = [](const std::string& newName) {
    const std::vector<AssertionVersion> olds = {in("test_alpha", "assert_allclose(f(a), b, rtol=1e-3)", 3),
                                                in("test_case_1", "assert_allclose(x, y, atol=1e-5)", 10)};
    const std::vector<AssertionVersion> news = {in(newName, "assert_allclose(g(c), d)", 3),
                                                in("test_scaling_case_1", "assert_allclose(x, z)", 10),
                                                in("test_other", "assert_allclose(x, y, atol=1e-4)", 50)};
    return pairAssertions(olds, news);
  };
  EXPECT_EQ(newOf(pairsFor("test_beta"), 0), -1) << "test_alpha and test_beta are two tests";
  EXPECT_EQ(newOf(pairsFor("test_alpha_again"), 0), 0) << "test_alpha renamed: its check rewritten";
  EXPECT_EQ(newOf(pairsFor("test_beta"), 1), 2);
}

namespace {
// An assertion in the module-level helper `function`, outside any test case.
AssertionVersion inHelper(const std::string& function, const std::string& text, uint32_t line) {
  ScannedCheck c = check(text, "", line);
  c.assertion.function = function;
  return AssertionVersion::of(std::move(c));
}
}  // namespace

// Keras 94dbc3042f: every backend helper ended in the same check; one helper's check was edited
// while another helper further down kept it verbatim. The verbatim one stays with its helper,
// and the edited one pairs with its own helper's new check.
TEST(Pairing, IdenticalChecksOfHelpersPairWithinTheirOwnHelperFirst) {
  std::vector<AssertionVersion> olds = {inHelper("check_single", "assert_allclose(z_list[i], z_list[i + 1], atol=1e-05)", 32),
                                        inHelper("check_composed", "assert_allclose(z_list[i], z_list[i + 1], atol=1e-05)", 166)};
  std::vector<AssertionVersion> news = {inHelper("check_single", "assert_allclose(z1, z2, atol=1e-05)", 59),
                                        inHelper("check_composed", "assert_allclose(z_list[i], z_list[i + 1], atol=1e-05)", 131)};
  auto pairs = pairAssertions(olds, news);
  EXPECT_EQ(newOf(pairs, 0), 0);
  EXPECT_EQ(newOf(pairs, 1), 1);
}

// A check moved verbatim from the test's body into a helper nested in it is still one check.
TEST(Pairing, AVerbatimCheckMovedToAnotherFunctionOfItsTestStillPairs) {
  ScannedCheck moved = check("assert_allclose(out, ref)", "test_a", 12);
  moved.assertion.function = "test_a.check";
  std::vector<AssertionVersion> olds = {in("test_a", "assert_allclose(out, ref)", 5)};
  std::vector<AssertionVersion> news = {AssertionVersion::of(std::move(moved))};
  EXPECT_EQ(newOf(pairAssertions(olds, news), 0), 0);
}

TEST(Pairing, AHarnessCheckIsItsTestCasesWhateverItComparesNow) {
  // Chainer's FunctionTestCase: `testing.FunctionTestCase -> <forward> ~ <forward_expected>`.
  auto h = [](const std::string& text, const std::string& cls, uint32_t line) {
    ScannedCheck c = check(text, "", line, "chainer.testing.FunctionTestCase");
    c.assertion.function = cls + ".forward_expected";
    c.assertion.form = "harness";
    return AssertionVersion::of(std::move(c));
  };
  std::vector<AssertionVersion> olds = {h("testing.FunctionTestCase -> y, ~ expected,", "TestA", 10)};
  std::vector<AssertionVersion> news = {h("testing.FunctionTestCase -> functions.a(x), ~ numpy.a(x),", "TestA", 10),
                                        h("testing.FunctionTestCase -> y, ~ expected,", "TestB", 30)};
  auto pairs = pairAssertions(olds, news);
  bool samePaired = false, otherAdded = false;
  for (auto p : pairs) {
    samePaired |= p.oldIndex == 0 && p.newIndex == 0;
    otherAdded |= p.oldIndex == -1 && p.newIndex == 1;
  }
  EXPECT_TRUE(samePaired);
  EXPECT_TRUE(otherAdded);
}

TEST(Pairing, ADecoratorsCheckIsItsTestsWhateverItsTextBecomes) {
  // CuPy: each decorated test is one check, `@numpy_cupy_allclose(...) -> <what it returns>`.
  auto d = [](const std::string& text, const std::string& test, uint32_t line) {
    ScannedCheck c = check(text, "T." + test, line, "cupy.testing.numpy_cupy_allclose");
    c.assertion.function = c.assertion.testCase;
    c.assertion.form = "decorator";
    return AssertionVersion::of(std::move(c));
  };
  // test_csr's decorator gains a table and its return changes; a new test_dense returns what
  // test_csr returned before. Its identical text must not take test_csr's old check.
  std::vector<AssertionVersion> olds = {d("numpy_cupy_allclose() -> (m + n).toarray()", "test_csr", 10)};
  std::vector<AssertionVersion> news = {d("numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7}) -> m + n", "test_csr", 10),
                                        d("numpy_cupy_allclose() -> (m + n).toarray()", "test_dense", 16)};
  auto pairs = pairAssertions(olds, news);
  bool csrPaired = false, denseAdded = false;
  for (auto p : pairs) {
    csrPaired |= p.oldIndex == 0 && p.newIndex == 0;
    denseAdded |= p.oldIndex == -1 && p.newIndex == 1;
  }
  EXPECT_TRUE(csrPaired);
  EXPECT_TRUE(denseAdded);
}
