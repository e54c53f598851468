#include "miners/classify/change_classifier.h"

#include <gtest/gtest.h>

#include "tests/support/dtype_picker_suite.h"
#include "tests/support/scan_helpers.h"

using namespace oalens;
using namespace oalens::miners;

namespace {

std::vector<AssertionVersion> versions(const std::string& code) {
  auto r = oalens::testing::scanOne(code);
  std::vector<AssertionVersion> out;
  for (auto& v : assertionVersions(r))
    if (v.assertion().isOa) out.push_back(std::move(v));
  return out;
}

// The change between each side's only check; none when a side has another count (which the
// caller expects, and so reports).
ChangeKinds changeOfOnlyChecks(const std::vector<AssertionVersion>& o, const std::vector<AssertionVersion>& n) {
  if (o.size() != 1 || n.size() != 1) return {};
  return classifyChange(&o[0], &n[0]);
}

ChangeKinds change(const std::string& before, const std::string& after) {
  const std::string head = "import numpy as np\nfrom numpy.testing import assert_allclose\ndef test_a():\n    ";
  auto o = versions(head + before + "\n");
  auto n = versions(head + after + "\n");
  EXPECT_EQ(o.size(), 1u);
  EXPECT_EQ(n.size(), 1u);
  return changeOfOnlyChecks(o, n);
}

}  // namespace

TEST(ChangeClassifier, LooseningRtolIsALoosenedThreshold) {
  auto k = change("assert_allclose(f(x), y, rtol=1e-6)", "assert_allclose(f(x), y, rtol=1e-4)");
  EXPECT_TRUE(k.threshold);
  EXPECT_FALSE(k.api);
  EXPECT_FALSE(k.parameter);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_NE(k.details[0].find("x100"), std::string::npos) << k.details[0];
}

TEST(ChangeClassifier, DefaultToExplicitComparesWithTheApiDefault) {
  EXPECT_EQ(change("assert_allclose(f(x), y)", "assert_allclose(f(x), y, atol=1e-5)").direction, Direction::Loosen);
  EXPECT_EQ(change("assert np.allclose(f(x), y)", "assert_allclose(f(x), y)").direction, Direction::Tighten);
}

TEST(ChangeClassifier, FewerDecimalsLoosen) {
  auto k = change("np.testing.assert_array_almost_equal(f(x), y, decimal=6)", "np.testing.assert_array_almost_equal(f(x), y, decimal=4)");
  EXPECT_EQ(k.direction, Direction::Loosen);
}

TEST(ChangeClassifier, MixedWhenOneLoosensAndOneTightens) {
  EXPECT_EQ(change("assert_allclose(f(x), y, rtol=1e-5, atol=1e-3)", "assert_allclose(f(x), y, rtol=1e-3, atol=1e-5)").direction,
            Direction::Mixed);
}

TEST(ChangeClassifier, AnotherToleranceSystemIsComparedByWhatItAccepts) {
  // places=7 accepts |d| < 5e-8; the bound accepts |d| < 1e-4.
  auto k = change("self.assertAlmostEqual(f(x), 0.)", "assert np.abs(f(x)) < 1e-4");
  EXPECT_TRUE(k.api);
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0], "absolute allowance 5e-08 -> 0.0001 (loosen, x2e+03)");
  // unittest's places=3 is |d| < 0.5e-3, numpy's decimal=3 is |d| < 1.5e-3.
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), y, places=3)", "np.testing.assert_almost_equal(f(x), y, decimal=3)").direction,
            Direction::Loosen);
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), y, places=1)", "assert_allclose(f(x), y, atol=1e-3, rtol=0)").direction,
            Direction::Tighten);
  // assert_allclose's default rtol=1e-7 allows more than places=1 for values over 5e5.
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), y, places=1)", "assert_allclose(f(x), y, atol=1e-3)").direction, Direction::Mixed);
  // An absolute bound becomes an absolute and a relative allowance: one tightens, one loosens.
  EXPECT_EQ(change("assert abs(f(x) - y) < 1e-3", "assert_allclose(f(x), y, atol=1e-6, rtol=1e-6)").direction, Direction::Mixed);
  EXPECT_EQ(change("assert abs(f(x) - y) < 1e-3", "assert_allclose(f(x), y, atol=1e-3)").direction, Direction::Loosen);
}

