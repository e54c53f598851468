// The margins report's join and verdicts on hand-made scans and groups (reports/margins/):
// which frames join which assertion, the verdict cut-offs, what is left unjudged, the
// suggested tolerances of each form, and recorded paths moved under another root.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reports/margins/margins_verdicts.h"

using namespace oalens;

namespace {

analyzer::Assertion oa(const std::string& file, uint32_t line, uint32_t endLine = 0, const std::string& via = "") {
  analyzer::Assertion a;
  a.file = file;
  a.range.start.line = line;
  a.range.end.line = endLine ? endLine : line;
  a.api = via.empty() ? "numpy.testing.assert_allclose" : "helpers.assert_near";
  a.via = via;
  a.isOa = true;
  return a;
}

reports::MarginGroup group(const std::string& file, int64_t line, double used, const std::string& test = "t", int64_t run = 0,
                           bool direct = true) {
  reports::MarginGroup g;
  g.file = file;
  g.line = line;
  g.direct = direct;
  g.testId = test;
  g.run = run;
  g.maxUsed = used;
  g.calls = 1;
  g.form = "sum";
  g.rtol = 0;
  g.atol = 1e-3;
  g.tolerance = "rtol=0 atol=0.001";
  return g;
}

reports::MarginsReport judge(std::vector<analyzer::Assertion> assertions, std::vector<reports::MarginGroup> groups,
                             const std::string& rootdir = "") {
  analyzer::ScanResult scan;
  scan.assertions = std::move(assertions);
  reports::MarginsData data;
  data.rootdir = rootdir;
  data.groups = std::move(groups);
  data.watchedApis = {"numpy.testing.assert_allclose"};
  reports::MarginsOptions options;
  options.root = "/nonexistent-tree";
  return reports::judgeMargins(scan, data, options);
}

const reports::MarginVerdict* at(const reports::MarginsReport& r, uint32_t line) {
  for (const auto& v : r.margins)
    if (v.line == line) return &v;
  return nullptr;
}

}  // namespace

TEST(MarginsVerdicts, CutOffs) {
  auto r = judge({oa("t.py", 1), oa("t.py", 2), oa("t.py", 3), oa("t.py", 4), oa("t.py", 5)},
                 {group("t.py", 1, 0.0009), group("t.py", 2, 0.001), group("t.py", 3, 0.5), group("t.py", 4, 0.5000001),
                  group("t.py", 5, std::numeric_limits<double>::infinity())});
  ASSERT_EQ(r.margins.size(), 5u);
  EXPECT_EQ(at(r, 1)->verdict, "over-loose");
  EXPECT_EQ(at(r, 2)->verdict, "healthy");
  EXPECT_EQ(at(r, 3)->verdict, "healthy");
  EXPECT_EQ(at(r, 4)->verdict, "flaky-tight");
  EXPECT_EQ(at(r, 5)->verdict, "flaky-tight");
  EXPECT_EQ(r.overLoose, 1);
  EXPECT_EQ(r.flakyTight, 2);
}

TEST(MarginsVerdicts, FailingOnlyWhenEveryRunFailed) {
  auto failedRun = [](int64_t run) {
    auto g = group("t.py", 7, 2.0, "t", run);
    g.failedCalls = 1;
    return g;
  };
  auto r = judge({oa("t.py", 7)}, {failedRun(0), failedRun(1)});
  EXPECT_EQ(at(r, 7)->verdict, "failing");
  EXPECT_EQ(at(r, 7)->failedRuns, 2);
  r = judge({oa("t.py", 7)}, {failedRun(0), group("t.py", 7, 0.0001, "t", 1)});
  EXPECT_EQ(at(r, 7)->verdict, "flaky-tight");
  EXPECT_EQ(at(r, 7)->runs, 2);
}

TEST(MarginsVerdicts, CallersFramesJoinOnlyWrapperCalls) {
  // line 10: a direct check; line 20: a wrapper call; both hold a caller's frame of a check
  // made elsewhere (depth > 0)
  auto r = judge({oa("t.py", 10), oa("t.py", 20, 0, "numpy.testing.assert_allclose")},
                 {group("t.py", 10, 0.3, "a", 0, false), group("t.py", 20, 0.3, "b", 0, false)});
  EXPECT_EQ(at(r, 10), nullptr);
  ASSERT_NE(at(r, 20), nullptr);
  EXPECT_EQ(at(r, 20)->verdict, "healthy");
  EXPECT_EQ(r.notReached, 1);
}

TEST(MarginsVerdicts, FramesWithinAMultiLineStatement) {
  auto r = judge({oa("t.py", 30, 33)}, {group("t.py", 32, 0.2), group("t.py", 34, 0.9), group("u.py", 31, 0.9)});
  ASSERT_NE(at(r, 30), nullptr);
  EXPECT_DOUBLE_EQ(at(r, 30)->maxUsed, 0.2);
}

