// Harnesses that run the metric they are given against a reference (torchmetrics'
// MetricTester): the compared values come from objects and functions made of the caller's
// arguments, the arguments reach the checking function through a dict it splats, and the
// tolerance is the test class's own `atol` unless the call gives one.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

namespace {

// Our own harness in torchmetrics' shape: a checking function per metric kind, and a base test
// case whose methods hand their arguments on.
const char* kHarness =
    "import numpy as np\n"
    "from functools import partial\n"
    "def _close(got, want, atol=1e-8):\n"
    "    assert np.allclose(got, want, atol=atol, equal_nan=True)\n"
    "def _cached(fn):\n"
    "    return fn\n"
    "def _class_check(preds, target, metric_class, reference_metric, metric_args=None, atol=1e-8):\n"
    "    metric = metric_class(**(metric_args or {}))\n"
    "    for i in range(len(preds)):\n"
    "        got = metric(preds[i], target[i])\n"
    "        want = _cached(reference_metric)(preds[i], target[i])\n"
    "        _close(got, want, atol=atol)\n"
    "def _functional_check(preds, target, metric_functional, reference_metric, atol=1e-8):\n"
    "    metric = partial(metric_functional, squared=False)\n"
    "    _close(metric(preds, target), reference_metric(preds, target), atol=atol)\n"
    "class HarnessCase:\n"
    "    atol = 1e-8\n"
    "    def run_class(self, preds, target, metric_class, reference_metric, atol=None):\n"
    "        shared = {'preds': preds, 'target': target, 'metric_class': metric_class,\n"
    "                  'reference_metric': reference_metric, 'atol': atol or self.atol}\n"
    "        _class_check(rank=0, **shared)\n"
    "    def run_functional(self, preds, target, metric_functional, reference_metric):\n"
    "        _functional_check(preds=preds, target=target, metric_functional=metric_functional,\n"
    "                          reference_metric=reference_metric, atol=self.atol)\n";

}  // namespace

TEST(MetricHarness, ACheckOfWhatAMetricObjectAndAWrappedReferenceComputeIsAWrapper) {
  auto r = scanOne(std::string(kHarness) +
                   "def test_direct():\n"
                   "    _class_check(p, t, MeanError, sk_mean_error, atol=1e-3)\n"  // 26
                   "    _functional_check(p, t, mean_error, sk_mean_error)\n");     // 27
  const Assertion* direct = atLine(r, 26);
  ASSERT_NE(direct, nullptr);
  EXPECT_TRUE(direct->isOa);
  EXPECT_EQ(direct->actualText, "MeanError");
  EXPECT_EQ(direct->expectedText, "sk_mean_error");
  EXPECT_DOUBLE_EQ(*tolerance(*direct, "atol")->value, 1e-3);
  const Assertion* functional = atLine(r, 27);
  ASSERT_NE(functional, nullptr);
  EXPECT_TRUE(functional->isOa) << "partial(metric_functional, ...) called is metric_functional";
  EXPECT_EQ(functional->actualText, "mean_error");
  EXPECT_DOUBLE_EQ(*tolerance(*functional, "atol")->value, 1e-8);
}

