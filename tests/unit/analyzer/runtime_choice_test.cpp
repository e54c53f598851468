#include "analyzer/assertions/runtime_choice.h"

#include <gtest/gtest.h>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::scanOne;

namespace {

// The choices of each assertion of a one-file scan, in source order, as one number: the
// tolerance's bits, then the blocks' shifted by 2.
std::vector<int> choicesOf(const std::string& source) {
  std::vector<int> out;
  for (const Assertion& a : scanOne(source).assertions) out.push_back(a.runtimeChoices.tolerance | a.runtimeChoices.blocks << 2);
  return out;
}

constexpr int kTolDtype = kByDtype, kTolDevice = kByDevice, kBlockDtype = kByDtype << 2, kBlockDevice = kByDevice << 2;

}  // namespace

TEST(RuntimeChoice, WordsSayDtypeOrDevice) {
  EXPECT_EQ(runtimeChoicesIn("x.dtype == np.float16"), kByDtype);
  EXPECT_EQ(runtimeChoicesIn("jtu.device_under_test() == \"tpu\""), kByDevice);
  EXPECT_EQ(runtimeChoicesIn("{np.float32: 1e-2} if on_tpu else None"), kByDtype | kByDevice);
  EXPECT_EQ(runtimeChoicesIn("self.test_session(use_gpu=True)"), kByDevice);
  EXPECT_EQ(runtimeChoicesIn("self.test_session(use_gpu=False)"), 0) << "the CPU, as without the argument";
  EXPECT_EQ(runtimeChoicesIn("K.backend() == 'cntk'"), 0) << "a backend is neither";
  EXPECT_EQ(runtimeChoicesIn("jit_compile"), 0);
  EXPECT_EQ(runtimeChoicesIn("float_tolerance"), kByDtype) << "a tolerance named for the floating type it suits";
  EXPECT_EQ(runtimeChoicesIn("float_equal(a, b)"), 0);
  EXPECT_EQ(runtimeChoicesIn("is_xpu_available() or is_hpu_available()"), kByDevice);
}

TEST(RuntimeChoice, ToleranceChosenByDtypeOrDevice) {
  const std::vector<int> got = choicesOf(
      "import numpy as np\n"
      "def test_a(self):\n"
      "    atol = 1e-2 if x.dtype == np.float16 else 1e-6\n"
      "    np.testing.assert_allclose(x, y, atol=atol)\n"
      "    np.testing.assert_allclose(x, y, atol=1e-3 if on_gpu else 1e-6)\n"
      "    np.testing.assert_allclose(x, y, atol=1e-3 if approx else 1e-6)\n"
      "    np.testing.assert_allclose(x, y, atol=1e-6)\n");
  EXPECT_EQ(got, (std::vector<int>{kTolDtype, kTolDevice, 0, 0}));
}

TEST(RuntimeChoice, BlocksHoldingTheCheck) {
  const std::vector<int> got = choicesOf(
      "import numpy as np\n"
      "class T(tf.test.TestCase):\n"
      "    def test_a(self):\n"
      "        with self.session(use_gpu=True):\n"
      "            np.testing.assert_allclose(x, y, atol=1e-4)\n"
      "        with self.session(use_gpu=False):\n"
      "            np.testing.assert_allclose(x, y, atol=1e-4)\n"
      "        if x.dtype == np.float16:\n"
      "            np.testing.assert_allclose(x, y, atol=1e-2)\n"
      "        elif approx:\n"
      "            np.testing.assert_allclose(x, y, atol=1e-3)\n"
      "        else:\n"
      "            np.testing.assert_allclose(x, y, atol=1e-6)\n"
      "        for dtype, tol in CASES:\n"
      "            np.testing.assert_allclose(x, y, atol=1e-5)\n"
      "        for f_gpu in functions_on_gpu:\n"
      "            np.testing.assert_allclose(x, f_gpu(y), atol=1e-5)\n"
      "        with tf.device('/gpu:0'):\n"
      "            while dtype_left(): np.testing.assert_allclose(x, y, atol=1e-5)\n");
  EXPECT_EQ(got, (std::vector<int>{kBlockDevice, 0, kBlockDtype, kBlockDtype, kBlockDtype, kBlockDtype, 0, kBlockDevice | kBlockDtype}))
      << "an elif or else branch runs because the conditions before it were false; a loop's"
         " variables, not its iterable, say what it runs over";
}

TEST(RuntimeChoice, OnlyTheTestsOwnText) {
  const std::vector<int> got = choicesOf(
      "import numpy as np\n"
      "import parameterized\n"
      "if cuda_available():\n"
      "    class T(unittest.TestCase):\n"
      "        @parameterized.parameters(np.float16, np.float32)\n"
      "        def test_a(self, dtype, device):\n"
      "            np.testing.assert_allclose(x, y, atol=1e-4)\n"
      "            with self.subTest('float'):\n"
      "                np.testing.assert_allclose(x, y, check_dtype=False, atol=1e-4)\n");
  EXPECT_EQ(got, (std::vector<int>{0, 0})) << "decorators, parameters and blocks outside the test are not read; a with"
                                              " statement's items are, not its body";
}

TEST(RuntimeChoice, NotOaChecksHaveNone) {
  const std::vector<int> got = choicesOf(
      "def test_a(self):\n"
      "    if x.dtype == np.float16:\n"
      "        assert x == y\n");
  EXPECT_EQ(got, (std::vector<int>{0}));
}

TEST(RuntimeChoice, ElseAfterANestedBlockFindsItsIf) {
  const std::vector<int> got = choicesOf(
      "import numpy as np\n"
      "def test_a(self):\n"
      "    if x.dtype == np.float16:\n"
      "        for i in range(3):\n"
      "            with ctx():\n"
      "                y = 1\n"
      "    else:\n"
      "        np.testing.assert_allclose(x, y, atol=1e-6)\n"
      "    for i in range(3):\n"
      "        pass\n"
      "    else:\n"
      "        np.testing.assert_allclose(x, y, atol=1e-6)\n");
  EXPECT_EQ(got, (std::vector<int>{kBlockDtype, 0})) << "the else of a for loop has no condition";
}
