// The rules that weigh a message's reasons and the diff's evidence (docs/reasons.md), one test
// per rule.
#include "miners/classify/reason_resolver.h"

#include <gtest/gtest.h>

using namespace oalens::miners;

namespace oalens::miners {
void PrintTo(const ResolvedReason& r, std::ostream* os) { *os << r.reason << " [" << r.source << "]"; }
}  // namespace oalens::miners

namespace {

using Reasons = std::vector<ResolvedReason>;

MessageMatch said(const char* id, size_t at, uint8_t kinds = 0) { return {id, at, kinds}; }

ChangeEvidence threshold() {
  ChangeEvidence e;
  e.kinds = kKindThreshold;
  return e;
}

}  // namespace

TEST(ReasonResolver, NothingToldIsStoredAsUnknown) { EXPECT_EQ(resolveReasons({}, threshold()), (Reasons{{"unknown", "none"}})); }

// A rollback the message states outranks everything else; a check whose text only went back to
// what it was explains nothing the message or the library's change explains ("Fix stats" with
// the library fixed), and is a rollback where nothing else is told.
TEST(ReasonResolver, ARollbackOutranksEverythingElseWhenTheMessageSaysSo) {
  EXPECT_EQ(resolveReasons({said("refactoring", 0), said("rollback", 7), said("flaky", 30)}, threshold()),
            (Reasons{{"rollback", "message"}}));
  ChangeEvidence undone = threshold();
  undone.undoesPreviousChange = true;
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, undone), (Reasons{{"refactoring", "message"}}));
  EXPECT_EQ(resolveReasons({}, undone), (Reasons{{"rollback", "revert"}}));
  undone.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("fix", 0)}, undone), (Reasons{{"cut-fix", "library"}}));
}

TEST(ReasonResolver, CausesAreAllKeptAndOutrankPurposes) {
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0), said("dtype", 20), said("hardware", 10)}, threshold()),
            (Reasons{{"hardware", "message"}, {"dtype", "message"}}));
  ChangeEvidence gained = threshold();
  gained.gainedDtypeChoice = true;
  gained.gainedDeviceChoice = true;
  EXPECT_EQ(resolveReasons({said("dtype", 3)}, gained), (Reasons{{"dtype", "message"}, {"hardware", "code"}}));
  // "Fix a flaky CUDA test": the choice by dtype it gained is how the flakiness was met.
  EXPECT_EQ(resolveReasons({said("flaky", 6), said("hardware", 12)}, gained), (Reasons{{"flaky", "message"}, {"hardware", "message"}}));
}

// "Fix the reshaping in the model" with library code changed that the test reaches only through
// what it builds: the library's fix; "Fix the test" stays the test's.
TEST(ReasonResolver, AFixWithTheLibraryChangedIsTheLibrarysUnlessTheTestIsNamed) {
  ChangeEvidence library = threshold();
  library.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("fix", 0)}, library), (Reasons{{"cut-fix", "library"}}));
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0)}, library), (Reasons{{"test-fix", "message"}}));
  EXPECT_EQ(resolveReasons({said("fix", 0)}, threshold()), (Reasons{{"test-fix", "message"}}));
  // "Fix comments and add a test case": the fix word opens a refactoring's phrase, a fix of form.
  EXPECT_EQ(resolveReasons({said("fix", 0), said("refactoring", 0)}, library), (Reasons{{"refactoring", "message"}}));
}