TEST(ChangeClassifier, AllowancesMovingApartAgainstALiteralOracleAreJudgedAtItsValue) {
  // places=7 accepts |d| < 5e-8; approx(0.5) accepts max(1e-6 * 0.5, 1e-12) = 5e-7, approx(0) 1e-12.
  auto k = change("self.assertAlmostEqual(f(x), 0.5)", "assert f(x) == pytest.approx(0.5)");
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 3u);
  EXPECT_EQ(k.details[2], "allowance at the oracle's value 0.5: 5e-08 -> 5e-07 (loosen, x10)");
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), 0)", "assert f(x) == pytest.approx(0)").direction, Direction::Tighten);
  // numpy adds its allowances: 1e-3 + 1e-6 * 2 against |d| < 1e-3, element by element.
  EXPECT_EQ(change("assert abs(f(x) - 2.0) < 1e-3", "assert_allclose(f(x), 2.0, atol=1e-6, rtol=1e-6)").direction, Direction::Tighten);
  EXPECT_EQ(change("assert abs(f(x) - 2.0) < 1e-3", "assert_allclose(f(x), [2.0], atol=1e-6, rtol=1e-6)").direction, Direction::Tighten);
  EXPECT_EQ(change("np.testing.assert_almost_equal(f(x), [0.0, 1e6], decimal=3)", "assert_allclose(f(x), [0.0, 1e6])").direction,
            Direction::Mixed);  // tighter at 0, looser at a million
  EXPECT_EQ(change("np.testing.assert_almost_equal(f(x), [1e5, 1e6], decimal=3)", "assert_allclose(f(x), [1e5, 1e6])").direction,
            Direction::Loosen);
  // The same system too: at 0.5, 1e-3 + 1e-5 * 0.5 -> 1e-5 + 1e-3 * 0.5.
  EXPECT_EQ(change("assert_allclose(f(x), 0.5, rtol=1e-5, atol=1e-3)", "assert_allclose(f(x), 0.5, rtol=1e-3, atol=1e-5)").direction,
            Direction::Tighten);
  // Another oracle, or one that is not a literal: no value to judge at.
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), 0.5)", "assert f(x) == pytest.approx(0.25)").direction, Direction::Mixed);
  EXPECT_EQ(change("self.assertAlmostEqual(f(x), y)", "assert f(x) == pytest.approx(y)").direction, Direction::Mixed);
}

TEST(ChangeClassifier, ABoundOnAnUnknownMeasureIsNotComparedWithOtherSystems) {
  // `err` may be a relative error: nothing says what 1e-3 allows in absolute terms.
  auto k = change("assert err(f(x), y) < 1e-3", "assert_allclose(f(x), y, atol=1e-6)");
  EXPECT_TRUE(k.api);
  EXPECT_FALSE(k.threshold);
  EXPECT_EQ(k.direction, Direction::None);
}

TEST(ChangeClassifier, NegatedChecksInvertTheDirection) {
  EXPECT_EQ(compareTolerance("bound", 1e-5, 1e-3, false), Direction::Loosen);
  EXPECT_EQ(compareTolerance("bound", 1e-5, 1e-3, true), Direction::Tighten);
  EXPECT_EQ(compareTolerance("places", 7, 3, false), Direction::Loosen);
}

// A check turned into its negation accepts the opposite: an API change whose tolerances are
// neither looser nor tighter (Keras: assertAllClose(atol=1e-1) -> assertNotAllClose(atol=1e-6)).
TEST(ChangeClassifier, ANegationFlipIsAnApiChangeWithoutDirection) {
  for (const auto& [before, after] : {std::pair{"assert np.allclose(x, y, atol=1e-1)", "assert not np.allclose(x, y, atol=1e-6)"},
                                      std::pair{"assert not np.allclose(x, y, atol=1e-6)", "assert np.allclose(x, y, atol=1e-1)"}}) {
    ChangeKinds k = change(before, after);
    EXPECT_TRUE(k.api) << before;
    EXPECT_FALSE(k.threshold) << before;
    EXPECT_FALSE(k.cosmetic) << before;
    EXPECT_EQ(k.direction, Direction::None) << before;
    ASSERT_EQ(k.details.size(), 1u) << before;
    EXPECT_NE(k.details[0].find("tolerances not compared"), std::string::npos);
  }
  // Both negated: compared, inverted.
  ChangeKinds both = change("assert not np.allclose(x, y, atol=1e-6)", "assert not np.allclose(x, y, atol=1e-3)");
  EXPECT_TRUE(both.threshold);
  EXPECT_EQ(both.direction, Direction::Tighten);
}

