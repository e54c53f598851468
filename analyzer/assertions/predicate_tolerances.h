// The tolerances a C++ closeness predicate's bound names: a parameter (with its default) or what
// the predicate writes itself, split into an absolute and a relative one where the bound adds a
// term scaling a compared side (`atol + rtol * |b|`). Shared by the predicate shapes of
// cpp_predicates.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// A parameter named for a tolerance or a count of its units (`tol`, `epsilons`, `ulps`,
// `tolerance_bits`, `error_mag`): what a bound scaled from it is measured in.
bool namesAToleranceUnit(std::string_view name);

// The parameters a value is computed from, through the locals it reads (bound before `at`).
void paramsBehind(const FileModel& m, FunctionId fid, StmtId at, ExprId e, int depth, std::vector<std::string_view>& out);

// The one parameter, named for a tolerance, that a bound is computed from; "" otherwise.
std::string_view toleranceParamBehind(const FileModel& m, FunctionId fid, StmtId at, ExprId bound);

// The tolerance a bound's part names, as `kind`: a parameter (with its default) or what the
// function writes itself (the default of every call).
void takeTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId part, const std::string& kind, const ToleranceResolver& resolver,
                   ApiSpec& w);

// `atol + rtol * abs(b)`: both tolerances; false for any other bound.
bool takeAbsRelTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId written, const ToleranceResolver& resolver, ApiSpec& w);

// A bound scaling the size of a compared side (`rtol * |b|`): a relative tolerance; false otherwise.
bool takeRelativeTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId written, const ToleranceResolver& resolver, ApiSpec& w);

// The bound as an absolute and relative pair, a relative tolerance, or an absolute one.
void takeAbsoluteTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId bound, const ToleranceResolver& resolver, ApiSpec& w);

}  // namespace oalens::analyzer
