#include "miners/walk/derived_versions.h"

#include <gtest/gtest.h>

#include "tests/support/oa_versions.h"

using namespace oalens;
using miners::AssertionVersion;

namespace {

std::vector<AssertionVersion> scanOa(const std::string& source, std::vector<std::string>& diagnostics) {
  return oalens::testing::oaVersionsOf(source, diagnostics);
}

// scanOa over the scoped version's blanked text.
std::vector<AssertionVersion> scanScoped(miners::ScopedPair& scoped, std::vector<std::string>& diagnostics) {
  return scanOa(scoped.newText, diagnostics);
}

std::string describe(const std::vector<AssertionVersion>& vs) { return oalens::testing::describeVersions(vs); }
using oalens::testing::withReplaced;

// The derived versions of `changed` and its whole scan, described; "not derived" when the
// change could not be bounded.
std::pair<std::string, std::string> derivedAndWhole(const std::string& old, const std::string& changed) {
  std::vector<std::string> d;
  const auto olds = scanOa(old, d);
  auto derived = miners::versionsFromScopedScan(
      old, changed, [&] { return &olds; }, scanScoped);
  std::vector<std::string> d2;
  return {derived ? describe(*derived) : "not derived", describe(scanOa(changed, d2))};
}

const char* kOld =
    "import numpy as np\n"
    "TOL = 1e-5\n"
    "class TestOps:\n"
    "    def setUp(self):\n"
    "        self.tol = 1e-6\n"
    "    def test_a(self):\n"
    "        np.testing.assert_allclose(f(1), 1.0, atol=TOL)\n"
    "    def test_b(self):\n"
    "        np.testing.assert_allclose(f(2), 2.0, rtol=1e-7)\n"
    "        np.testing.assert_allclose(\n"
    "            f(3), 3.0,\n"
    "            rtol=self.tol)\n"
    "    def test_c(self):\n"
    "        assert abs(f(4) - 4.0) < 1e-3\n";

}  // namespace

TEST(DerivedVersions, EqualTheWholeScanWhenOneTestChanges) {
  // test_a grows by two lines, so test_b and test_c move down.
  const auto [derived, whole] =
      derivedAndWhole(kOld, withReplaced(kOld, "        np.testing.assert_allclose(f(1), 1.0, atol=TOL)\n",
                                         "        x = f(1)\n        y = 1.0\n        np.testing.assert_allclose(x, y, atol=TOL * 10)\n"));
  EXPECT_EQ(derived, whole);
}

TEST(DerivedVersions, EqualTheWholeScanWhenAConstantOrSetUpChanges) {
  // TOL reaches test_a only; setUp reaches every test of its class.
  for (auto [from, to] : {std::pair{"TOL = 1e-5", "TOL = 1e-4"}, std::pair{"self.tol = 1e-6", "self.tol = 1e-3"}}) {
    const auto [derived, whole] = derivedAndWhole(kOld, withReplaced(kOld, from, to));
    EXPECT_EQ(derived, whole) << to;
  }
}

TEST(DerivedVersions, ScanWholeWhenTheChangeCannotBeBounded) {
  EXPECT_EQ(derivedAndWhole(kOld, withReplaced(kOld, "TOL = 1e-5", "if np: TOL = 1e-4")).first, "not derived");
}

TEST(DerivedVersions, EqualTheWholeScanWhenAHelperIsLeftOut) {
  const std::string old =
      "import numpy as np\n"
      "def near(a, b):\n"
      "    np.testing.assert_allclose(a, b, rtol=1e-5)\n"
      "def test_a():\n"
      "    assert abs(f(1) - 1.0) < 1e-3\n"
      "def test_b():\n"
      "    near(f(2), 2.0)\n";
  // test_a grows above nothing the helper needs; near() moves down only in the next case.
  for (auto [from, to] : {std::pair{"< 1e-3\n", "< 1e-2\n"}, std::pair{"import numpy as np\n", "import numpy as np\nimport math\n"}}) {
    const auto [derived, whole] = derivedAndWhole(old, withReplaced(old, from, to));
    EXPECT_EQ(derived, whole) << to;
  }
}

TEST(DerivedVersions, AFileRenamedAsItWasKeepsThePreviousVersion) {
  std::vector<std::string> d;
  const auto olds = scanOa(kOld, d);
  int scans = 0;
  auto derived = miners::versionsFromScopedScan(
      kOld, kOld, [&] { return &olds; },
      [&](miners::ScopedPair& s, std::vector<std::string>& ds) {
        ++scans;
        return scanScoped(s, ds);
      });
  ASSERT_TRUE(derived.has_value());
  EXPECT_EQ(scans, 0);
  EXPECT_EQ(describe(*derived), describe(olds));
  EXPECT_FALSE(miners::versionsFromScopedScan(
                   kOld, kOld, [] { return nullptr; }, scanScoped)
                   .has_value());
}

TEST(DerivedVersions, EqualTheWholeScanWhenALeftOutTestSetsAnAttributeAKeptTestReads) {
  // test_b sets self.tol too, so test_a's tolerance is set in two places; leaving test_b out of
  // the scan of test_a's change would resolve it to setUp's value.
  const std::string old =
      "import numpy as np\n"
      "class TestOps:\n"
      "    def setUp(self):\n"
      "        self.tol = 1e-6\n"
      "    def test_a(self):\n"
      "        np.testing.assert_allclose(f(1), 1.0, atol=self.tol)\n"
      "    def test_b(self):\n"
      "        self.tol = 1e-3\n"
      "        np.testing.assert_allclose(f(2), 2.0, atol=1e-4)\n";
  const auto [derived, whole] = derivedAndWhole(old, withReplaced(old, "f(1), 1.0", "f(1), 1.5"));
  EXPECT_EQ(derived, whole);
}

TEST(DerivedVersions, EqualTheWholeScanWhenAHelperMethodChanges) {
  const std::string old =
      "import numpy as np\n"
      "class TestOps:\n"
      "    def _prepare(self):\n"
      "        self.tol = 1e-6\n"
      "    def _near(self, a, b):\n"
      "        np.testing.assert_allclose(a, b, rtol=1e-5)\n"
      "    def test_a(self):\n"
      "        np.testing.assert_allclose(f(1), 1.0, atol=self.tol)\n"
      "    def test_b(self):\n"
      "        self._near(f(2), 2.0)\n"
      "    def test_c(self):\n"
      "        np.testing.assert_allclose(f(3), 3.0, atol=1e-4)\n";
  for (auto [from, to] : {std::pair{"self.tol = 1e-6", "self.tol = 1e-3"},
                          std::pair{"self.tol = 1e-6", "self.tol = 1e-6\n        self.eps = 1"}, std::pair{"rtol=1e-5)", "rtol=1e-2)"}}) {
    const auto [derived, whole] = derivedAndWhole(old, withReplaced(old, from, to));
    EXPECT_EQ(derived, whole) << to;
  }
}