// "Additional bf16 support": the dtypes such a message names are what a feature adds, no cause.
TEST(ReasonResolver, ADtypeTheCommitSupportsIsNoCause) {
  // A tolerance that moved alone in a test left as it was is not shown to follow the feature.
  EXPECT_EQ(resolveReasons({said("dtype", 20), said("dtype-support", 20), said("feature", 20)}, threshold()),
            (Reasons{{"unknown", "none"}}));
  ChangeEvidence reworked = threshold();
  reworked.testReworked = true;
  EXPECT_EQ(resolveReasons({said("dtype", 20), said("dtype-support", 20), said("feature", 20)}, reworked),
            (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({said("dtype", 20)}, threshold()), (Reasons{{"dtype", "message"}}));
}

// Precision in general ("numerical tolerance", "a single precision test") is the dtype's as the
// cause only where the message names no other: beside "flaky" it describes the test that flakes.
TEST(ReasonResolver, PrecisionWordsAreADtypeCauseOnlyAlone) {
  EXPECT_EQ(resolveReasons({said("precision", 20)}, threshold()), (Reasons{{"dtype", "message"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 40), said("precision", 20)}, threshold()), (Reasons{{"flaky", "message"}}));
  EXPECT_EQ(resolveReasons({said("dtype", 3), said("precision", 20)}, threshold()), (Reasons{{"dtype", "message"}}));
}

// "Fix major numerical issue in COCOMeanAveragePrecision": the numerical problem is the bug fixed,
// the library's where its code changed, not a precision that explains the check.
TEST(ReasonResolver, ANumericalProblemTheCommitFixesIsNoPrecisionCause) {
  ChangeEvidence library = threshold();
  library.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("precision", 16), said("fixed-numerics", 0)}, library), (Reasons{{"cut-fix", "library"}}));
  EXPECT_EQ(resolveReasons({said("precision", 16)}, library), (Reasons{{"dtype", "message"}}));
}

// "[Port] OD layers to Keras 3" over "* chore: disabling flaky test": a cause only a squashed step
// names is that step's, also under a subject that fixes a test; under a fix's subject the steps
// say what the fix took.
TEST(ReasonResolver, ACauseOnlyASquashedStepNamesYieldsToTheSubjectsPurpose) {
  ChangeEvidence parameter;
  parameter.kinds = kKindParameter;
  parameter.libraryChanged = true;
  parameter.callsChangedLibrary = true;
  MessageMatch port{"feature", 1, 0, true};
  MessageMatch flakyStep{"flaky", 300, 0, false, true};
  EXPECT_EQ(resolveReasons({port, flakyStep}, parameter), (Reasons{{"feature", "message"}}));
  MessageMatch flakyBody{"flaky", 300, 0, false, false};
  EXPECT_EQ(resolveReasons({port, flakyBody}, parameter), (Reasons{{"flaky", "message"}}));
  MessageMatch fixSubject{"fix", 0, 0, true};
  MessageMatch dtypeStep{"dtype", 200, 0, false, true};
  EXPECT_EQ(resolveReasons({fixSubject, dtypeStep}, threshold()), (Reasons{{"dtype", "message"}}));
  // "Fix the attention test" over "* cast the reference to float32": the step says how the test was fixed.
  MessageMatch testFixSubject{"test-fix", 0, 0, true};
  EXPECT_EQ(resolveReasons({testFixSubject, dtypeStep}, threshold()), (Reasons{{"test-fix", "message"}}));
}

// A feature the message names only after the fix ("Fix minor coco utility function" ... "fix the
// area implementation") is part of the fix: the library's, where its code changed.
TEST(ReasonResolver, AFeatureNamedAfterTheFixIsPartOfIt) {
  ChangeEvidence library = threshold();
  library.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("feature", 80)}, library), (Reasons{{"cut-fix", "library"}}));
  ChangeEvidence reworked = library;
  reworked.testReworked = true;  // a feature explains a lone tolerance only with its test's change
  EXPECT_EQ(resolveReasons({said("feature", 0), said("fix", 80)}, reworked), (Reasons{{"feature", "message"}}));
}

