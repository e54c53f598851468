// A suite whose checks pick a tolerance by dtype through a catalogued function (JAX's
// `tolerance(dtype, tol)`, rules/catalogue/python.toml's [[dtype_picker]]): a call that leaves
// the tolerance out is checked with the picker's table, the float32 entry standing for it, and
// a per-dtype table a call gives keeps the picker's values for the dtypes it leaves out.
#include <gtest/gtest.h>

#include "tests/support/dtype_picker_suite.h"

using namespace oalens::analyzer;
using oalens::testing::scanDtypePickerSuite;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

namespace {

std::map<int, const Assertion*> checksOf(const ScanResult& r) {
  std::map<int, const Assertion*> out;
  for (const Assertion& a : r.assertions)
    if (a.file == "tests/ops_test.py") out[static_cast<int>(a.range.start.line)] = &a;
  return out;
}

}  // namespace

TEST(DtypePicker, ALeftOutToleranceIsThePickersTableWithItsFloat32EntryAsValue) {
  auto r = scanDtypePickerSuite(
      "from jax._src import test_util as jtu\n"
      "class OpsTest(jtu.JaxTestCase):\n"
      "    def test_ops(self):\n"
      "        self.assertAllClose(f(), g())\n"                              // 4
      "        self.checkAgainstNumpy(np.sin, our_sin, args)\n"              // 5
      "        self.assertAllClose(f(), g(), rtol={np.float64: 1e-12})\n");  // 6
  auto at = checksOf(r);
  ASSERT_TRUE(at.count(4) && at.count(5) && at.count(6));
  for (int line : {4, 5}) {
    const Assertion& a = *at[line];
    EXPECT_TRUE(a.isOa) << line;
    EXPECT_EQ(a.via, "numpy.testing.assert_allclose") << line << ": the recursion matched no other API";
    const Tolerance* atol = tolerance(a, "atol");
    ASSERT_NE(atol, nullptr);
    EXPECT_EQ(atol->provenance, Provenance::Default) << "the API's own default, picked by dtype";
    ASSERT_TRUE(atol->value.has_value());
    EXPECT_DOUBLE_EQ(*atol->value, 1e-6);
    EXPECT_TRUE(atol->isDtypeDefault);
    ASSERT_NE(atol->byDtype, nullptr);
    EXPECT_DOUBLE_EQ(atol->byDtype->at("float64"), 1e-15);
    EXPECT_DOUBLE_EQ(atol->byDtype->at("bfloat16"), 1e-2);
    EXPECT_EQ(a.thresholdProvenance, ThresholdProvenance::Default);
  }
  const Tolerance* table = tolerance(*at[6], "rtol");
  ASSERT_NE(table, nullptr);
  EXPECT_FALSE(table->isDtypeDefault);
  ASSERT_NE(table->byDtype, nullptr) << "a table given keeps the picker's values for what it leaves out";
  EXPECT_DOUBLE_EQ(table->byDtype->at("float32"), 1e-6);
}

TEST(DtypePicker, AFunctionOfAnotherNameIsNoPicker) {
  auto r = scanPython({{"tests/util.py",
                        "import numpy as np\n"
                        "def tolerance_for(dtype, tol=None):\n"
                        "    return tol or 1e-3\n"
                        "class Case:\n"
                        "    def assertClose(self, x, y, *, atol=None):\n"
                        "        atol = max(tolerance_for(x.dtype, atol), tolerance_for(y.dtype, atol))\n"
                        "        np.testing.assert_allclose(x, y, atol=atol)\n"},
                       {"tests/ops_test.py",
                        "from tests.util import Case\n"
                        "class OpsTest(Case):\n"
                        "    def test_ops(self):\n"
                        "        self.assertClose(f(), g())\n"}});  // 4
  auto at = checksOf(r);
  ASSERT_TRUE(at.count(4));
  const Tolerance* atol = tolerance(*at[4], "atol");
  ASSERT_NE(atol, nullptr);
  EXPECT_EQ(atol->provenance, Provenance::Default);
  EXPECT_FALSE(atol->value.has_value()) << "by dtype, with values nobody catalogued";
  EXPECT_EQ(atol->byDtype, nullptr);
}
