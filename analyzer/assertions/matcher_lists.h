// C++ helpers that build a list of gmock matchers, one per expected value, for ElementsAreArray
// (`std::vector<Matcher<float>> ArrayFloatNear(const std::vector<float>& values, float tol)`,
// whose loop adds `FloatNear(v, tol)` for each `v` of `values`): the helper is the element
// matcher applied to the whole list, its tolerance the one each element's matcher takes.
#pragma once
#include <optional>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

class ApiMatcher;

struct BuiltMatcherList {
  ExprId call = kNone;  // the element matcher's call (`FloatNear(v, tol)`)
  const ApiSpec* spec = nullptr;
  CallArgs args;  // its arguments, the list parameter in place of the loop's element
};

// For `return list;` at statement `ret` of function `fid`: the element matcher the function adds
// to `list` (`list.push_back(m)` or `list.emplace_back(m)`) in a range loop over one of its
// parameters, when that matcher is an OA predicate whose expected value is the loop's element.
std::optional<BuiltMatcherList> matcherListReturned(const FileModel& m, FunctionId fid, StmtId ret, const ApiMatcher& matcher);

}  // namespace oalens::analyzer
