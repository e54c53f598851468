// What the diff of a commit shows about why a check changed, beyond its message: the library
// definitions the commit changed, what changed around the check in its test and in its file's
// imports, and the edit made to the check itself. Read from the texts alone (Python); the miner
// reads the blobs only for commits with an API, parameter or threshold change
// (miners/walk/commit_evidence.h).
#pragma once
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "miners/gate/diff_scope.h"
#include "miners/git/text_hunks.h"

namespace oalens::miners {

// The functions and classes whose lines differ between two versions of a Python source: every
// definition enclosing a changed line on either side (`class Conv` and `def call` for a line of
// `Conv.call`), dunder names left out (`__init__` is in every class). One side may be empty (a
// file added or deleted).
std::set<std::string> changedDefinitions(std::string_view oldText, std::string_view newText);
// The same, given the texts' hunks (wholeTextHunks), which LibraryEdits reads too.
std::set<std::string> changedDefinitions(std::string_view oldText, std::string_view newText, const std::vector<LineHunk>& hunks);

// A name an import binds and the module it names: `from keras import backend as K` binds K to
// keras.backend, `import numpy as np` np to numpy, `import theano.tensor` theano to
// theano.tensor. Relative imports (`from . import x`) and `*` bind nothing read here.
struct ImportBinding {
  std::string name, module;
  auto operator<=>(const ImportBinding&) const = default;
};

// Every import of a Python source, at any indentation (tests import inside functions too),
// parenthesized and backslash-continued lists included.
std::set<ImportBinding> importBindings(std::string_view text);

// How often each name (an identifier of three characters or more) stands on the lines the
// changes of a commit's library files removed and added.
struct LibraryEdits {
  std::map<std::string, int> removed, added;
  // Adds the lines `newText` gained over `oldText` and lost from it, as `hunks` (wholeTextHunks) say.
  void add(std::string_view oldText, std::string_view newText, const std::vector<LineHunk>& hunks);
  void add(std::string_view oldText, std::string_view newText) { add(oldText, newText, wholeTextHunks(oldText, newText)); }
};

// The check's edit renames what the library renamed in the same commit: a name its old statement
// had and its new one has not, that the library's changed lines lost more often than they gained,
// and a name it gained that they gained more often than they lost (`likelihood_list` ->
// `likelihoods` in the test and in the class it reads, whose constructor kept its parameter's
// old name).
bool followsLibraryRename(std::string_view oldStatement, std::string_view newStatement, const LibraryEdits& library);

// A module of the tests' own helpers rather than of the library: a part of its dotted path is
// test, tests or testing, or starts or ends like a test file (`keras.utils.test_utils`,
// `theano.tests.unittest_tools`).
bool isTestModule(std::string_view module);

// The diff's evidence about one changed check, found by the worker that analysed its commit.
struct PairEvidence {
  bool callsChangedLibrary = false;   // the check's test names a library definition the commit changed
  bool testReworked = false;          // Surroundings::testReworked
  bool movedToLibraryApi = false;     // Surroundings::movedToLibraryApi
  bool testGainedCases = false;       // Surroundings::testGainedCases
  bool comparesMore = false;          // comparesMore of the check's two statements
  bool broadLibraryChange = false;    // the commit changed kBroadLibraryChange library files or more
  bool libraryChanged = false;        // the commit changed a library file
  bool followsLibraryRename = false;  // followsLibraryRename of the check's two statements
  bool renamesAModuleAlias = false;   // renamesAModuleAlias of the check's two statements
  bool renamesALocal = false;         // renamesALocal of the check's two statements
  bool respellsItsValues = false;     // onlyAddsTypeCasts or namesAnExpression of the check's two statements
  std::string editSignature;          // editSignature of the check's two statements
};

// A commit that changes this many library files reworks the library, not one function of it
// (Keras's port to version 2 changed 18 in "Fix up layers unit tests with TF"; a fix of one op and
// its test changes one or two).
constexpr int kBroadLibraryChange = 5;

// A check's place in the two versions of its test file (1-based lines of its first and last
// line on each side; 0 for a side it is not on).
struct CheckLines {
  int oldFirst = 0, oldLast = 0, newFirst = 0, newLast = 0;
};

// What changed around a check and what its test uses: inside the test function holding it (or,
// outside any test, within kNeighbourhood lines of it).
struct Surroundings {
  bool testReworked = false;          // a line of the test changed besides the checks', or a new test calls the helper holding it
  std::set<std::string> identifiers;  // the names the test uses, in either version
  // The file dropped an import of another package for one of the library's own modules, whose
  // name the test uses now (`from theano import tensor as T` -> `from keras import backend as K`,
  // `out.mean().eval()` -> `K.eval(K.mean(out))`): a port to the library's API.
  bool movedToLibraryApi = false;
  // The test holding the check, under the same name, gained parameters or a parametrize
  // decorator: it runs more cases (`def test_perfect_prediction(self, device, dtype)` ->
  // `@pytest.mark.parametrize("reduction", ...) def test_perfect_prediction(self, device, dtype,
  // reduction)`).
  bool testGainedCases = false;
};
constexpr int kNeighbourhood = 10;

// The two versions of a test file, read once (line hunks, tests, definitions, imports) for all the
// checks a commit changed in it: a commit can change hundreds. Holds views into the texts.
class TestFileChange {
 public:
  // `libraryPackages`: the top-level packages of the library (`keras`), for movedToLibraryApi.
  TestFileChange(std::string_view oldText, std::string_view newText, const std::set<std::string>& libraryPackages = {});
  // The lines of every check of the two versions, whose changes do not rework the test around
  // another check.
  void setChecks(const std::vector<CheckLines>& checks);
  Surroundings surroundingsOf(const CheckLines& at) const;
  // The imports of the two versions (importBindings); empty where a version is.
  const std::set<ImportBinding>& oldImports() const { return oldImports_; }
  const std::set<ImportBinding>& newImports() const { return newImports_; }

