// Python helpers that bound the size of the difference of two of their parameters by a third
// (funsor's testing.assert_close: `diff = abs(actual - expected)`, then `assert diff.max() <
// atol`, or a relative error `(diff / (atol + abs(expected))).max() < rtol`): a closeness check
// of those two parameters, within that tolerance, at every call.
#pragma once
#include <optional>
#include <string_view>
#include <utility>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// The parameters two operands of an error come from, as (reference, computed); nullopt unless
// both are distinct parameters.
std::optional<std::pair<std::string_view, std::string_view>> paramsOfOperands(const FileModel& m, FunctionId fid, ExprId computed,
                                                                              ExprId reference);

// The two parameters whose difference `error` measures at statement `at` of `fid`, through the
// locals that hold it, as (reference, computed); nullopt unless both are distinct parameters.
std::optional<std::pair<std::string_view, std::string_view>> differenceOfParams(const FileModel& m, FunctionId fid, StmtId at,
                                                                                ExprId error);

// Fills `w` as the closeness check of `sides` (reference, computed) whose error `error` stays
// under parameter `boundParam`: an absolute tolerance, or a relative one with the parameter named
// for a tolerance in the error's denominator as its absolute part. Sets the defaults the
// parameters give.
void boundMeasuredDifference(const FileModel& m, FunctionId fid, const ToleranceResolver& resolver, ExprId error,
                             std::string_view boundParam, std::pair<std::string_view, std::string_view> sides, ApiSpec& w);

}  // namespace oalens::analyzer
