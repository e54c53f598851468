// The suite's own modules a test file imports: its base test case (Keras 3's
// keras/src/testing/test_case.py, JAX's jax/_src/test_util.py), its helpers
// (tests/unittests/_helpers/testers.py). The diff gate scans them beside the changed file, so
// that `self.assertAllClose` runs the suite's method and its wrappers are known, as `scan` of
// the whole tree sees them.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace oalens::miners {

// (path, bytes) of the first-party modules `path` imports whose path mentions "test" (test
// utilities, base test cases), and of those they import in turn, up to two levels, at most 16
// files and 4 MB. `read` gives a repository file's bytes, or nullopt when there is none.
std::vector<std::pair<std::string, std::string>> suiteModulesOf(const std::string& path, const std::string& source,
                                                                 const std::function<std::optional<std::string>(const std::string&)>& read);

// The source with the bodies of functions whose names say nothing of checking (`run_layer_test`,
// `setUp`) cut down to `pass`: wrapper discovery reads the others, the parser skips the rest
// (Keras's test_case.py: 33 KB). Unchanged when the lexical split is unsure.
std::string withOtherBodiesCut(const std::string& source);

// The dotted modules a Python source imports (`from a.b import c` gives a.b and a.b.c, relative
// imports resolved against `path`), in order of appearance, each once.
std::vector<std::string> importedModules(const std::string& path, const std::string& source);

}  // namespace oalens::miners