TEST(MarginsVerdicts, UnjudgedReasons) {
  auto negated = oa("t.py", 40);
  negated.negated = true;
  auto caught = group("t.py", 41, 0);
  caught.maxUsed.reset();
  caught.caughtCalls = 1;
  auto bare = oa("t.py", 42);
  bare.api = "assert";
  auto r = judge({negated, oa("t.py", 41), bare, oa("t.py", 43)}, {group("t.py", 40, 0.1), caught});
  EXPECT_TRUE(r.margins.empty());
  ASSERT_EQ(r.unjudged.size(), 4u);
  EXPECT_EQ(r.unjudged[0].reason, "negated");
  EXPECT_EQ(r.unjudged[1].reason, "caught");
  EXPECT_EQ(r.unjudged[2].reason, "not watched");
  EXPECT_EQ(r.unjudged[3].reason, "not reached");
  EXPECT_EQ(r.measured, 2);
  EXPECT_EQ(r.notJudged, 2);
}

TEST(MarginsVerdicts, OverLooseSuggestions) {
  auto equal = group("t.py", 51, 0.0);
  auto r = judge({oa("t.py", 50), oa("t.py", 51)}, {group("t.py", 50, 3.2e-7), equal});
  EXPECT_EQ(at(r, 50)->suggested, "rtol=0 atol=4e-09");  // 1e-3 x 3.2e-7 x 10, rounded up
  EXPECT_EQ(at(r, 50)->basis, "10x the largest error measured");
  EXPECT_EQ(at(r, 51)->suggested, "exact");
}

TEST(MarginsVerdicts, ScaledToleranceForms) {
  reports::MarginGroup g;
  g.form = "max";
  g.rtol = 1e-6;
  g.atol = 1e-12;
  EXPECT_EQ(reports::scaledTolerance(g, 0.03), "rel=3e-08 abs=3e-14");
  g.form = "decimal";
  g.bound = 1.5e-6;  // decimal=6
  EXPECT_EQ(reports::scaledTolerance(g, 1e-3), "decimal=9");
  EXPECT_EQ(reports::scaledTolerance(g, 2e-3), "decimal=8");  // 3e-9 needs 1.5e-8
  g.form = "places";
  g.bound = 0.5e-7;  // places=7
  EXPECT_EQ(reports::scaledTolerance(g, 1e-2), "places=9");
  g.form = "delta";
  g.bound = 0.5;
  EXPECT_EQ(reports::scaledTolerance(g, 0.0123), "delta=0.007");
  g.form = "sum";
  g.rtol.reset();
  EXPECT_EQ(reports::scaledTolerance(g, 0.1), "");
  g.rtol = 1e-5;
  g.atol = 1e-8;
  EXPECT_EQ(reports::scaledTolerance(g, std::numeric_limits<double>::infinity()), "");
}

TEST(MarginsVerdicts, FlakyTightSuggestsTheExtremeValueBound) {
  analyzer::ScanResult scan;
  scan.assertions = {oa("t.py", 60)};
  reports::MarginsData data;
  data.groups = {group("t.py", 60, 0.8, "t", 0), group("t.py", 60, 0.9, "t", 1)};
  data.extremes = {{"t.py", 60, 5, "gumbel_r", 0.99, 1.2, 0.04}};
  reports::MarginsOptions options;
  auto r = reports::judgeMargins(scan, data, options);
  ASSERT_NE(at(r, 60), nullptr);
  EXPECT_EQ(at(r, 60)->suggested, "rtol=0 atol=0.002");  // 1e-3 x 1.2, rounded up
  data.extremes[0].usedAtConfidence = 0.95;              // the bound holds: nothing to suggest
  r = reports::judgeMargins(scan, data, options);
  EXPECT_EQ(at(r, 60)->suggested, "");
}

TEST(MarginsVerdicts, RecordedPathsMoveUnderAnotherRoot) {
  const auto tmp = std::filesystem::temp_directory_path() / "oalens_margins_paths";
  std::filesystem::create_directories(tmp / "repo" / "tests");
  analyzer::ScanResult scan;
  scan.assertions = {oa("repo/tests/t.py", 5)};
  reports::MarginsData data;
  data.rootdir = (tmp / "repo").string();
  data.groups = {group("tests/t.py", 5, 0.2), group("../elsewhere.py", 5, 0.2)};
  reports::MarginsOptions options;
  options.root = tmp.string();
  auto r = reports::judgeMargins(scan, data, options);
  ASSERT_EQ(r.margins.size(), 1u);
  EXPECT_EQ(r.margins[0].file, "repo/tests/t.py");
  std::filesystem::remove_all(tmp);
}