TEST(ChangeClassifier, LayoutOnlyIsCosmeticAndArgumentChangesAreParameters) {
  auto c = change("assert_allclose(f(x),y,rtol=1e-6)", "assert_allclose(f(x), y, rtol=1e-6)");
  EXPECT_TRUE(c.cosmetic);
  EXPECT_FALSE(c.threshold);
  auto p = change("assert_allclose(f(x), y)", "assert_allclose(f(x), np.tanh(x))");
  EXPECT_TRUE(p.parameter);
  EXPECT_FALSE(p.cosmetic);
  auto a = change("assert np.allclose(f(x), y, rtol=1e-5, atol=1e-8)", "assert_allclose(f(x), y, rtol=1e-5, atol=1e-8)");
  EXPECT_TRUE(a.api);
  EXPECT_FALSE(a.threshold);
  EXPECT_FALSE(a.parameter);
}

TEST(ChangeClassifier, ReformattedFloatLiteralsAreCosmetic) {
  // A lint commit writing `0.` as `0.0` and `1e-02` as `1e-2`: the same values, the same check.
  auto r = change("assert_allclose(m, jnp.array([[0., -1.], [.5, 1.]]), rtol=1e-02)",
                  "assert_allclose(m, jnp.array([[0.0, -1.0], [0.5, 1.0]]), rtol=1e-2)");
  EXPECT_TRUE(r.cosmetic);
  EXPECT_FALSE(r.parameter);
  EXPECT_FALSE(r.threshold);
  // Another value, or a literal running into a name, is not.
  EXPECT_TRUE(change("assert_allclose(m, 0.5)", "assert_allclose(m, 0.25)").parameter);
  EXPECT_TRUE(change("assert_allclose(f(x1), y)", "assert_allclose(f(x2), y)").parameter);
  EXPECT_TRUE(change("assert_allclose(m, 1e-2)", "assert_allclose(m, 1e-3)").parameter);
}

namespace {

ChangeKinds changeWithModules(const std::string& before, const std::string& after) {
  auto o = versions(before), n = versions(after);
  EXPECT_EQ(o.size(), 1u);
  EXPECT_EQ(n.size(), 1u);
  if (o.size() != 1 || n.size() != 1) return {};
  return classifyChange(&o[0], &n[0]);
}

const char* kInterval = "def test_a():\n    assert EXPECTED - EPS <= f() <= EXPECTED + EPS\n";

}  // namespace

TEST(ChangeClassifier, AnIntervalAroundAMovedOracleIsNoThresholdChange) {
  // The two bounds move with EXPECTED; the half-width EPS stays: no change to report.
  auto k =
      changeWithModules(std::string("EXPECTED = 0.5\nEPS = 1e-5\n") + kInterval, std::string("EXPECTED = 0.25\nEPS = 1e-5\n") + kInterval);
  EXPECT_FALSE(k.threshold);
  EXPECT_EQ(k.direction, Direction::None);
  EXPECT_FALSE(k.any());
}

TEST(ChangeClassifier, AWiderIntervalAroundAnOracleLoosens) {
  auto k =
      changeWithModules(std::string("EXPECTED = 0.5\nEPS = 1e-5\n") + kInterval, std::string("EXPECTED = 0.25\nEPS = 1e-3\n") + kInterval);
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_NE(k.details[0].find("half-width 1e-05 -> 0.001"), std::string::npos) << k.details[0];
}

TEST(ChangeClassifier, ALiteralIntervalComparesItsBounds) {
  auto k = change("assert 0.4 <= f() <= 0.6", "assert 0.3 <= f() <= 0.6");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
}

