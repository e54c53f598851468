#include "miners/classify/reason_resolver.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <re2/re2.h>

#include "analyzer/core/words.h"

namespace oalens::miners {

namespace {

constexpr std::array<std::string_view, 16> kKnownIds = {
    "flaky", "hardware", "dtype",     "rollback",         "refactoring", "new-test",      "feature",        "test-fix",
    "fix",   "replace",  "precision", "test-refactoring", "deprecation", "dtype-support", "fixed-numerics", "diagnostics"};

// Where the message first states `id` for a change of these kinds.
std::optional<size_t> statedAt(const std::vector<MessageMatch>& message, std::string_view id, uint8_t kinds) {
  std::optional<size_t> at;
  for (const MessageMatch& m : message)
    if (m.id == id && (m.kinds == 0 || (m.kinds & kinds)) && (!at || m.position < *at)) at = m.position;
  return at;
}

std::vector<ResolvedReason> decide(const std::vector<MessageMatch>& message, const ChangeEvidence& e) {
  auto stated = [&](std::string_view id) { return statedAt(message, id, e.kinds); };
  if (stated("rollback")) return {{"rollback", kFromMessage}};

  std::vector<ResolvedReason> causes;
  // "[Float8] Add static constructor", "Add NVFP4 kernels": a dtype or device the message names
  // after the feature it adds is what the feature is about, not why a check's API or arguments
  // changed; a tolerance that moved is still explained by it.
  const std::optional<size_t> featureAt = stated("feature");
  const bool subjectOfAFeature = (e.kinds & kKindThreshold) == 0 && featureAt.has_value();
  // "int8/uint8 support", "additional bf16 support": the dtypes the message names are what a
  // feature adds (read label sets: 10 of 10 such changes were features or refactorings).
  const bool dtypeSupported = stated("dtype-support").has_value();
  // "[Port] OD layers to Keras 3" over steps "* chore: disabling flaky test", "* explicit type cast to
  // int32": the subject states the commit's purpose; a cause only a squashed step names is that
  // step's, about some other check; so is one under "Fix ema test" ("* cast the expected tensors to
  // float32"): how the test was fixed. Not under a fix ("Fixes angle axis to quaternion order bug" over
  // "* float16 errors fixed by adding eps and atol/rtol"): the steps say what the fix took.
  const bool purposeInSubject = std::any_of(message.begin(), message.end(), [](const MessageMatch& m) {
    return m.inSubject && (m.id == "feature" || m.id == "refactoring" || m.id == "new-test" || m.id == "test-fix");
  });
  const auto onlyInSteps = [&](std::string_view id) {
    return std::none_of(message.begin(), message.end(), [&](const MessageMatch& m) { return m.id == id && !m.onlyInSquashedSteps; });
  };
  // "add better assert output ... test seems to be flaky": an assertion API swapped for what it
  // prints when it fails; the flakiness is what made the output worth reading, not why it changed.
  if (stated("diagnostics") && (e.kinds & kKindApi)) return {{"refactoring", kFromMessage}};
  for (std::string_view id : {"flaky", "hardware", "dtype"})
    if (const auto at = stated(id); at && !(subjectOfAFeature && id != "flaky" && *featureAt < *at) && !(id == "dtype" && dtypeSupported) &&
                                    !(purposeInSubject && onlyInSteps(id)))
      causes.push_back({std::string(id), kFromMessage});
  auto has = [&](std::string_view id) {
    return std::any_of(causes.begin(), causes.end(), [&](const ResolvedReason& r) { return r.reason == id; });
  };
  // Precision words in general name the dtype's precision as the cause only where no other is named.
  // Not where the numerical problem is what the commit fixes ("Fix major numerical issue in
  // COCOMeanAveragePrecision"): a bug, the library's or the test's, not a data type's precision.
  if (causes.empty() && stated("precision") && !stated("fixed-numerics") && !(purposeInSubject && onlyInSteps("precision")))
    causes.push_back({"dtype", kFromMessage});
  // A choice by dtype or device the check gained shows a cause, but not where the message calls
  // the test flaky ("fixes a flaky CUDA test"): the choice is then how the flakiness was met.
  const bool flaky = has("flaky");
  if (e.gainedDeviceChoice && !has("hardware") && !flaky) causes.push_back({"hardware", kFromCode});
  if (e.gainedDtypeChoice && !has("dtype") && !flaky) causes.push_back({"dtype", kFromCode});
  if (!causes.empty()) return causes;
  if (e.fixesItsHelper) return {{"test-fix", kFromMessage}};
  if (e.followsItsHelper && (e.kinds & kKindApi) == 0) return {{"test-fix", kFromMessage}};

  // `numpy.allclose` -> `np.allclose`, `np.sum` -> `jnp.sum`: whatever the commit does besides, this
  // check's edit is a rename of a module's alias, which changes nothing it checks.
  if (e.renamesAModuleAlias) return {{"refactoring", kFromAlias}};
  // `indice` -> `indices` at every place the test binds and reads it: a rename of the test's own
  // variables, whatever else the commit changed in the library.
  // Also where the new names follow a rename of the library's (`iarange_loss` -> `plate_loss`): the
  // labels' first rule (corpora/reason_labels), though some label sets read those as the library's.
  if (e.renamesALocal) return {{"refactoring", kFromLocalRename}};
  // `cast(float, pert)` for `pert`, `stats["accs"]` after `stats = cavs[k].stats`: the check compares
  // what it compared, spelled another way (Captum's "Type Hints Completion", "Pyre enablement").
  if (e.respellsItsValues) return {{"refactoring", kFromRespelled}};
  // "Fix/bvm sampler ... removed deprecated jax.test_util calls": an assertion API left because it
  // is deprecated is a migration (feature), whatever fix the commit also makes.
  if (stated("deprecation")) return {{"feature", kFromMessage}};
  // A fix, where the test names library code the commit changed: the library's; unless the
  // message says the fix is the test's ("Fixed norm test for an old numpy").
  // Not where the message states a feature or a refactoring of the library first ("Refactor QAT
  // to use tensor subclasses ... fix"): the fix is then part of that work.
  const auto statedBefore = [&](std::string_view id, std::string_view other) {
    const auto a = stated(id), b = stated(other);
    return a && (!b || *a < *b);
  };
  // "Fix comments", "fix typos", "fix lint": a fix word that opens a refactoring's phrase fixes form.
  const auto fixOfForm = [&] {
    const auto a = stated("refactoring"), b = stated("fix");
    return a && b && *a <= *b;
  };
  if (stated("fix") && e.callsChangedLibrary && !stated("test-fix") && !statedBefore("feature", "fix") && !fixOfForm())
    return {{"cut-fix", kFromLibrary}};
  // "Fix train_Yvar reshaping in SAASBO" with the library's code changed and the test's check
  // following it, where the test names none of the changed definitions (it reaches them through
  // the model it builds): the library's fix too, unless the message says the test was fixed.
  // A feature, refactoring or new test the message names only after the fix ("Fix minor coco utility
  // function" ... "fix pycocotools area implementation") is part of that fix.
  if (stated("fix") && e.libraryChanged && !stated("test-fix") && !fixOfForm() && !statedBefore("feature", "fix") &&
      !statedBefore("new-test", "fix"))
    return {{"cut-fix", kFromLibrary}};

  // The purpose the message states first. "Add tests" explains a check only where its test was
  // reworked too or the check now compares whole values where it compared parts ("profile more
  // cases": `cpu[:2]` -> `cpu`); a commit adding a test elsewhere leaves this check's reason
  // untold. Not where the commit made the same edit to many checks (a helper put in across the
  // file); a feature explains a tolerance that moved alone only where the test names the changed
  // library code or was reworked around it (a loosening can ride along with an unrelated
  // feature), or where its assertion now resolves to another definition (a migration to another
  // test case class moves the defaults it applies).
  struct Purpose {
    std::string_view id;
    ResolvedReason reason;
  };
  const bool edited = (e.kinds & (kKindApi | kKindParameter | kKindThreshold)) != 0;  // not an addition or deletion
  std::optional<size_t> best;
  std::optional<ResolvedReason> first;
  const bool toleranceOnly = (e.kinds & (kKindApi | kKindParameter)) == 0 && (e.kinds & kKindThreshold) != 0;
  for (const Purpose& p : {Purpose{"refactoring", {"refactoring", kFromMessage}}, Purpose{"feature", {"feature", kFromMessage}},
                           Purpose{"new-test", {"new-test", kFromMessage}}, Purpose{"test-fix", {"test-fix", kFromMessage}},
                           Purpose{"fix", {"test-fix", kFromMessage}}}) {
    std::optional<size_t> at = stated(p.id);
    if (!at || (best && *best <= *at)) continue;
    if (p.id == "new-test" && edited && !e.testReworked && !e.comparesMore) continue;
    if (p.id == "feature" && toleranceOnly && !e.testReworked && !e.callsChangedLibrary && !e.assertionRebased) continue;
    best = at;
    // A test that gained cases was extended, whatever else the commit did across the file.
    const bool helperPutIn = e.sameEditOnManyChecks && !e.testGainedCases;
    first = p.id == "new-test" && helperPutIn ? ResolvedReason{"refactoring", kFromManyChecks} : p.reason;
  }
  // Tests "fixed up" in a commit that reworks the library they call were fixed to follow it (the
  // Keras 2 port's "Fix up layers unit tests with TF"); a fix of one function and its test stays
  // the test's.
  if (first && first->reason == "test-fix" && e.callsChangedLibrary && e.broadLibraryChange) return {{"feature", kFromLibrary}};
  // Tests added, the message's body says, where this check calls library code the same commit
  // changes ("Extend unbalanced OT solvers ... add tests"): they cover the library's new behaviour
  // (a feature), not a new test of behaviour that was there.
  // Not where the subject itself says so ("Improve losses tests, add TestSSIM3d").
  const bool newTestInSubject =
      std::any_of(message.begin(), message.end(), [](const MessageMatch& m) { return m.id == "new-test" && m.inSubject; });
  if (first && first->reason == "new-test" && first->source == kFromMessage && e.callsChangedLibrary && !newTestInSubject)
    return {{"feature", kFromLibrary}};
  // "Refactor ... to use ProductKernel", "Move losses to a dedicated sub-package": a refactoring
  // of the library the test calls, which changed what the check compares (its CUT or oracle, not
  // its assertion API), is a change of the library's API the test follows; one of the test alone,
  // or the same edit across many checks (".data" dropped everywhere), stays a refactoring, unless
  // that edit renames what the library renamed (`._data` -> `.qdata` on every check of MXTensor).
  if (first && first->reason == "refactoring" && first->source == kFromMessage && e.callsChangedLibrary &&
      (e.kinds & kKindParameter) != 0 && (!e.sameEditOnManyChecks || e.followsLibraryRename) && !stated("test-refactoring"))
    return {{"feature", kFromLibrary}};
  if (first) return {*first};
  // `likelihood_list` -> `likelihoods` in the check where the commit renamed it in the library:
  // the test follows the library's API, whatever else the message leaves unsaid.
  if (e.followsLibraryRename && (e.kinds & (kKindApi | kKindParameter)) != 0) return {{"feature", kFromLibrary}};
  // Library code the check's test calls changed in the same commit, which says nothing of why: the
  // check follows it, its tolerance too where it moved alone (read label sets: 22 such moves
  // labelled a feature of the commit against 9 labelled unknown, dev view). A tolerance that moved alone in
  // a test left as it was is not shown to follow a port to the library's API.
  if (e.callsChangedLibrary) return {{"feature", kFromLibrary}};
  if (e.movedToLibraryApi && (!toleranceOnly || e.testReworked)) return {{"feature", kFromMigration}};
  // The check's CUT, oracle or API changed in a commit that changed the library too and says
  // nothing of why: the test follows the library (an op renamed, an interface reworked), whichever
  // definitions the test reaches them through, whether or not the rest of the test changed.
  if (e.libraryChanged && (e.kinds & (kKindApi | kKindParameter)) != 0 && !e.sameEditOnManyChecks) return {{"feature", kFromLibrary}};
  // The check's text back to what it was before its previous change, where nothing the commit
  // says or changes explains it: an earlier change undone. Not before: a tolerance moved back and
  // forth while the library is fixed ("Fix stats") follows the fix (read label sets: 0 of 5 such
  // changes were rollbacks by their commits).
  if (e.undoesPreviousChange) return {{"rollback", kFromRevert}};
  // "Use assert_allclose instead of numpy.allclose()": a swap by choice where no cause, purpose
  // or library change explains it.
  if (stated("replace")) return {{"refactoring", kFromMessage}};
  // `assert np.allclose(a, b)` -> `np.testing.assert_allclose(a, b)`: a move by choice to an API
  // that reports what differs, where nothing the commit says or changes explains it.
  if (e.movedToAssertingCall && (e.kinds & kKindApi) != 0) return {{"refactoring", kFromAssertingCall}};
  if (e.sameEditOnManyChecks) return {{"refactoring", kFromManyChecks}};
  // Quotes, spacing, line breaks or a call's arguments named where they were positional: the check
  // reads as it did, so its change is one of form, whatever the commit does besides.
  if (e.kinds == kKindCosmetic) return {{"refactoring", kFromForm}};
  return {{"unknown", kFromNothing}};
}

}  // namespace

bool subjectNamesSuiteHelper(std::string_view message, std::string_view api) {
  const size_t dot = api.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view helper = api.substr(dot + 1), module = api.substr(0, dot);
  const auto suite = [&](std::string_view part) {
    return module == part || module.starts_with(std::string(part) + ".") ||
           module.find("." + std::string(part) + ".") != std::string_view::npos || module.ends_with("." + std::string(part));
  };
  if (helper.size() < 8 || !(suite("tests") || suite("test"))) return false;
  // The helper's name as a whole word of the subject, not an attribute of another name.
  const std::string_view subject = message.substr(0, message.find('\n'));
  for (size_t at = analyzer::findWord(subject, helper); at != std::string_view::npos; at = analyzer::findWord(subject, helper, at + 1))
    if (at == 0 || subject[at - 1] != '.') return true;
  return false;
}

bool messageFixesHelper(std::string_view message, std::string_view helper) {
  if (helper.size() < 4) return false;
  static const RE2 fix(R"((?i)\bfix(?:es|ed|ing)?\s+(?:the\s+|a\s+|an\s+)?`?([A-Za-z_][\w.]*)`?)");
  re2::StringPiece rest(message.data(), message.size());
  std::string named;
  while (RE2::FindAndConsume(&rest, fix, &named)) {
    const size_t dot = named.rfind('.');
    if (std::string_view(named).substr(dot == std::string::npos ? 0 : dot + 1) == helper) return true;
  }
  return false;
}

std::vector<ResolvedReason> resolveReasons(const std::vector<MessageMatch>& message, const ChangeEvidence& evidence) {
  std::vector<ResolvedReason> out = decide(message, evidence);
  for (const MessageMatch& m : message) {
    const bool known = std::find(kKnownIds.begin(), kKnownIds.end(), m.id) != kKnownIds.end();
    const bool listed = std::any_of(out.begin(), out.end(), [&](const ResolvedReason& r) { return r.reason == m.id; });
    if (!known && !listed && (m.kinds == 0 || (m.kinds & evidence.kinds))) out.push_back({m.id, kFromMessage});
  }
  // A user's own reason explains the change: no `unknown` beside it.
  if (out.size() > 1 && out.front().reason == "unknown") out.erase(out.begin());
  return out;
}

}  // namespace oalens::miners
