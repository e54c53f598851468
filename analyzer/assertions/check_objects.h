// C++ helpers that answer with an object whose truth is a check: `return
// make_lhs_expression(float_equal_expression<T, U>{x, y});`, where the class's `operator bool`
// answers `float_equal(lhs, rhs)` on the members the helper fills (MIGraphX's
// `test_float_equal`, asserted as `EXPECT(test_float_equal(a, b))`). Such a helper is a predicate
// of that check, its sides the parameters that fill the members the check compares.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// Whether a C++ file defines any `operator bool`: only then can one of its functions answer with a
// checking object. Callers ask it once per file and skip the two calls below for the others.
bool definesTruthOperator(const FileModel& m);

// The data members of class `c` in declaration order (`T lhs; U rhs;` -> lhs, rhs): the order an
// aggregate's braced initializer fills them in. Methods, types and static members are left out.
std::vector<std::string_view> memberOrder(const FileModel& m, const ClassDef& c);

// The `operator bool` of the class function `fid` answers with an object of (defined in the same
// file), or kNone: discovery reads `fid` again when that operator's check becomes known.
FunctionId checkObjectOperator(const FileModel& m, FunctionId fid);

// The entry of function `fid` when it answers with such an object built from its parameters and
// the class (defined in the same file) checks them through an OA predicate; nullopt otherwise.
std::optional<ApiSpec> checkObjectSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const ToleranceResolver& resolver);

}  // namespace oalens::analyzer
