// Oracles that pass through a class or function the scan cannot see into (imported from a
// package outside the scanned tree): what it holds is data; what it computes on both sides is
// the same code under test.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::oracleTypeAt;
using oalens::testing::scanPython;

TEST(UnseenClassesOracle, AContainerOfTheTestsValuesReadBackAfterTheLibraryRanOnItIsData) {
  // `NestedMap`, a module-level name for a class of a package not in the tree: built from the
  // test's arrays, copied and handed to the learner, then read back as the expected update. The oracle is that data (D),
  // not the same code run twice.
  ScanResult r = scanPython({{"learnlib/__init__.py", ""}, {"learnlib/updates.py", ""}, {"tests/test_learner.py", R"(import numpy as np
from outside import structures
from outside.config import build
from learnlib import updates

NestedMap = structures.NestedMap

def test_zero_gradient_update_keeps_values():
    tx = build(updates.ScaledUpdate, scale=0.0)
    grads = NestedMap(a=np.ones(2), c=np.full(3, 2.0))
    variables = grads.copy()
    update = tx.apply(grads, variables)
    np.testing.assert_allclose(update.a, variables.a)
)"}});
  classifyOracles(r, {"learnlib"});
  EXPECT_EQ(oracleTypeAt(r, 13), "D");
}

TEST(UnseenClassesOracle, AFunctionOfAnUnseenPackageOnBothSidesStaysTheSameCode) {
  // A lower-case callee of that package run on the same inputs on both sides computes them: the
  // same code under test (SCUT_SAME), not data it holds.
  ScanResult r = scanPython({{"learnlib/__init__.py", ""}, {"tests/test_runner.py", R"(import numpy as np
from outside.runner import run_twice

def test_runner_is_deterministic():
    x = np.ones(4)
    first = run_twice(x)
    second = run_twice(x)
    np.testing.assert_allclose(first, second)
)"}});
  classifyOracles(r, {"learnlib"});
  EXPECT_EQ(oracleTypeAt(r, 8), "SCUT_SAME");
}