// Tolerances that cannot be evaluated still have a direction when only their numbers moved, or
// when they are per-dtype tables; the gate and mine then say loosened or tightened.
TEST(ChangeClassifier, UnevaluableTolerancesWhoseNumbersMovedHaveADirection) {
  auto k = change("assert_allclose(f(x), y, atol=11 * EPS)", "assert_allclose(f(x), y, atol=30 * EPS)");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0], "atol 11 * EPS -> 30 * EPS (loosen: 11 -> 30)");
  EXPECT_EQ(change("assert_allclose(f(x), y, atol=EPS / 10)", "assert_allclose(f(x), y, atol=EPS / 100)").direction, Direction::Tighten);
  k = change("assert_allclose(f(x), y, rtol={np.float32: 1e-4,\n        np.float64: 1e-11})",
             "assert_allclose(f(x), y, rtol={np.float32: 1e-4,\n        np.float64: 2e-11})");
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0],
            "rtol {np.float32: 1e-4, np.float64: 1e-11} -> {np.float32: 1e-4, np.float64: 2e-11} (loosen: float64: 1e-11 -> 2e-11)");
  // An entry for another dtype is a change the texts cannot weigh.
  k = change("assert_allclose(f(x), y, rtol={np.float64: 1e-14})", "assert_allclose(f(x), y, rtol={np.float64: 1e-14, np.float32: 1e-5})");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Unknown);
  // A factor added to a product scales it; factors swapped are the same tolerance.
  k = change("assert_allclose(f(x), y, atol=tol)", "assert_allclose(f(x), y, atol=2 * tol)");
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0], "atol tol -> 2 * tol (loosen: factor 1 -> 2)");
  k = change("assert_allclose(f(x), y, atol=eps * 600)", "assert_allclose(f(x), y, atol=600 * eps)");
  EXPECT_FALSE(k.threshold);
  EXPECT_TRUE(k.cosmetic);
  // What the texts cannot tell stays without a direction.
  k = change("assert_allclose(f(x), y, atol=tol)", "assert_allclose(f(x), y, atol=tol + delta)");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Unknown);
}

// PyTorch's @precisionOverride raises the tolerances of a test's checks for a dtype: raising
// it loosens them with no change to their text.
TEST(ChangeClassifier, ADecoratorsDtypeToleranceIsComparedAcrossVersions) {
  auto at = [](const std::string& decorator) {
    auto all = versions(
        "import torch\n"
        "from torch.testing._internal.common_utils import TestCase\n"
        "class TestOps(TestCase):\n"
        "    " +
        decorator +
        "\n"
        "    def test_add(self, device, dtype):\n"
        "        self.assertEqual(f(x), y, atol=1e-4, rtol=0)\n");
    EXPECT_EQ(all.size(), 1u) << decorator;
    return all;
  };
  auto kinds = [&](const std::string& before, const std::string& after) { return changeOfOnlyChecks(at(before), at(after)); };
  auto raised = kinds("@precisionOverride({torch.bfloat16: 1e-2})", "@precisionOverride({torch.bfloat16: 5e-2})");
  EXPECT_TRUE(raised.threshold);
  EXPECT_FALSE(raised.cosmetic);
  EXPECT_EQ(raised.direction, Direction::Loosen);
  ASSERT_EQ(raised.details.size(), 1u);
  EXPECT_EQ(raised.details[0].rfind("atol@bfloat16 1e-2 = 0.01 -> 5e-2 = 0.05 (loosen", 0), 0u) << raised.details[0];
  EXPECT_NE(raised.details[0].find("through the test's decorator"), std::string::npos) << raised.details[0];
  // Added where there was none: compared with the check's own atol.
  EXPECT_EQ(kinds("@dtypes(torch.float)", "@precisionOverride({torch.bfloat16: 1e-2})").direction, Direction::Loosen);
  // Respelled key (torch.half is torch.float16), same value: no change.
  auto respelled = kinds("@precisionOverride({torch.half: 1e-2})", "@precisionOverride({torch.float16: 1e-2})");
  EXPECT_FALSE(respelled.threshold);
}