// An entry restricted to some kinds (the bare word "dtype" to threshold changes) does not
// explain a parameter change.
TEST(ReasonResolver, AnEntryOfOtherKindsDoesNotCount) {
  ChangeEvidence parameter;
  parameter.kinds = kKindParameter;
  EXPECT_EQ(resolveReasons({said("dtype", 3, kKindThreshold), said("feature", 10)}, parameter), (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({said("dtype", 3, kKindThreshold), said("feature", 10)}, threshold()), (Reasons{{"dtype", "message"}}));
}

TEST(ReasonResolver, AFixIsTheLibrarysWhenTheTestCallsChangedLibraryCode) {
  ChangeEvidence library = threshold();
  library.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("fix", 0)}, library), (Reasons{{"cut-fix", "library"}}));
  EXPECT_EQ(resolveReasons({said("fix", 0)}, threshold()), (Reasons{{"test-fix", "message"}}));
  // "Fixed the norm test for an old numpy" names the test: its fix even with library changes.
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0)}, library), (Reasons{{"test-fix", "message"}}));
}

// "Fix up layers unit tests with TF" in the Keras 2 port, which changed 18 library files: the
// tests were fixed to follow the library. A fix of one function and its test stays the test's.
TEST(ReasonResolver, TestsFixedUpWithABroadLibraryChangeFollowIt) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0)}, e), (Reasons{{"test-fix", "message"}}));
  e.broadLibraryChange = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0)}, e), (Reasons{{"feature", "library"}}));
  // Not where the test names none of the changed code, nor for a fix the message leaves open.
  EXPECT_EQ(resolveReasons({said("fix", 0)}, e), (Reasons{{"cut-fix", "library"}}));
  e.callsChangedLibrary = false;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("test-fix", 0)}, e), (Reasons{{"test-fix", "message"}}));
}

// "Convert shape constructions" with the check renaming what the commit renamed in the library:
// the test follows the library's API. The message's purpose still comes first; a tolerance that
// moved alone is no such edit.
TEST(ReasonResolver, ACheckFollowingALibraryRenameFollowsTheLibrary) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"unknown", "none"}}));
  e.followsLibraryRename = true;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, e), (Reasons{{"refactoring", "message"}}));
  e.kinds = kKindThreshold;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"unknown", "none"}}));
}

TEST(ReasonResolver, ThePurposeStatedFirstWins) {
  ChangeEvidence parameter;
  parameter.kinds = kKindParameter;
  EXPECT_EQ(resolveReasons({said("refactoring", 12), said("feature", 0)}, parameter), (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({said("refactoring", 0), said("feature", 12)}, parameter), (Reasons{{"refactoring", "message"}}));
  EXPECT_EQ(resolveReasons({said("new-test", 0), said("fix", 12)}, parameter), (Reasons{{"test-fix", "message"}}));
}

// "Add tests for the cholesky" while this check's tolerance moved in a test left as it was: the
// new test does not explain it. "Increase test coverage" that puts one helper in across the
// file is a refactoring.
TEST(ReasonResolver, NewTestsExplainOnlyAReworkedTestWithoutARepeatedEdit) {
  EXPECT_EQ(resolveReasons({said("new-test", 0)}, threshold()), (Reasons{{"unknown", "none"}}));
  ChangeEvidence reworked = threshold();
  reworked.testReworked = true;
  EXPECT_EQ(resolveReasons({said("new-test", 0)}, reworked), (Reasons{{"new-test", "message"}}));
  reworked.sameEditOnManyChecks = true;
  EXPECT_EQ(resolveReasons({said("new-test", 0)}, reworked), (Reasons{{"refactoring", "many-checks"}}));
  // A check that compares whole values where it compared parts covers more by itself.
  ChangeEvidence wider = threshold();
  wider.comparesMore = true;
  EXPECT_EQ(resolveReasons({said("new-test", 0)}, wider), (Reasons{{"new-test", "message"}}));
  // Unless the check's own test gained cases ("Improve losses tests": parametrized by reduction).
  reworked.testGainedCases = true;
  EXPECT_EQ(resolveReasons({said("new-test", 0)}, reworked), (Reasons{{"new-test", "message"}}));
}

TEST(ReasonResolver, TheDiffSpeaksWhereTheMessageIsSilent) {
  ChangeEvidence e;
  e.kinds = kKindApi;
  e.sameEditOnManyChecks = true;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"refactoring", "many-checks"}}));
  e.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
}

