// Joins the test runs a margins database holds with the OA assertions of a scan, by call site,
// and gives each assertion that ran a verdict on its tolerance (docs/margins.md):
//   failing      the check failed in every run that reached it
//   flaky-tight  it failed in some runs, or some run used over half of the tolerance
//   over-loose   no run used 0.1% of it: a tolerance safetyFactor times the largest error is
//                suggested
//   healthy      the rest
// A recorded call joins the assertion whose lines hold the frame that made it; a caller's frame
// joins only an assertion that is a wrapper call (the scan's `via`), so a check made inside a
// function computing an assertion's arguments is not taken for that assertion's. Negated
// checks (assertNotAlmostEqual, assert not np.allclose), and checks whose every failure the test
// caught (a try/except around it, pytest.raises), are counted, not judged; a caught failure
// elsewhere is left out of the shares and the failures.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/scan/scanner.h"
#include "reports/sqlite/margins_db.h"

namespace oalens::reports {

// The cut-offs of issue 53: under 0.1% of the tolerance in every run is over-loose; over half
// of it in some run is too tight to be safe from flaking.
inline constexpr double kOverLooseShare = 0.001;
inline constexpr double kTightShare = 0.5;

struct MarginsOptions {
  std::string root;          // the scanned tree, absolute
  double safetyFactor = 10;  // suggested tolerance = safetyFactor x the largest error (over-loose)
};

struct MarginVerdict {
  std::string file;  // relative to the scanned tree
  uint32_t line = 0, endLine = 0;
  std::string api, via, testCase;  // as the scan reads the assertion
  std::string verdict;
  double maxUsed = 0;  // largest share of the tolerance used in any run; +inf when unbounded
  int64_t runs = 0, failedRuns = 0, tests = 0, calls = 0;
  int64_t caughtFailures = 0;  // failed calls the test caught, left out
  int64_t failuresWithin = 0;  // failed calls whose values were within the tolerance
  std::string tolerance;       // in force at the worst call, as the plugin recorded it
  std::optional<double> maxAbsErr;
  std::string suggested, basis;  // empty when there is nothing to suggest
  std::optional<MarginExtreme> extreme;
};

struct MarginsReport {
  std::string root, rootdir;
  std::string helpBase;  // where the SARIF log's helpUri points (the command's --help-uri-base or configuration)
  int64_t runsPerTest = 1, diagnostics = 0;
  double safetyFactor = 10;
  // OA assertions no recorded run reached: of an API the plugin records (not reached: the test
  // did not run, was skipped, or stopped before the check) or of one it cannot watch (a bare
  // `assert abs(a - b) < tol`, an API outside its table).
  int64_t oaAssertions = 0, measured = 0, notReached = 0, notWatched = 0, notJudged = 0;
  int64_t overLoose = 0, flakyTight = 0, healthy = 0, failing = 0;
  std::vector<MarginVerdict> margins;  // by file, then line
  // The OA assertions without a verdict, in scan order, each with why: "not reached", "not
  // watched", "negated", "caught" (every failure was caught by the test).
  struct Unjudged {
    std::string file;
    uint32_t line = 0;
    std::string api, reason;
  };
  std::vector<Unjudged> unjudged;
};

MarginsReport judgeMargins(const analyzer::ScanResult& scan, const MarginsData& data, const MarginsOptions& options);

// The tolerance of a check of `form` (sum, max, decimal, places, delta) with every bound scaled
// by `factor`, each value rounded up to one significant digit ("rtol=0 atol=2e-11",
// "decimal=9"); empty when the parameters are unknown.
std::string scaledTolerance(const MarginGroup& worst, double factor);

}  // namespace oalens::reports