// Keras 3's assertAllClose takes `tpu_atol`, which replaces atol on a TPU: commit 4b7c19904c
// added `tpu_atol=1e-2` to 183 checks, each a loosening on TPUs read as layout before.
TEST(ChangeClassifier, ADeviceToleranceIsComparedWithTheOneItReplaces) {
  const std::string head =
      "import numpy as np\n"
      "class TestCase:\n"
      "    def assertAllClose(self, actual, desired, atol=1e-6, rtol=1e-6, tpu_atol=None, tpu_rtol=None):\n"
      "        if tpu_atol is not None and uses_tpu():\n"
      "            atol = tpu_atol\n"
      "        if tpu_rtol is not None and uses_tpu():\n"
      "            rtol = tpu_rtol\n"
      "        np.testing.assert_allclose(actual, desired, atol=atol, rtol=rtol)\n"
      "class OpsTest(TestCase):\n"
      "    def test_op(self):\n"
      "        ";
  auto check = [&](const std::string& code) {
    auto all = versions(head + code + "\n");
    std::vector<AssertionVersion> out;
    for (auto& v : all)
      if (v.range.start.line == 11) out.push_back(std::move(v));
    EXPECT_EQ(out.size(), 1u) << code;
    return out;
  };
  auto kinds = [&](const std::string& before, const std::string& after) { return changeOfOnlyChecks(check(before), check(after)); };
  auto added = kinds("self.assertAllClose(f(x), y, atol=1e-3)", "self.assertAllClose(f(x), y, atol=1e-3, tpu_atol=1e-2)");
  EXPECT_TRUE(added.threshold);
  EXPECT_FALSE(added.cosmetic);
  EXPECT_EQ(added.direction, Direction::Loosen);
  ASSERT_EQ(added.details.size(), 1u);
  EXPECT_NE(added.details[0].find("atol@tpu 1e-3 -> 1e-2"), std::string::npos) << added.details[0];
  EXPECT_EQ(kinds("self.assertAllClose(f(x), y, atol=1e-3, tpu_atol=1e-2)", "self.assertAllClose(f(x), y, atol=1e-3)").direction,
            Direction::Tighten);
  // Only the base tolerance moves; on a TPU the check accepts what it did.
  auto base = kinds("self.assertAllClose(f(x), y, atol=1e-3, tpu_atol=1e-2)", "self.assertAllClose(f(x), y, atol=1e-4, tpu_atol=1e-2)");
  EXPECT_EQ(base.direction, Direction::Tighten);
  ASSERT_EQ(base.details.size(), 1u);
  EXPECT_EQ(base.details[0].find("@"), std::string::npos) << base.details[0];
}

// PyTorch 1.6 replaced assertEqual's `prec` (an absolute bound) by atol/rtol: compared by what
// each accepts.
TEST(ChangeClassifier, PyTorchPrecToAtolIsComparedByWhatEachAccepts) {
  const std::string head = "import torch\nclass TestOps(TestCase):\n    def test_a(self):\n        ";
  auto one = [&](const std::string& code) {
    auto v = versions(head + code + "\n");
    EXPECT_EQ(v.size(), 1u) << code;
    return v;
  };
  auto o = one("self.assertEqual(f(x), y, prec=1e-5)");
  auto n = one("self.assertEqual(f(x), y, atol=1e-4, rtol=0)");
  ASSERT_TRUE(o.size() == 1 && n.size() == 1);
  const ChangeKinds k = classifyChange(&o[0], &n[0]);
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
}

namespace {

// The change between the only check of two versions of tests/ops_test.py in the suite whose
// base test case picks its tolerances by dtype (tests/support/dtype_picker_suite.h).
ChangeKinds pickedChange(const std::string& before, const std::string& after) {
  const std::string head = "from jax._src import test_util as jtu\nclass OpsTest(jtu.JaxTestCase):\n    def test_ops(self):\n        ";
  auto checks = [&](const std::string& line) {
    auto r = oalens::testing::scanDtypePickerSuite(head + line + "\n");
    std::vector<AssertionVersion> out;
    for (auto& v : assertionVersions(r))
      if (v.assertion().isOa && v.assertion().file == "tests/ops_test.py") out.push_back(std::move(v));
    EXPECT_EQ(out.size(), 1u) << line;
    return out;
  };
  return changeOfOnlyChecks(checks(before), checks(after));
}

}  // namespace

TEST(ChangeClassifier, ATableAgainstTheDefaultPickedByDtypeComparesTheDtypesItNames) {
  // float64's default is 1e-15, whatever the float32 value that stands for the default says.
  auto k = pickedChange("self.assertAllClose(f(), g())", "self.assertAllClose(f(), g(), rtol={np.float64: 1e-14})");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_NE(k.details[0].find("float64: 1e-15 (default) -> 1e-14"), std::string::npos) << k.details[0];
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g(), atol={np.float32: 1e-3})", "self.assertAllClose(f(), g())").direction,
            Direction::Tighten);
  // A number written out is still compared with the float32 entry, as before.
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g())", "self.assertAllClose(f(), g(), atol=1e-5)").direction, Direction::Loosen);
}