 private:
  std::vector<LineHunk> hunks_;
  std::vector<std::string_view> oldLines_, newLines_;
  std::vector<TestUnit> oldUnits_, newUnits_;
  bool oldUnitsOk_ = false, newUnitsOk_ = false;          // findTestUnits told the tests apart
  std::vector<bool> oldCheckLines_, newCheckLines_;       // per 1-based line: a check's (setChecks)
  std::vector<std::vector<std::string>> newDefinitions_;  // per line of the new text, outermost first
  // Names bound to library modules by imports the new text gained, where it dropped another
  // package's.
  std::set<std::string> libraryNamesGained_;
  std::set<ImportBinding> oldImports_, newImports_;
};

// The check compares whole values where it compared parts: its old statement with the
// subscripts of its operands left out is its new one (`allclose(cpu[:2], gpu[:2], rtol=1e-4)`
// -> `allclose(cpu, gpu, rtol=1e-3)`), numbers aside.
bool comparesMore(std::string_view oldStatement, std::string_view newStatement);

// The check's edit only renames a name before a dot, replaced by another at every place it
// stood, the rest of the statement kept (`numpy.allclose(a, b)` -> `np.allclose(a, b)`): the old
// and the new name; empty strings for any other edit.
std::pair<std::string, std::string> renamedQualifier(std::string_view oldStatement, std::string_view newStatement);

// renamedQualifier's names bound to one module by the file's old and new imports (`import numpy`
// -> `import numpy as np`, `import jax.numpy as np` -> `import jax.numpy as jnp`), or the new name
// bound to the module it names before the commit too: the check's edit only renames an alias or
// picks another module the file imported. A library module moved or renamed is not one.
bool renamesAModuleAlias(std::string_view oldStatement, std::string_view newStatement, const std::set<ImportBinding>& oldImports,
                         const std::set<ImportBinding>& newImports);

// The check's edit only renames variables of its test: every name its old statement lost is one
// the old test file assigns (`indice = ...`, `for c0 in ...`) and the new one no longer does, every
// name it gained one the new file assigns, and nothing else of the statement changed (`indice` ->
// `indices` throughout a test, whatever the commit renamed in the library besides).
bool renamesALocal(std::string_view oldStatement, std::string_view newStatement, std::string_view oldText, std::string_view newText);

// The edit a check got, the same for the same edit made to two checks with other arguments:
// the assertion API moved to (`api assert_allclose -> assert_list_pairwise`) when it changed,
// else the tokens the statement lost and gained (`-numpy +np`), in sorted order; empty when only
// white space changed.
std::string editSignature(std::string_view oldApi, std::string_view newApi, std::string_view oldStatement, std::string_view newStatement);

}  // namespace oalens::miners