// A feature, stated or shown by the library's change, explains a tolerance that moved alone
// only where the test changed around it or names the changed code.
TEST(ReasonResolver, ALoneToleranceFollowsTheLibraryCodeItsTestCalls) {
  EXPECT_EQ(resolveReasons({said("feature", 0)}, threshold()), (Reasons{{"unknown", "none"}}));
  ChangeEvidence library = threshold();
  library.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("feature", 0)}, library), (Reasons{{"feature", "message"}}));
  // Nothing said, the test left as it was: the tolerance still moved with the library it calls.
  EXPECT_EQ(resolveReasons({}, library), (Reasons{{"feature", "library"}}));
  // A port to the library's API shows nothing for a tolerance that moved alone.
  ChangeEvidence ported = threshold();
  ported.movedToLibraryApi = true;
  EXPECT_EQ(resolveReasons({}, ported), (Reasons{{"unknown", "none"}}));
  ported.testReworked = true;
  EXPECT_EQ(resolveReasons({}, ported), (Reasons{{"feature", "migration"}}));
}

// "Migrate away from use of JaxTestCase in tests": the checks read as they did, but their
// assertion now resolves to the library's own test case, whose defaults differ: the migration the
// message states explains the tolerance that moved with it.
TEST(ReasonResolver, AMigrationExplainsTheDefaultsAnotherBaseClassApplies) {
  ChangeEvidence rebased = threshold();
  rebased.assertionRebased = true;
  EXPECT_EQ(resolveReasons({said("feature", 0)}, rebased), (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({}, rebased), (Reasons{{"unknown", "none"}}));
}

TEST(ReasonResolver, AUsersOwnReasonIsKeptBeside) {
  EXPECT_EQ(resolveReasons({said("any", 0)}, threshold()), (Reasons{{"any", "message"}}));
  EXPECT_EQ(resolveReasons({said("any", 4), said("flaky", 0)}, threshold()), (Reasons{{"flaky", "message"}, {"any", "message"}}));
}

// A test ported to the library's own API (another package's import swapped for the library's)
// follows the library even where the commit changed no library code; a tolerance that moved
// alone only where the test around it was ported too.
TEST(ReasonResolver, APortToTheLibrarysApiIsAFeature) {
  ChangeEvidence ported;
  ported.kinds = kKindApi;
  ported.movedToLibraryApi = true;
  ported.sameEditOnManyChecks = true;
  EXPECT_EQ(resolveReasons({}, ported), (Reasons{{"feature", "migration"}}));
  // The message's purpose still comes first.
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, ported), (Reasons{{"refactoring", "message"}}));
  ChangeEvidence tolerance = threshold();
  tolerance.movedToLibraryApi = true;
  EXPECT_EQ(resolveReasons({}, tolerance), (Reasons{{"unknown", "none"}}));
  tolerance.testReworked = true;
  EXPECT_EQ(resolveReasons({}, tolerance), (Reasons{{"feature", "migration"}}));
}

// "Use assert_allclose instead of numpy.allclose()" names a swap, not why: a refactoring where
// nothing else explains the change, and after every purpose, library change or port
// ("Use assertTrue instead of failUnless. fail* functions are deprecated": feature).
TEST(ReasonResolver, ASwapWithoutItsCauseIsARefactoringOfLastResort) {
  ChangeEvidence api;
  api.kinds = kKindApi;
  EXPECT_EQ(resolveReasons({said("replace", 4)}, api), (Reasons{{"refactoring", "message"}}));
  EXPECT_EQ(resolveReasons({said("replace", 4), said("feature", 60)}, api), (Reasons{{"feature", "message"}}));
  api.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("replace", 4)}, api), (Reasons{{"feature", "library"}}));
}

