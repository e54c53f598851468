// Rendering of the margins report (reports/margins/margins_render.h, margins_html.h): an
// unbounded share is null in JSON and `inf` in text, a failure within the tolerance is said,
// and text from the tree or the database is escaped in HTML.
#include <gtest/gtest.h>

#include <limits>

#include "reports/margins/margins_html.h"
#include "reports/margins/margins_render.h"

using namespace oalens;

namespace {

reports::MarginsReport sample() {
  reports::MarginsReport r;
  r.root = "/tmp/<tree>";
  r.oaAssertions = 3;
  r.measured = 2;
  r.notReached = 1;
  r.flakyTight = 1;
  r.failing = 1;
  reports::MarginVerdict tight;
  tight.file = "tests/<b>x</b>.py";
  tight.line = 4;
  tight.verdict = "flaky-tight";
  tight.maxUsed = std::numeric_limits<double>::infinity();
  tight.runs = 5;
  tight.failedRuns = 2;
  tight.tolerance = "rtol=1e-05 atol=1e-08";
  reports::MarginVerdict failing;
  failing.file = "tests/y.py";
  failing.line = 9;
  failing.verdict = "failing";
  failing.maxUsed = 0.0005;
  failing.runs = 1;
  failing.failedRuns = 1;
  failing.failuresWithin = 1;
  failing.tolerance = "rtol=0.0001 atol=0.0001";
  r.margins = {tight, failing};
  r.unjudged = {{"tests/z.py", 2, "numpy.testing.assert_allclose", "not reached"}};
  return r;
}

}  // namespace

TEST(MarginsRender, JsonHasNoInfinity) {
  const auto j = reports::marginsJson(sample());
  EXPECT_TRUE(j["margins"][0]["max_used"].is_null());
  EXPECT_TRUE(j["margins"][0]["unbounded"].get<bool>());
  EXPECT_DOUBLE_EQ(j["margins"][1]["max_used"].get<double>(), 0.0005);
  EXPECT_EQ(j["margins"][1]["failures_within_tolerance"], 1);
  EXPECT_EQ(j["unjudged"][0]["reason"], "not reached");
  EXPECT_EQ(j["summary"]["not_reached"], 1);
}

TEST(MarginsRender, TextLines) {
  const std::string text = reports::marginsText(sample());
  EXPECT_NE(text.find("tests/<b>x</b>.py:4: flaky-tight: at most inf of rtol=1e-05 atol=1e-08 used, 5 runs (2 failed)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("tests/y.py:9: failing: at most 0.0005 of rtol=0.0001 atol=0.0001 used, 1 run (1 failed, 1 call within the tolerance)\n"),
      std::string::npos)
      << text;
}

TEST(MarginsRender, HtmlEscapesAndStandsAlone) {
  const std::string page = reports::marginsPage(sample(), "m<1>.db");
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(page.find("<b>x</b>"), std::string::npos);
  EXPECT_NE(page.find("tests/&lt;b&gt;x&lt;/b&gt;.py:4"), std::string::npos);
  EXPECT_NE(page.find("m&lt;1&gt;.db"), std::string::npos);
  EXPECT_NE(page.find("/tmp/&lt;tree&gt;"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("http"), std::string::npos);  // no external resource
  EXPECT_NE(page.find("<td>unbounded</td>"), std::string::npos);
}
