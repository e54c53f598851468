// The suite's own modules a test file imports: its base test case (Keras 3's
// keras/src/testing/test_case.py, JAX's jax/_src/test_util.py), its helpers
// (tests/unittests/_helpers/testers.py). The diff gate scans them beside the changed file, so
// that `self.assertAllClose` runs the suite's method and its wrappers are known, as `scan` of
// the whole tree sees them.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::miners {

// A suite module as wrapper discovery reads it.
struct SuiteModule {
  std::string path;
  std::shared_ptr<const std::string> text;                  // withOtherBodiesCut of its bytes
  std::shared_ptr<const std::vector<std::string>> imports;  // importedModules of that text
  // XXH3 of the path and the cut text: what the wrappers found in it depend on. Most edits of
  // a base test case change bodies that are cut, not this.
  uint64_t digest = 0;
  // Whether a function body (or a one-line function) is left after the cut: only such a module
  // can define a wrapper itself.
  bool keepsAFunction = true;
  // A package that imports one of its children by a name it computes at run time
  // (`importlib.import_module(".%s" % backend, __name__)`, DGL's tests/backend/__init__.py):
  // its children are read with it, since the names it lends are theirs.
  bool choosesAChild = false;
};
// The module at a repository path, or nullopt when there is none (or it is too large to be a
// test utility: suiteModuleFromBytes).
using SuiteModuleLookup = std::function<std::optional<SuiteModule>(const std::string& path)>;
std::optional<SuiteModule> suiteModuleFromBytes(std::string path, const std::string& bytes);
// The paths of the Python modules directly in a repository directory ("pkg/" -> "pkg/a.py",
// "pkg/sub/__init__.py"): the children a package that chooses one at run time may import.
using SuiteChildLister = std::function<std::vector<std::string>(const std::string& dir)>;

// The first-party modules that `path`, importing `imports`, reaches whose path mentions "test"
// (test utilities, base test cases), and those they import in turn, up to two levels, at most
// 16 files and 4 MB. With `children`, a package that chooses a child at run time brings its
// children in (as modules it imports).
std::vector<SuiteModule> suiteModulesOf(const std::string& path, const std::vector<std::string>& imports, const SuiteModuleLookup& lookup,
                                        const SuiteChildLister& children = {});
// The same from a test's source and a reader of a repository file's bytes.
std::vector<SuiteModule> suiteModulesOf(const std::string& path, const std::string& source,
                                        const std::function<std::optional<std::string>(const std::string&)>& read,
                                        const SuiteChildLister& children = {});
// A set's digest, from its modules' digests in order: equal sets lend the same wrappers.
uint64_t digestOf(const std::vector<SuiteModule>& modules);
// The modules of a set that wrapper discovery needs: those that keep a function, and those
// another module of the set imports (its constants, classes and names may serve that module's
// wrappers). The rest (JAX's test data modules, hundreds of KB of literals) can lend nothing.
std::vector<SuiteModule> modulesLendingWrappers(std::vector<SuiteModule> modules);
// The wrappers those modules define (they report no assertions of their own).
analyzer::Catalogue wrappersOfSuiteModules(const std::vector<SuiteModule>& modules, const analyzer::Catalogue& catalogue);
// The same from their parsed models (mine parses each helper version once).
analyzer::Catalogue wrappersOfSuiteModels(std::vector<analyzer::FileModel> models, const analyzer::Catalogue& catalogue);

// The source with the bodies of functions whose names say nothing of checking (`run_layer_test`,
// `setUp`) cut down to `pass`: wrapper discovery reads the others, the parser skips the rest
// (Keras's test_case.py: 33 KB). Unchanged when the lexical split is unsure. `keptAFunction`,
// when given, tells whether any function is left with its body (always so when unsure).
std::string withOtherBodiesCut(const std::string& source, bool* keptAFunction = nullptr);

// The dotted modules a Python source imports (`from a.b import c` gives a.b and a.b.c, relative
// imports resolved against `path`), in order of appearance, each once.
std::vector<std::string> importedModules(const std::string& path, const std::string& source);

// The import statement at the start of `text` as RE2 matches (Consume) the patterns
// `[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)` and
// `[ \t]*import[ \t]+([^\n#]+)`, read by hand: RE2 took 6,000 instructions a line to fill the
// submatches (1.6% of `mine`). The match's length, its groups in `module` and `names`. One
// difference, which names no module either way: `import` with only blanks after it matches
// here with those blanks as its names, where the second pattern has no match or keeps one blank.
std::optional<size_t> readFromImport(std::string_view text, std::string& module, std::string& names);
std::optional<size_t> readPlainImport(std::string_view text, std::string& names);

}  // namespace oalens::miners