TEST(ChangeClassifier, ATablesMovesAreOneDetailLoosenedFirst) {
  auto k = pickedChange("self.assertAllClose(f(), g())",
                        "self.assertAllClose(f(), g(), rtol={np.float32: 1e-7, np.float16: 1e-2, np.float64: 1e-12})");
  EXPECT_EQ(k.direction, Direction::Mixed);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0],
            "rtol 1e-06 -> {np.float32: 1e-7, np.float16: 1e-2, np.float64: 1e-12} (loosen: float16: 0.001 (default) -> 0.01; "
            "float64: 1e-15 (default) -> 1e-12; tighten: float32: 1e-06 (default) -> 1e-07)");
}

TEST(ChangeClassifier, ADtypeATableLeavesOutTakesThePickersValue) {
  auto k = pickedChange("self.assertAllClose(f(), g(), rtol={np.float32: 1e-3})",
                        "self.assertAllClose(f(), g(), rtol={np.float32: 1e-3, np.complex64: 1e-3})");
  EXPECT_EQ(k.direction, Direction::Loosen);  // complex64: 1e-6 -> 1e-3
  // Two tables naming different dtypes: each side's own, else the picker's.
  EXPECT_EQ(
      pickedChange("self.assertAllClose(f(), g(), rtol={np.float32: 1e-3})", "self.assertAllClose(f(), g(), rtol={np.float64: 1e-12})")
          .direction,
      Direction::Mixed);
}

TEST(ChangeClassifier, WithoutAPickerATableOnOneSideOnlyHasNoDirection) {
  // numpy's assert_allclose takes no tables: its default is one number for every dtype, and the
  // table's other dtypes are not known.
  auto k =
      change("assert_allclose(f(x), y, rtol={np.float32: 1e-3})", "assert_allclose(f(x), y, rtol={np.float32: 1e-3, np.float64: 1e-9})");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Unknown);
}

TEST(ChangeClassifier, AFixedDefaultAgainstATableIsComparedDtypeByDtype) {
  // numpy's default rtol is 1e-7 for every dtype: a table given in its place moves the dtypes it
  // names from that number.
  auto k = change("assert_allclose(f(x), y)", "assert_allclose(f(x), y, rtol={np.float16: 1e-3, np.float64: 1e-9})");
  EXPECT_EQ(k.direction, Direction::Mixed);
  ASSERT_FALSE(k.details.empty());
  EXPECT_EQ(k.details[0],
            "rtol 1e-07 -> {np.float16: 1e-3, np.float64: 1e-9} (loosen: float16: 1e-07 -> 0.001; tighten: float64: 1e-07 -> 1e-09)");
}

TEST(ChangeClassifier, ATablesDefaultEntryServesTheDtypesItNamesNone) {
  // CuPy's tables: a dtype a side names none for takes its 'default' entry.
  auto k = change("assert_allclose(f(x), y, rtol={np.float16: 1e-3, 'default': 1e-7})",
                  "assert_allclose(f(x), y, rtol={np.float16: 1e-3, np.float32: 1e-6, 'default': 1e-7})");
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_FALSE(k.details.empty());
  EXPECT_NE(k.details[0].find("float32: 1e-07 -> 1e-06"), std::string::npos) << k.details[0];
  EXPECT_EQ(change("assert_allclose(f(x), y, rtol={np.float16: 1e-3, 'default': 1e-7})",
                   "assert_allclose(f(x), y, rtol={np.float16: 1e-3, 'default': 1e-8})")
                .direction,
            Direction::Tighten);
}

// Tolerances whose values are not known are compared as comparable texts
// (analyzer/tolerance/comparable_text.h): imported names by their module, names bound once by
// their values.
namespace {

ChangeKinds fileChange(const std::string& before, const std::string& after) {
  auto o = versions(before), n = versions(after);
  EXPECT_EQ(o.size(), 1u) << before;
  EXPECT_EQ(n.size(), 1u) << after;
  return changeOfOnlyChecks(o, n);
}

}  // namespace

