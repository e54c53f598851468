// Methods a module runs through Flax's `apply(..., method=m.f)` and `init_with_output(..., method=m.f)`:
// each call runs `f`, so two of them are the same function, whatever entry point ran it.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanPython;

TEST(AppliedMethods, InitWithOutputRunsTheMethodItNames) {
  ScanResult r = scanPython({{"seqlib/__init__.py", ""},
                             {"tests/test_encoder.py",
                              "import numpy as np\n"
                              "import seqlib\n"
                              "def test_packed_against_padded():\n"
                              "    model = seqlib.Encoder()\n"
                              "    tokens = np.array([[1, 2, 3, 0]])\n"
                              "    out, variables = model.init_with_output(0, tokens, method=model.encode)\n"
                              "    packed = np.array([[1, 2, 3, 4, 5]])\n"
                              "    out_packed = model.apply(variables, packed, segments=np.array([[0, 0, 0, 1, 1]]), method=model.encode)\n"
                              "    np.testing.assert_allclose(out[0, :3], out_packed[0, :3], rtol=1e-4)\n"}});  // line 9
  classifyOracles(r, {"seqlib"});
  const Assertion* a = atLine(r, 9);
  ASSERT_NE(a, nullptr);
  // The same method on another input (the packed batch): a metamorphic relation, not another
  // function of the library (`.init_with_output` against `.encode`).
  EXPECT_EQ(a->oracleType, "SCUT_DIFF");
}
