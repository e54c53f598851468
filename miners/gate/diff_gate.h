// The diff gate (`oalens diff`): compares the old and new version of each changed test file
// with the scan core and the mine pairing, and reports what weakens a test:
//   CH301 loosened-tolerance      a tolerance accepts more (also through a constant or a
//                                 helper's default in the same file)
//   CH302 deleted-oa-assertion    an OA assertion is gone
//   CH303 weaker-assertion        an OA assertion became a non-approximate check (shape, type...)
//   CH304 exact-made-approximate  an exact check became an approximate one
//   CH305 lowered-metric-bound    `assert acc > 0.9` -> `> 0.8`, assertGreater(score, t) lowered
//   CH306 oa-test-skipped         a test with OA assertions is newly skipped or xfailed
//   CH307 tightened-tolerance     (info)
//   CH308 tolerance-not-evaluable a tolerance changed to a value that cannot be evaluated
//   CH309 weakened-oracle         (note) an OA assertion's oracle now runs more of the library
//                                 under test than before (DT -> SCUT_SAME, NI -> RI...; the oracle
//                                 classifier on both sides, analyzer/oracle/oracle_independence.h)
//   CH310 weakened-configuration  the project configuration (.oalens.toml, [tool.oalens]) makes
//                                 the gate check less: an OA check made not-OA or dropped, a
//                                 default tolerance raised, the test-file pattern changed. The
//                                 gate reads the configuration of the old side, so a change
//                                 cannot turn it green by editing it (miners/gate/config_change.h)
// A finding is accepted (severity note) when the author states why: `# oalens:
// loosen-ok(<reason>)` on or just above the assertion, or a `Tolerance-Change: <reason>`
// trailer in the commit that changes the file (miners/gate/trailer_scope.h). `# oalens: ignore[CH301]` drops a finding
// (analyzer/core/ignore_marker.h).
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "analyzer/assertions/catalogue.h"
#include "rules/gate/registry.h"

namespace oalens::miners {

// The rules' table lives in rules/gate/ with their folders; the gate reads it.
using analyzer::Severity;
using rules::GateRule;
using rules::gateRules;

// A finding of a gate rule (analyzer/core/finding.h), with what the gate's later passes read.
struct GateFinding : analyzer::Finding {
  std::string statedReason;  // set when accepted
  // CH302: the deleted assertion as the pairing normalises it, and what it compares (the
  // change-wide passes of miners/gate/change_wide.h read them; no output prints them).
  std::string assertionText, comparedText;
};

struct GateFile {
  std::string oldPath, newPath;  // empty when added / deleted
  std::optional<std::string> oldBytes, newBytes;
  // Scan only the tests a change touches when that is all it touches (miners/gate/diff_scope.h);
  // false scans both versions whole (`oalens diff --whole-files`).
  bool scopeToChangedTests = true;
};

// What every file of one gate run shares.
struct GateContext {
  const analyzer::Catalogue& catalogue;
  std::string trailerReason;                 // a reason stated for the whole range (Tolerance-Change trailer), or empty
  std::vector<std::string> libraryPackages;  // the library under test, for the oracle classifier; none: no CH309
  // Another file of the repository on the old (false) or new (true) side of the change, or
  // nullopt: the suite's helper modules a test imports are read through it (its base test
  // case's own assertAllClose, its wrappers). Empty: each test file is scanned alone.
  std::function<std::optional<std::string>(bool newSide, const std::string& path)> suiteFile;
  // The Python modules directly in a directory on either side (SuiteChildLister): the children
  // of a helper package that chooses one at run time. Empty: such children are not read.
  std::function<std::vector<std::string>(bool newSide, const std::string& dir)> suiteChildren;
  // With `oalens diff --margins DB`: what the recorded test runs measured at a loosened check,
  // given both sides of it (the runs may have been of either); appended to CH301's message.
  // Empty: no database, or nothing recorded there.
  std::function<std::string(const analyzer::Assertion& oldSide, const analyzer::Assertion& newSide)> measuredLoosening;
  // The wrappers of each distinct set of helper modules read so far, by digest.
  mutable std::map<uint64_t, analyzer::Catalogue> suiteWrappers;
};

// A finding's fingerprint: FNV-1a of the rule, the file and two texts that say what changed,
// stable across runs and machines (baselines and SARIF's partialFingerprints keep it).
std::string gateFingerprint(const std::string& ruleId, const std::string& file, const std::string& a, const std::string& b);

// Findings for one changed file, sorted by line. `added`, when given, receives the OA
// assertions the new side has and the old side has not (normalised), for the change-wide pass
// that tells a moved assertion from a deleted one.
std::vector<GateFinding> checkFile(const GateFile& file, const GateContext& context, std::vector<std::string>& diagnostics,
                                   std::vector<std::string>* added = nullptr);

}  // namespace oalens::miners