// "Refactor of MultiTask ... to use ProductKernel" with the library's code the test calls changed
// and the check's CUT or oracle following it: the library's API changed (feature). A refactoring
// the message says is of the tests, one of the assertion API only, or the same edit across many
// checks stays a refactoring.
TEST(ReasonResolver, ARefactoringOfTheLibraryTheCheckFollowsIsAFeature) {
  ChangeEvidence followed;
  followed.kinds = kKindParameter;
  followed.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, followed), (Reasons{{"feature", "library"}}));
  EXPECT_EQ(resolveReasons({said("refactoring", 0), said("test-refactoring", 0)}, followed), (Reasons{{"refactoring", "message"}}));
  ChangeEvidence apiOnly = followed;
  apiOnly.kinds = kKindApi;
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, apiOnly), (Reasons{{"refactoring", "message"}}));
  ChangeEvidence acrossFiles = followed;
  acrossFiles.sameEditOnManyChecks = true;
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, acrossFiles), (Reasons{{"refactoring", "message"}}));
  acrossFiles.followsLibraryRename = true;  // `._data` -> `.qdata` on every check, as the library renamed it
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, acrossFiles), (Reasons{{"feature", "library"}}));
  ChangeEvidence testAlone = followed;
  testAlone.callsChangedLibrary = false;
  EXPECT_EQ(resolveReasons({said("refactoring", 0)}, testAlone), (Reasons{{"refactoring", "message"}}));
}

// "Fix/bvm sampler ... removed deprecated jax.test_util calls": an assertion API left because it is
// deprecated is a migration, though the commit fixes the library too.
TEST(ReasonResolver, ADeprecatedApiLeftIsAFeatureBeforeAFix) {
  ChangeEvidence e;
  e.kinds = kKindApi;
  e.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("deprecation", 30, kKindApi)}, e), (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({said("fix", 0)}, e), (Reasons{{"cut-fix", "library"}}));
}

TEST(ReasonResolver, ACheckChangedWithTheLibraryInASilentCommitFollowsIt) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.libraryChanged = true;
  e.testReworked = true;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
  e.testReworked = false;  // the check alone moved: it follows the library all the same
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
  e.sameEditOnManyChecks = true;  // the same edit on many checks: one of form
  EXPECT_NE(resolveReasons({}, e).front().reason, "feature");
  e.sameEditOnManyChecks = false;
  e.testReworked = true;
  e.kinds = kKindThreshold;  // a tolerance alone may ride along with any library change
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"unknown", "none"}}));
}

TEST(ReasonResolver, AFixInsideAFeatureOrARefactoringOfTheLibraryIsThatWork) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.callsChangedLibrary = true;
  // "Refactor QAT to use tensor subclasses ... fix": the refactoring of the library the check follows.
  EXPECT_NE(resolveReasons({said("refactoring", 0), said("fix", 40)}, e).front().reason, "cut-fix");
  // "Fix the sampler's shape; add batch support": the library's fix.
  EXPECT_EQ(resolveReasons({said("fix", 0), said("feature", 30)}, e), (Reasons{{"cut-fix", "library"}}));
}

TEST(ReasonResolver, ADtypeNamedAfterTheFeatureIsItsSubjectForAnApiChange) {
  ChangeEvidence e;
  e.kinds = kKindApi;
  // "Add CuteDSL NVFP4 kernels": the kernels are the feature, NVFP4 their subject, not a cause.
  EXPECT_EQ(resolveReasons({said("feature", 0), said("dtype", 15)}, e).front().reason, "feature");
  // A dtype named before the feature still reads as the cause.
  EXPECT_EQ(resolveReasons({said("feature", 9), said("dtype", 1)}, e).front().reason, "dtype");
  e.kinds = kKindThreshold;  // a tolerance that moved is explained by the dtype
  EXPECT_EQ(resolveReasons({said("feature", 0), said("dtype", 30)}, e).front().reason, "dtype");
}

