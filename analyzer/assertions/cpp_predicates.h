// C++ helpers read by the check they write out: a closeness predicate (`return abs(a - b) <
// eps;`), an interval predicate (`lo <= x && x <= hi`), a flag kept over every element (`if
// (diff > atol + rtol * |b|) flag = false; ... return flag;`), a closeness condition asserted
// through locals (`bool good = std::abs(diff) <= gap; EXPECT_TRUE(good);`), and a check known by
// its declaration only (declared_checks.h). Each gives the entry wrapper discovery adds, or
// nullopt. Python suites write such helpers as wrappers of np.allclose, which wrapper_discovery
// finds by the call.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/assertions/error_operands.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

class ApiMatcher;

// Whether a C++ helper (not a test case) that takes something, or a method, compares values it
// computes itself rather than two of its parameters (one side at most is a parameter's).
bool computesBothSides(const FileModel& m, const Function& f, std::string_view actualParam, std::string_view expectedParam);

// Whether the block of the `if` at `head` sets `flag` to `value` (`failed = true;`).
bool setsFlagIn(const FileModel& m, FunctionId fid, StmtId head, StmtId end, std::string_view flag, std::string_view value);

// The entry of a function found to answer whether two values are close within `bound` (read at
// statement `s`): an absolute tolerance, the sides the caller's parameters (or the function's own).
ApiSpec closenessPredicate(const FileModel& m, FunctionId fid, StmtId s, std::string_view actualParam, std::string_view expectedParam,
                           ExprId bound, const ToleranceResolver& resolver);

// The name a statement counts up by one (`++n;`, `n++;`, `n += 1;`), or empty.
std::string incrementedName(std::string_view statement);

// Whether `value` is a program's failing status: a nonzero number, a negative one, `EXIT_FAILURE`.
bool isFailingStatus(const FileModel& m, ExprId value);

// Whether `value` is an error status object, a call the function answers with where it fails
// (`absl::InternalError(...)`, `tensorflow::errors::Internal(...)`, `kTfLiteError`): unlike a
// nonzero number, it is false as a verdict (`status.ok()`), as `false` is.
bool isErrorStatus(const FileModel& m, ExprId value);
// Whether `value` is the status object of success (`absl::OkStatus()`, `Status::OK()`, `kTfLiteOk`).
bool isOkStatus(const FileModel& m, ExprId value);

// Whether the block of the `if` at `head` answers with a program's failing status (`return -1;`,
// `return EXIT_FAILURE;`) rather than `false`: the function's answer is nonzero, true, when the
// values it compares differ (ncnn's `CompareNearlyEqual`, 0 when every element is close).
bool answersFailingStatus(const FileModel& m, StmtId head);

std::optional<ApiSpec> closenessPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                              const ToleranceResolver& resolver);
std::optional<ApiSpec> intervalPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                             const ToleranceResolver& resolver);
std::optional<ApiSpec> flagPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                         const ToleranceResolver& resolver);
// A C++ function answering with a catalogued approximate value built from one of its parameters,
// its setters fixed (`auto approx(T&& x) -> Catch::Approx { const double v = x; return
// Catch::Approx(v).margin(1e-12); }`): an approximate value too, compared with `==` where it is
// called, the setters' values its defaults.
std::optional<ApiSpec> approxFactorySpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder,
                                         const ToleranceResolver& resolver);

std::optional<ApiSpec> approxPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                           const ToleranceResolver& resolver);
std::optional<ApiSpec> closenessAssertionSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher,
                                              const ToleranceResolver& resolver);
std::optional<ApiSpec> declaredClosenessSpec(const FileModel& m, FunctionId fid, const ToleranceResolver& resolver);

}  // namespace oalens::analyzer