TEST(MetricHarness, ArgumentsReachTheCheckThroughASplattedDictAndTheClassTolerance) {
  auto r = scanOne(std::string(kHarness) +
                   "class TestMeanError(HarnessCase):\n"
                   "    atol = 1e-6\n"
                   "    def test_class(self):\n"
                   "        self.run_class(p, t, MeanError, sk_mean_error, atol=1e-4)\n"  // 28
                   "    def test_class_default(self):\n"
                   "        self.run_class(p, t, MeanError, sk_mean_error)\n"  // 30
                   "    def test_functional(self):\n"
                   "        self.run_functional(p, t, mean_error, sk_mean_error)\n"  // 32
                   "class TestOther(HarnessCase):\n"
                   "    def test_functional(self):\n"
                   "        self.run_functional(p, t, mean_error, sk_mean_error)\n");  // 35
  const Assertion* given = atLine(r, 28);
  ASSERT_NE(given, nullptr);
  EXPECT_TRUE(given->isOa);
  EXPECT_EQ(given->actualText, "MeanError");
  EXPECT_EQ(given->expectedText, "sk_mean_error");
  EXPECT_DOUBLE_EQ(*tolerance(*given, "atol")->value, 1e-4) << "`atol or self.atol`: the caller's first";
  const Assertion* byClass = atLine(r, 30);
  ASSERT_NE(byClass, nullptr);
  // A named constant the calling test sets: customized, as the labelling conventions read it.
  EXPECT_EQ(tolerance(*byClass, "atol")->provenance, Provenance::Constant);
  EXPECT_EQ(byClass->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_DOUBLE_EQ(*tolerance(*byClass, "atol")->value, 1e-6) << "the calling test class's own atol";
  const Assertion* functional = atLine(r, 32);
  ASSERT_NE(functional, nullptr);
  EXPECT_DOUBLE_EQ(*tolerance(*functional, "atol")->value, 1e-6);
  const Assertion* inherited = atLine(r, 35);
  ASSERT_NE(inherited, nullptr);
  EXPECT_DOUBLE_EQ(*tolerance(*inherited, "atol")->value, 1e-8) << "no atol of its own: the harness's";
}

// A helper that densifies what it compares with a function mapped over it (JAX's
// _CheckAgainstDense: `tree_util.tree_map(sparse.todense, sparse_ans)`) compares that value.
TEST(MetricHarness, AFunctionMappedOverAValuePassesTheValueOn) {
  auto r = scanOne(
      "import numpy as np\n"
      "from jax import tree_util\n"
      "class T:\n"
      "  def _check_dense(self, dense_op, sparse_op, args_maker, tol=None):\n"
      "    args = args_maker()\n"
      "    expected = dense_op(*args)\n"
      "    actual = tree_util.tree_map(todense, sparse_op(*args))\n"
      "    np.testing.assert_allclose(actual, expected, atol=tol, rtol=tol)\n"
      "  def test_add(self):\n"
      "    self._check_dense(np.add, sparse_add, make, tol=1e-5)\n");  // 10
  const Assertion* add = atLine(r, 10);
  ASSERT_NE(add, nullptr);
  EXPECT_TRUE(add->isOa);
  EXPECT_EQ(add->actualText, "sparse_add");
  EXPECT_EQ(add->expectedText, "np.add");
}

// Two harness classes define a wrapper of one name (a text metrics' subclass redefines
// run_functional): a test class runs the one of the base class it imports.
TEST(MetricHarness, TheImportedBaseClassPicksAmongWrappersOfOneName) {
  const std::string text =
      "import numpy as np\n"
      "from helpers.testers import HarnessCase\n"
      "class TextCase(HarnessCase):\n"
      "    atol = 1e-3\n"
      "    def run_functional(self, preds, target, metric_functional, reference_metric, atol=1e-2):\n"
      "        np.testing.assert_allclose(metric_functional(preds), reference_metric(target), atol=atol)\n";
  const std::string test =
      "from helpers.testers import HarnessCase\n"
      "from helpers.text import TextCase\n"
      "class TestMeanError(HarnessCase):\n"
      "    def test_functional(self):\n"
      "        self.run_functional(p, t, mean_error, sk_mean_error)\n"  // 5
      "class TestBleu(TextCase):\n"
      "    def test_functional(self):\n"
      "        self.run_functional(p, t, bleu, ref_bleu)\n";  // 8
  // Each order of the files: which wrapper a bare method name finds must not decide.
  for (bool textFirst : {false, true}) {
    std::vector<std::pair<std::string, std::string>> files = {{"helpers/testers.py", kHarness}, {"helpers/text.py", text}};
    if (textFirst) std::swap(files[0], files[1]);
    files.push_back({"tests/test_metrics.py", test});
    auto r = scanPython(files);
    const auto lines = oalens::testing::byLine(r, "tests/test_metrics.py");
    ASSERT_TRUE(lines.count(5) && lines.count(8));
    EXPECT_EQ(lines.at(5)->api, "helpers.testers.HarnessCase.run_functional") << textFirst;
    EXPECT_EQ(lines.at(8)->api, "helpers.text.TextCase.run_functional") << textFirst;
    EXPECT_DOUBLE_EQ(*tolerance(*lines.at(8), "atol")->value, 1e-2) << textFirst;
  }
}

namespace {

// A base harness in one module, a subclass in another that adapts the reference metric and
// hands its arguments on through `super()` with its own `atol`, in torchmetrics' shape.
const char* kBaseTester =
    "import numpy as np\n"
    "def _class_check(preds, target, metric_class, reference_metric, atol=1e-8):\n"
    "    metric = metric_class()\n"
    "    assert np.allclose(metric(preds, target), reference_metric(preds, target), atol=atol)\n"
    "class MetricTester:\n"
    "    atol = 1e-8\n"
    "    def run_class(self, preds, target, metric_class, reference_metric, atol=None):\n"
    "        _class_check(preds, target, metric_class, reference_metric, atol=atol or self.atol)\n";

const char* kRankingTester =
    "from functools import partial\n"
    "from tests.helpers.testers import MetricTester\n"
    "def _per_query(preds, target, metric=None, reverse=False):\n"
    "    scores = [metric(p, t) for p, t in zip(preds, target)]\n"
    "    return sum(scores) / len(scores)\n"
    "class RankingTester(MetricTester):\n"
    "    atol = 1e-6\n"
    "    def run_class(self, preds, target, metric_class, reference_metric, reverse=False):\n"
    "        adapted = partial(_per_query, metric=reference_metric, reverse=reverse)\n"
    "        super().run_class(preds, target, metric_class=metric_class, reference_metric=adapted)\n";

}  // namespace

TEST(MetricHarness, AnOverrideHandingOnThroughSuperIsTheBasesCheckWithItsOwnAtol) {
  auto r = scanPython({{"tests/helpers/testers.py", kBaseTester},
                       {"tests/ranking/helpers.py", kRankingTester},
                       {"tests/ranking/test_hits.py",
                        "from tests.ranking.helpers import RankingTester\n"
                        "class TestHits(RankingTester):\n"
                        "    def test_class(self):\n"
                        "        self.run_class(p, t, HitRate, reference_hits)\n"  // 4
                        "class TestLooseHits(RankingTester):\n"
                        "    atol = 1e-3\n"
                        "    def test_class(self):\n"
                        "        self.run_class(p, t, HitRate, reference_hits)\n"}});  // 8
  const auto at = oalens::testing::byLine(r, "tests/ranking/test_hits.py");
  ASSERT_TRUE(at.count(4) && at.count(8));
  EXPECT_TRUE(at.at(4)->isOa) << "super().run_class is the base's check, and the adapter calls the reference";
  EXPECT_EQ(at.at(4)->api, "tests.ranking.helpers.RankingTester.run_class");
  EXPECT_EQ(at.at(4)->expectedText, "reference_hits");
  ASSERT_TRUE(tolerance(*at.at(4), "atol")->value.has_value());
  EXPECT_DOUBLE_EQ(*tolerance(*at.at(4), "atol")->value, 1e-6) << "RankingTester's atol, not MetricTester's";
  EXPECT_DOUBLE_EQ(*tolerance(*at.at(8), "atol")->value, 1e-3) << "the calling test class's own comes first";
}

TEST(MetricHarness, AnAdapterCountsOnlyForTheArgumentItCalls) {
  // `reverse` is bound too, but _per_query never calls it: the adapted value is the metric's.
  auto r = scanPython({{"tests/helpers/testers.py", kBaseTester},
                       {"tests/ranking/helpers.py",
                        "from functools import partial\n"
                        "from tests.helpers.testers import MetricTester\n"
                        "def _flagged(preds, target, metric=None, reverse=False):\n"
                        "    return reverse\n"
                        "class FlagTester(MetricTester):\n"
                        "    def run_class(self, preds, target, metric_class, reference_metric, reverse=False):\n"
                        "        adapted = partial(_flagged, metric=reference_metric, reverse=reverse)\n"
                        "        super().run_class(preds, target, metric_class=metric_class, reference_metric=adapted)\n"},
                       {"tests/ranking/test_flag.py",
                        "from tests.ranking.helpers import FlagTester\n"
                        "class TestFlag(FlagTester):\n"
                        "    def test_class(self):\n"
                        "        self.run_class(p, t, HitRate, reference_hits)\n"}});  // 4
  const auto at = oalens::testing::byLine(r, "tests/ranking/test_flag.py");
  ASSERT_TRUE(at.count(4));
  EXPECT_NE(at.at(4)->api, "tests.ranking.helpers.FlagTester.run_class") << "its reference is no function of what the caller gives";
}

TEST(MetricHarness, ABaseOfTheSameFileIsLookedThroughToTheImportedOne) {
  auto r = scanPython({{"tests/helpers/testers.py", kBaseTester},
                       {"tests/ranking/helpers.py", kRankingTester},
                       {"tests/test_fair.py",
                        "from tests.helpers.testers import MetricTester\n"
                        "class FairTester(MetricTester):\n"
                        "    def run_other(self):\n"
                        "        pass\n"
                        "class TestFair(FairTester):\n"
                        "    def test_class(self):\n"
                        "        self.run_class(p, t, Fairness, reference_fairness)\n"}});  // 7
  const auto at = oalens::testing::byLine(r, "tests/test_fair.py");
  ASSERT_TRUE(at.count(7));
  EXPECT_EQ(at.at(7)->api, "tests.helpers.testers.MetricTester.run_class") << "not RankingTester's, another module's subclass";
  EXPECT_DOUBLE_EQ(*tolerance(*at.at(7), "atol")->value, 1e-8);
}

// The reference handed to the harness: a function of the test's file, or a `partial` of one,
// stands for what it returns (scikit-learn's function: DT; the author's formula: NI).
TEST(MetricHarness, AReferenceFunctionHandedOnIsWhatItReturns) {
  auto r = scanPython({{"metriclib/__init__.py", "class MeanError:\n    pass\n"},
                       {"tests/test_mean_error.py",
                        std::string(kHarness) + "from sklearn.metrics import mean_absolute_error\n"
                                                "from metriclib import MeanError\n"
                                                "def _reference_sklearn(preds, target):\n"
                                                "    return mean_absolute_error(target, preds)\n"
                                                "def _reference_by_hand(preds, target, scale=1.0):\n"
                                                "    return np.abs(preds - target).mean() * scale\n"
                                                "def test_against_sklearn():\n"
                                                "    _class_check(p, t, MeanError, _reference_sklearn)\n"  // 32
                                                "def test_against_a_formula():\n"
                                                "    _class_check(p, t, MeanError, partial(_reference_by_hand, scale=2.0))\n"}});  // 34
  oalens::analyzer::classifyOracles(r, {"metriclib"});
  ASSERT_NE(atLine(r, 32), nullptr);
  ASSERT_NE(atLine(r, 34), nullptr);
  EXPECT_EQ(atLine(r, 32)->oracleType, "DT");
  EXPECT_EQ(atLine(r, 34)->oracleType, "NI");
}