TEST(ChangeClassifier, AModuleAliasRenamedChangesNoTolerance) {
  auto k = fileChange("import numpy as onp\ndef test_a(n):\n    assert abs(f() - 1) < 1 / onp.sqrt(n)\n",
                      "import numpy as np\ndef test_a(n):\n    assert abs(f() - 1) < 1 / np.sqrt(n)\n");
  EXPECT_FALSE(k.threshold);
  EXPECT_TRUE(k.cosmetic);
  // Another module is another tolerance.
  k = fileChange("import numpy as onp\ndef test_a(n):\n    assert abs(f() - 1) < 1 / onp.sqrt(n)\n",
                 "import jax.numpy as np\ndef test_a(n):\n    assert abs(f() - 1) < 1 / np.sqrt(n)\n");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Unknown);
}

TEST(ChangeClassifier, ATableHoistedIntoALocalChangesNoTolerance) {
  const std::string head = "import numpy as np\nfrom numpy.testing import assert_allclose\ndef test_a():\n";
  auto k = fileChange(head + "    assert_allclose(f(), g(), rtol={np.float32: 1e-4})\n",
                      head + "    tol = {np.float32: 1e-4}\n    assert_allclose(f(), g(), rtol=tol)\n");
  EXPECT_FALSE(k.threshold);
  EXPECT_TRUE(k.cosmetic);
  // The local's entries moved: the direction is theirs.
  k = fileChange(head + "    assert_allclose(f(), g(), rtol={np.float32: 1e-4})\n",
                 head + "    tol = {np.float32: 1e-3}\n    assert_allclose(f(), g(), rtol=tol)\n");
  EXPECT_EQ(k.direction, Direction::Loosen);
  // A table changed in place is not the table bound.
  k = fileChange(head + "    assert_allclose(f(), g(), rtol={np.float32: 1e-4})\n",
                 head +
                     "    tol = {np.float32: 1e-4}\n    if on_tpu():\n        tol[np.float32] = 1e-2\n"
                     "    assert_allclose(f(), g(), rtol=tol)\n");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Unknown);
}

TEST(ChangeClassifier, ALocalTableAgainstTheDefaultPickedByDtype) {
  // JAX 2bcae23e20: `tol = {np.float32: 1E-6, np.float64: 1E-13}` given to checks that had left
  // the tolerance to the picker (float32 1e-6, float64 1e-15): float64 loosens.
  auto k = pickedChange("self.assertAllClose(f(), g())",
                        "tol = {np.float32: 1e-6, np.float64: 1e-13}\n        self.assertAllClose(f(), g(), atol=tol, rtol=tol)");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_FALSE(k.details.empty());
  EXPECT_NE(k.details[0].find("atol 1e-06 -> tol (loosen: float64: 1e-15 (default) -> 1e-13)"), std::string::npos) << k.details[0];
}

