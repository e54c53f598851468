// The library's own C++ definitions that its tests check with. A C++ suite's checks often live
// in the library it tests (dlib's `dlib::equal(a, b, eps)` in a matrix header, a gradient check
// in the library's sources): the scan reads the library files that define what the tests call
// in a check's place, and only those, since a library's sources are many times its tests.
#pragma once
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/model/code_model.h"
#include "analyzer/scan/file_walker.h"

namespace oalens::analyzer {

// What C++ test files name that the library may define, in one pass over their statements,
// each list sorted and unique:
// - functions: the names, defined by none of `parsed` and named by no catalogue entry, called
//   where a check is decided: the outermost call of a condition under a truth assertion
//   (`DLIB_TEST(equal(a, b, 1e-5))`, `ASSERT_TRUE(jacobianTest(f, x))`, a method:
//   `EXPECT_TRUE(a.equals(b, tol))`) or under an aborting `if`, and a statement that is a call
//   named like a check (`assertTensorsNear(a, b);`, `checkGrad(m, 0);`);
// - constants: the names an OA check is handed as a value (`EXPECT_NEAR(a, b, EPSILON)`, also
//   converted: `type(EPSILON)`) that no parsed file assigns: constants the library defines;
// - types: the classes no parsed file defines that an equality macro is given a value built as
//   (`EXPECT_EQ(fsa[{0, 1}], (Arc{0, 2, 10, -2.2f}))`): their operator== may compare within a
//   tolerance (approx_equality.h).
struct CheckedNames {
  std::vector<std::string> functions, constants, types;
};
CheckedNames namesTestsCheckWith(const std::vector<const FileModel*>& tests, const std::vector<const FileModel*>& parsed,
                                 const Catalogue& catalogue);

// Of `candidates` (library C++ files: not test files, not vendored), those whose text defines
// one of `names` (a function or method defined or declared at the start of a line, or a
// function-like macro) or one of `constants` as a constant (`constexpr type EPSILON = ...;`,
// `const float kTol{...};`, `#define TOL 1e-5`), or one of `types` as a class or struct with an
// `operator==`, in their order. Files refused by `limits` are passed over.
std::vector<size_t> filesDefining(const std::vector<SourcePath>& candidates, const std::vector<std::string>& names,
                                  const InputLimits& limits, unsigned threads, const std::vector<std::string>& constants = {},
                                  const std::vector<std::string>& types = {});

}  // namespace oalens::analyzer
