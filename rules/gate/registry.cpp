// The gate rule table. Ids are never reused; the order is the ids'.
#include "rules/gate/registry.h"

namespace oalens::rules {

using analyzer::Severity;

// Every finding can be accepted with a reason; the rule's own remedy comes first. A macro so
// that the table's texts stay literals.
#define OALENS_STATE_REASON                                                                                     \
  " If the change is intended, say why with `# oalens: loosen-ok(<reason>)` on or above the changed line or a " \
  "`Tolerance-Change: <reason>` trailer in the commit."

const std::vector<GateRule>& gateRules() {
  // Precision: of the findings `scripts/gate-sample` drew from Keras, Kornia and Theano and
  // judged from the commits (corpora/gate_labels; CH302 from Keras alone), the share that was
  // right (docs/diff.md, "Precision on three histories").
  static const std::vector<GateRule> rules = {
      {"CH301", "loosened-tolerance", Severity::Warning, "a tolerance of an OA assertion accepts more than before",
       "A tolerance of an oracle-approximation assertion accepts a larger error than before: atol, rtol, delta or an error "
       "bound raised, decimal or places lowered, a default replaced by a looser value, or a constant or helper default it "
       "reads loosened.",
       "Restore the tolerance, or find why the result moved." OALENS_STATE_REASON, "30/35"},
      {"CH302", "deleted-oa-assertion", Severity::Note, "an OA assertion was deleted",
       "An oracle-approximation assertion is gone and the rest of the change does not explain it (not moved to another "
       "file, not deleted with the code it tests, not migrated to a helper).",
       "Keep the check, or move it where the tested code went." OALENS_STATE_REASON, "4/17"},
      // Notes, not warnings: a seeded sample of their findings on three histories was right under
      // 3 times in 4 (CH303 1/5, CH304 8/17, CH308 3/5; docs/diff.md).
      {"CH303", "weaker-assertion", Severity::Note, "an OA assertion was replaced by a check that does not compare values",
       "An oracle-approximation assertion was replaced, in the same test, by a check that does not compare values within a "
       "tolerance (a shape, a type, a truth value).",
       "Keep comparing the values, beside the new check if it is wanted too." OALENS_STATE_REASON, "1/5"},
      {"CH304", "exact-made-approximate", Severity::Note, "an exact assertion became an approximate one",
       "An exact assertion (assert_array_equal, assertEqual, `assert a == b`) became an approximate one.",
       "Keep the exact check where the values are exact (integers, indices, shapes)." OALENS_STATE_REASON, "8/17"},
      {"CH305", "lowered-metric-bound", Severity::Warning, "the bound on a quality metric was relaxed",
       "The bound on a quality metric was relaxed: a lower bound lowered, an upper bound raised, a strict bound made to "
       "include itself, or an interval widened.",
       "Restore the bound, or find why the metric dropped." OALENS_STATE_REASON, "5/5"},
      {"CH306", "oa-test-skipped", Severity::Warning, "a test with OA assertions is newly skipped or marked xfail",
       "A test with oracle-approximation assertions gains a skip, skipIf, xfail or expectedFailure decorator, or starts "
       "with skipTest or pytest.skip.",
       "Fix the test, or skip it only where it cannot run (a missing device or package)." OALENS_STATE_REASON, "5/6"},
      {"CH307", "tightened-tolerance", Severity::Info, "a tolerance of an OA assertion accepts less than before",
       "A tolerance of an oracle-approximation assertion accepts a smaller error than before.",
       "Nothing to fix: reported for the record, at info severity.", "-"},
      {"CH308", "tolerance-not-evaluable", Severity::Note, "a tolerance changed to a value that cannot be evaluated",
       "A tolerance changed to a value that cannot be evaluated statically and whose text does not tell the direction "
       "of the change either.",
       "Check by hand that the new tolerance is not looser; a literal or a module constant can be compared." OALENS_STATE_REASON, "3/5"},
      // A note, not a warning: on real histories the classifier's type of one oracle moves with
      // edits that change no oracle (imports, renamed modules, helpers; docs/diff.md).
      {"CH309", "weakened-oracle", Severity::Note, "an OA assertion's oracle now depends more on the code under test",
       "The oracle of an oracle-approximation assertion now runs more of the library under test than before (its oracle "
       "type moved down the order D, DT, NI, RI, SCUT_DIFF, SCUT_SAME).",
       "Compute the expected value independently of the code under test (another library, a closed form, stored data)." OALENS_STATE_REASON,
       "-"},
      {"CH310", "weakened-configuration", Severity::Warning, "the project configuration makes the gate check less than before",
       "The project configuration (.oalens.toml, [tool.oalens] in pyproject.toml) makes the gate check less: an OA check "
       "dropped or made not-OA, a name that stops matching it, a default tolerance raised, or the test-file pattern changed.",
       "Keep the configuration, or make the gate check the same as before." OALENS_STATE_REASON, "-"},
  };
  return rules;
}

#undef OALENS_STATE_REASON

std::string gateRuleFolder(const GateRule& rule) {
  std::string folder = std::string(rule.id) + "_" + rule.name;
  for (char& c : folder) c = c == '-' ? '_' : c;
  return folder;
}

}  // namespace oalens::rules