// `numpy.allclose` -> `np.allclose` in "Switch np to jnp" or a commit fixing something else: the
// check's edit is a rename of a module's alias, whatever the commit says or changes besides; a
// cause the message states still comes first.
TEST(ReasonResolver, AModuleAliasRenamedIsARefactoringOfTheCheck) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.renamesAModuleAlias = true;
  e.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("feature", 10)}, e), (Reasons{{"refactoring", "alias"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 0)}, e), (Reasons{{"flaky", "message"}}));
  e.renamesAModuleAlias = false;
  EXPECT_EQ(resolveReasons({said("fix", 0), said("feature", 10)}, e), (Reasons{{"cut-fix", "library"}}));
}

// Tests the body of a message says were added, for library code the same commit changes and the
// check calls, cover new behaviour: a feature. Said in the subject ("Improve losses tests, add
// TestSSIM3d"), the commit is about the tests: new-test.
TEST(ReasonResolver, TestsAddedForChangedLibraryCodeAreItsFeatureUnlessTheSubjectSaysTests) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.testReworked = true;
  e.callsChangedLibrary = true;
  MessageMatch inBody = said("new-test", 80);
  EXPECT_EQ(resolveReasons({inBody}, e), (Reasons{{"feature", "library"}}));
  MessageMatch inSubject = said("new-test", 4);
  inSubject.inSubject = true;
  EXPECT_EQ(resolveReasons({inSubject}, e), (Reasons{{"new-test", "message"}}));
  e.callsChangedLibrary = false;
  EXPECT_EQ(resolveReasons({inBody}, e), (Reasons{{"new-test", "message"}}));
}

// A check that reads as it did (quotes, spacing, a keyword for a positional argument) changed in
// form only: a refactoring where the message tells no other purpose; a purpose it tells still wins.
TEST(ReasonResolver, AChangeOfFormOnlyIsARefactoringUnlessTheMessageSaysOtherwise) {
  ChangeEvidence form;
  form.kinds = kKindCosmetic;
  EXPECT_EQ(resolveReasons({}, form), (Reasons{{"refactoring", "cosmetic"}}));
  EXPECT_EQ(resolveReasons({said("feature", 0)}, form), (Reasons{{"feature", "message"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 0)}, form), (Reasons{{"flaky", "message"}}));
  ChangeEvidence added;
  added.kinds = kKindAdded;
  EXPECT_EQ(resolveReasons({}, added), (Reasons{{"unknown", "none"}}));
}

// `assert np.allclose(a, b)` -> `np.testing.assert_allclose(a, b)`: a swap by choice to an API that
// reports what differs, where nothing else explains the change; a stated cause still wins.
TEST(ReasonResolver, APredicateAssertedSwappedForAnAssertingCallIsARefactoring) {
  ChangeEvidence swap;
  swap.kinds = kKindApi | kKindThreshold;
  swap.movedToAssertingCall = true;
  EXPECT_EQ(resolveReasons({}, swap), (Reasons{{"refactoring", "asserting-call"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 0)}, swap), (Reasons{{"flaky", "message"}}));
  swap.kinds = kKindParameter;
  EXPECT_EQ(resolveReasons({}, swap), (Reasons{{"unknown", "none"}}));
}

// `indice` -> `indices` throughout a test, in a commit that also renames the library's
// `sample_index`: a rename of the test's own variables; a cause the message states comes first.
TEST(ReasonResolver, ALocalRenamedIsARefactoringOfTheCheck) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.renamesALocal = true;
  e.callsChangedLibrary = true;
  e.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("feature", 0)}, e), (Reasons{{"refactoring", "local-rename"}}));
  EXPECT_EQ(resolveReasons({said("dtype", 0)}, e), (Reasons{{"dtype", "message"}}));
  e.renamesALocal = false;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
}

