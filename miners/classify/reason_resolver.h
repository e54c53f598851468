// Decides the reasons of one OA change from what its commit message states (ReasonTagger) and
// what the diff shows (change_evidence.h), and says which evidence decided each: the rules of
// docs/reasons.md. Every change gets at least one reason; `unknown` when nothing tells.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "miners/classify/reason_tagger.h"

namespace oalens::miners {

// The diff's evidence about one change.
struct ChangeEvidence {
  uint8_t kinds = 0;                  // ChangeKindBit mask of the change
  bool gainedDtypeChoice = false;     // its new side is chosen by a dtype its old side was not
  bool gainedDeviceChoice = false;    // ... by a device
  bool callsChangedLibrary = false;   // the commit changed a library definition the check's test names
  bool testReworked = false;          // lines of the check's test changed besides its checks
  bool sameEditOnManyChecks = false;  // the commit made the same edit to kManyChecks checks or more
  bool undoesPreviousChange = false;  // the check returns to its text before its previous change
  bool movedToLibraryApi = false;     // its test file swapped another package's import for the library's, and the test uses it
  bool broadLibraryChange = false;    // the commit changed kBroadLibraryChange library files or more
  bool libraryChanged = false;        // the commit changed a library file
  bool testGainedCases = false;       // the check's test gained parameters or a parametrize decorator
  bool comparesMore = false;          // the check compares whole values where it compared parts (a subscript dropped)
  bool followsLibraryRename = false;  // the check's edit renames what the library's code renamed in the commit
  bool renamesAModuleAlias = false;   // the check's edit only renames a module alias (`numpy.` -> `np.`)
  bool renamesALocal = false;         // the check's edit only renames variables its test assigns (`indice` -> `indices`)
  // The check's edit only puts a typing cast around a value or names an expression by a local its
  // test binds to it (or writes a local back in place): respelled_value.h.
  bool respellsItsValues = false;
  // It asserted a predicate or a condition (`assert np.allclose(a, b)`, `assertTrue(...)`) and now
  // calls an API that asserts by itself (`np.testing.assert_allclose(a, b)`).
  bool movedToAssertingCall = false;
  // The call reads as it did but resolves to another definition (`self.assertAllClose` once the
  // test case's base class moved from one framework's to the library's own): the tolerances it
  // applies moved with the class, not by an edit of the check.
  bool assertionRebased = false;
  // The check reads as it did, its tolerance moved with the helper it calls, and the message says
  // that helper was fixed ("Fix assert_close in test_samplers.py"): the test's fix.
  bool fixesItsHelper = false;
  // The check's compared values changed, its assertion API is a helper of the test suite, and the
  // commit's subject names that helper ("Require inputs to `assertTensorAlmostEqual` to have the
  // same shape"): the checks were fixed to meet their helper's change.
  bool followsItsHelper = false;
};

// Whether `message` says the helper named `helper` (an assertion API's last name) was fixed:
// "fix assert_close", "fixed the check_grad helper".
bool messageFixesHelper(std::string_view message, std::string_view helper);

// Whether the first line of `message` names the suite's helper `api` (a dotted name under a
// `test`/`tests` package) by its last name, eight characters or more (`assertTensorAlmostEqual`).
bool subjectNamesSuiteHelper(std::string_view message, std::string_view api);

// The same edit on this many checks of one commit reads as a refactoring (or a migration the
// message names): a rename, a helper or an assertion API applied across a file. Two or three are
// often neighbours edited for one cause.
constexpr int kManyChecks = 5;

// Where a reason came from (change_reasons.source).
inline constexpr const char* kFromMessage = "message";
inline constexpr const char* kFromCode = "code";                     // a dtype or device choice gained
inline constexpr const char* kFromLibrary = "library";               // library code the test calls changed with it
inline constexpr const char* kFromManyChecks = "many-checks";        // the same edit on many checks
inline constexpr const char* kFromRevert = "revert";                 // the check's earlier text restored
inline constexpr const char* kFromMigration = "migration";           // the test file moved to the library's own API
inline constexpr const char* kFromAlias = "alias";                   // the check's edit only renames a module alias
inline constexpr const char* kFromLocalRename = "local-rename";      // the check's edit only renames its test's variables
inline constexpr const char* kFromRespelled = "respelled";           // a typing cast added, an expression named by a local
inline constexpr const char* kFromAssertingCall = "asserting-call";  // a predicate asserted swapped for an asserting API
inline constexpr const char* kFromForm = "cosmetic";                 // the check changed in form only
inline constexpr const char* kFromNothing = "none";                  // `unknown`

struct ResolvedReason {
  std::string reason;
  std::string source;
  bool operator==(const ResolvedReason&) const = default;
};

// In order: a rollback; the causes the message or the code names (flaky, hardware, dtype; all of
// them); a fix with library code the test names changed (cut-fix), unless the message says the
// fix is the test's; the purpose the message states first (refactoring, feature, new-test, a fix
// of the test; tests fixed up in a commit that reworks the library they call follow it: feature);
// a library change the test follows (feature); a move of the test to the library's
// own API (feature); a swap the message names without its cause ("use X instead of Y":
// refactoring); the same edit on many checks (refactoring); else unknown. A message's ids
// this file does not know (a user's own patterns) are kept beside, as the message's.
std::vector<ResolvedReason> resolveReasons(const std::vector<MessageMatch>& message, const ChangeEvidence& evidence);

}  // namespace oalens::miners
