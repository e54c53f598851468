// What wrapper discovery (wrapperSpec, wrapper_spec.cpp) reads in a helper's body besides the
// check it calls: whether the helper passes only when the check holds, or only when it fails; whether
// a call of its own name recurses or forwards; whether an ordering check bounds a deviation; where a
// tolerance comes from (a device's own parameter, a parameter scaled or switched under a condition);
// and the checks a helper writes out itself (a bounded difference, a returned predicate's verdict).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// The parameters, or literals, that replace tolerance parameter `name` on some devices.
void addDeviceTolerances(const FileModel& m, FunctionId fid, const std::string& kind, std::string_view name,
                         std::vector<DeviceTolerance>& out);

// How the helper passes: a failing statement in the block `head` opens; a stored check it returns
// on when it holds; a check whose failure it swallows and whose success it makes a failure.
bool failsIn(const FileModel& m, FunctionId fid, StmtId head, StmtId end);
bool passesOnlyWhenStoredCheckHolds(const FileModel& m, FunctionId fid, StmtId s, std::string_view name);
bool passesOnlyWhenTheCheckFails(const FileModel& m, FunctionId fid, StmtId s);

// What the helper calls: itself (not a sibling overload `resolved`), an ordering API bounding a
// deviation, a closeness predicate whose verdict it returns.
bool callsItself(const FileModel& m, const Function& f, ExprId call);
bool callsItself(const FileModel& m, const Function& f, ExprId call, const ApiSpec& resolved);
bool boundsADeviation(const FileModel& m, FunctionId fid, const AssertionFinder& finder, const ApiSpec& spec, ExprId call);
bool answersWithAPredicate(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder, ExprId call);

// Where its tolerance and compared values come from: a parameter a tolerance is scaled from, the
// condition a local is chosen under, the two parameters an error measure compares, the flag a
// check runs under.
std::string_view scalingParam(const FileModel& m, FunctionId fid, StmtId at, ExprId e, int depth);
// `abs_err + rel_err * std::abs(x)`: the absolute and the relative tolerance parameters it adds.
std::optional<std::pair<std::string_view, std::string_view>> absolutePlusRelative(const FileModel& m, FunctionId fid, StmtId at, ExprId e);
std::string switchedUnderACondition(const FileModel& m, FunctionId fid, StmtId at, ExprId e);
// `#ifdef USE_SINGLE return FloatNear(float_tol); #else return DoubleNear(double_tol); #endif`
// (MuJoCo's `MjNear`): the condition of the branch that holds the check at `at`, when the other
// branch answers too; empty otherwise, or where the condition reads a data type (a default by
// dtype stays the helper's default).
std::string branchChoosingTheCheck(const FileModel& m, FunctionId fid, StmtId at);
std::optional<std::pair<std::string_view, std::string_view>> measuredParams(const FileModel& m, FunctionId fid, StmtId at, ExprId e);
std::string_view switchingFlag(const FileModel& m, const Function& f, StmtId s);

// A Python helper bounding the difference of two parameters by a third (error_bound_wrapper.h).
std::optional<ApiSpec> boundedDifference(const FileModel& m, FunctionId fid, StmtId s, const AssertionFinder::OaCheck& check,
                                         const ToleranceResolver& resolver);

// The parameter whose value `param` takes when a call leaves it at None (`if tinygrad_fxn is None:
// tinygrad_fxn = torch_fxn`), or "": ApiSpec::actualFallback and expectedFallback.
std::string_view fallbackParam(const FileModel& m, FunctionId fid, std::string_view param);
// The statement computing the value `param` takes when a call leaves it at None (`if expected is
// None: expected = _reference(case)`), or kNone: ApiSpec::expectedComputedAt.
StmtId computedDefault(const FileModel& m, FunctionId fid, std::string_view param);

}  // namespace oalens::analyzer