// `cast(float, pert)` put around a value, or an expression named by a local the test binds to it,
// in a commit that annotates the library's types too: the check compares what it compared.
TEST(ReasonResolver, AValueRespelledIsARefactoringOfTheCheck) {
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.respellsItsValues = true;
  e.callsChangedLibrary = true;
  e.libraryChanged = true;
  EXPECT_EQ(resolveReasons({said("fix", 0)}, e), (Reasons{{"refactoring", "respelled"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 0)}, e), (Reasons{{"flaky", "message"}}));
  e.respellsItsValues = false;
  EXPECT_EQ(resolveReasons({said("fix", 0)}, e), (Reasons{{"cut-fix", "library"}}));
}

// "Implement Monte Carlo integration ... * Fix assert_close in test_samplers.py": a check that
// reads as it did, whose tolerance moved with the helper it calls, was fixed with that helper,
// whatever feature the commit's subject names; a message naming no fix of it leaves the feature.
TEST(ReasonResolver, AFixOfTheHelperACheckCallsIsTheTestsFix) {
  ChangeEvidence helper = threshold();
  helper.fixesItsHelper = true;
  helper.callsChangedLibrary = true;
  EXPECT_EQ(resolveReasons({said("feature", 0), said("fix", 90)}, helper), (Reasons{{"test-fix", "message"}}));
  helper.fixesItsHelper = false;
  EXPECT_EQ(resolveReasons({said("feature", 0), said("fix", 90)}, helper), (Reasons{{"feature", "message"}}));
  EXPECT_TRUE(messageFixesHelper("Implement integration\n\n* Fix assert_close in test_samplers.py", "assert_close"));
  EXPECT_TRUE(messageFixesHelper("fixed the `testing.assert_close` helper", "assert_close"));
  EXPECT_FALSE(messageFixesHelper("Fix sampler; use assert_close everywhere", "assert_close"));
  EXPECT_FALSE(messageFixesHelper("Fix the eq check", "eq"));
}

// "add better assert output ... test seems to be flaky": an assertion API swapped for what it
// prints when it fails is a refactoring; the flakiness made the output worth reading. A tolerance
// that moved alone is still the flakiness's.
TEST(ReasonResolver, ClearerFailureOutputExplainsAnApiSwapBeforeFlakiness) {
  ChangeEvidence swapped = threshold();
  swapped.kinds = kKindApi | kKindThreshold;
  EXPECT_EQ(resolveReasons({said("diagnostics", 0), said("flaky", 30)}, swapped), (Reasons{{"refactoring", "message"}}));
  EXPECT_EQ(resolveReasons({said("diagnostics", 0), said("flaky", 30)}, threshold()), (Reasons{{"flaky", "message"}}));
}

// "Require inputs to `assertTensorAlmostEqual` to have the same shape", the expected values of
// many checks reshaped with it, in a commit that touches a library file too: the checks were
// fixed to meet their helper's change.
TEST(ReasonResolver, ChecksFollowingTheirHelperNamedInTheSubjectAreTheTestsFix) {
  const std::string subject = "Require inputs to `assertTensorAlmostEqual` to have the same shape. (#843)\n\nSummary: no broadcasting";
  EXPECT_TRUE(subjectNamesSuiteHelper(subject, "tests.helpers.basic.assertTensorAlmostEqual"));
  EXPECT_FALSE(subjectNamesSuiteHelper(subject, "captum.helpers.assertTensorAlmostEqual"));  // not the suite's
  EXPECT_FALSE(subjectNamesSuiteHelper("Summary\nassertTensorAlmostEqual", "tests.helpers.basic.assertTensorAlmostEqual"));  // body
  EXPECT_FALSE(subjectNamesSuiteHelper("fix close", "tests.helpers.close"));  // too short a name to tell
  ChangeEvidence e;
  e.kinds = kKindParameter;
  e.followsItsHelper = true;
  e.callsChangedLibrary = true;
  e.libraryChanged = true;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"test-fix", "message"}}));
  EXPECT_EQ(resolveReasons({said("flaky", 0)}, e), (Reasons{{"flaky", "message"}}));
  e.followsItsHelper = false;
  EXPECT_EQ(resolveReasons({}, e), (Reasons{{"feature", "library"}}));
}