TEST(ChangeClassifier, ATolerancePickedByADeviceConditionIsComparedBranchByBranch) {
  // JAX 99e1c3dd66 dropped `tol = {'float32': 3E-2} if jtu.device_under_test() == 'tpu' else {}`:
  // on a TPU float32 tightens to the default, elsewhere nothing moved.
  auto k = pickedChange(
      "tol = {'float32': 3E-2} if jtu.device_under_test() == 'tpu' else {}\n"
      "        self.assertAllClose(f(), g(), atol=tol, rtol=tol)",
      "self.assertAllClose(f(), g())");
  EXPECT_EQ(k.direction, Direction::Tighten);
  ASSERT_FALSE(k.details.empty());
  EXPECT_NE(k.details[0].find("if jtu.device_under_test() == 'tpu': float32: 0.03 -> 1e-06 (default)"), std::string::npos) << k.details[0];
  // The same choice written as statements: `tol = {}` then `if ...: tol = {...}` (99e1c3dd66).
  k = pickedChange(
      "tol = {}\n        if jtu.device_under_test() == 'tpu':\n          tol = {np.float32: 5E-3}\n"
      "        self.assertAllClose(f(), g(), rtol=tol)",
      "self.assertAllClose(f(), g())");
  EXPECT_EQ(k.direction, Direction::Tighten);
  // A branch for one dtype compares with that dtype's default (2ff3479239: float64's 1e-15 ->
  // 1e-14 loosens; read with float32's 1e-6 it would have tightened).
  k = pickedChange("self.assertAllClose(f(), g())",
                   "tol = None\n        if dtype == np.float64:\n          tol = 1e-14\n"
                   "        self.assertAllClose(f(), g(), atol=tol, rtol=tol)");
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_FALSE(k.details.empty());
  EXPECT_NE(k.details[0].find("if dtype == np.float64: 1e-15 -> 1e-14"), std::string::npos) << k.details[0];
  // A condition naming dtypes otherwise does not say which default.
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g())",
                         "tol = None\n        if dtype != np.float32:\n          tol = 1e-14\n"
                         "        self.assertAllClose(f(), g(), atol=tol, rtol=tol)")
                .direction,
            Direction::Unknown);
  // `None` is the picker's default.
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g())",
                         "self.assertAllClose(f(), g(), rtol={np.float32: 1e-2} if jtu.device_under_test() == 'tpu' else None)")
                .direction,
            Direction::Loosen);
  // The same condition on both sides: branch against branch.
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g(), rtol={np.float32: 1e-2} if jtu.device_under_test() == 'tpu' else None)",
                         "self.assertAllClose(f(), g(), rtol={np.float32: 5e-2} if jtu.device_under_test() == 'tpu' else None)")
                .direction,
            Direction::Loosen);
  // A branch that is another expression, or `None` where the API picks no default by dtype,
  // leaves the direction unknown.
  EXPECT_EQ(pickedChange("self.assertAllClose(f(), g())",
                         "self.assertAllClose(f(), g(), rtol={np.float32: 1e-2} if jtu.device_under_test() == 'tpu' else tol)")
                .direction,
            Direction::Unknown);
  EXPECT_EQ(
      change("assert_allclose(f(x), y, rtol={np.float32: 1e-3})", "assert_allclose(f(x), y, rtol={np.float32: 1e-2} if on_tpu() else None)")
          .direction,
      Direction::Unknown);
}

// The scan's value of `A if C else B` is A's: the other branch moving, or the branches moving
// apart, only shows branch by branch (Keras 5b7ab6f0de: `atol=1e-2 if lower_precision else
// 1e-6` -> `atol=1e-2` read as cosmetic before).
TEST(ChangeClassifier, AConditionalWithValuesIsComparedBranchByBranchToo) {
  auto k = change("assert_allclose(f(x), y, atol=1e-2 if on_tpu() else 1e-5)", "assert_allclose(f(x), y, atol=1e-2 if on_tpu() else 1e-4)");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0], "atol 1e-2 if on_tpu() else 1e-5 -> 1e-2 if on_tpu() else 1e-4 (loosen: 1e-5 -> 1e-4)");
  EXPECT_EQ(change("assert_allclose(f(x), y, atol=1e-5)", "assert_allclose(f(x), y, atol=1e-3 if on_gpu() else 1e-6)").direction,
            Direction::Mixed);
  // Where the branches cannot be read, the values are compared as before.
  EXPECT_EQ(change("assert_allclose(f(x), y, atol=1e-5)", "assert_allclose(f(x), y, atol=1e-3 if on_gpu() else None)").direction,
            Direction::Loosen);
}

// The check's text unchanged, the value its name is bound to changed: read through the comparable
// texts, as a change through a named constant.
TEST(ChangeClassifier, ALocalBindingThatMovesIsAThresholdChangeOfTheUnchangedCheck) {
  const std::string head = "import numpy as np\nfrom numpy.testing import assert_allclose\ndef test_a():\n";
  auto k = fileChange(head + "    tol = {np.float32: 1e-4}\n    assert_allclose(f(), g(), rtol=tol)\n",
                      head + "    tol = {np.float32: 1e-3}\n    assert_allclose(f(), g(), rtol=tol)\n");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
  ASSERT_EQ(k.details.size(), 1u);
  EXPECT_EQ(k.details[0], "rtol tol -> tol (loosen: float32: 0.0001 -> 0.001) through a named constant");
  // A value chosen at run time is its first branch's: the other branch moving shows in the text.
  k = fileChange(head + "    tol = 1e-2 if on_tpu() else 1e-6\n    assert_allclose(f(), g(), atol=tol)\n",
                 head + "    tol = 1e-2 if on_tpu() else 1e-5\n    assert_allclose(f(), g(), atol=tol)\n");
  EXPECT_TRUE(k.threshold);
  EXPECT_EQ(k.direction, Direction::Loosen);
}
