// An error a C++ helper finds above a bound its caller gives, whatever the bound is named:
// `if (fabs(res[i] - ref[i]) > ep) return -1;`, `if (fabs(diff / sum) > ep && fabs(diff) > dp)`
// (TNN's CompareData), `if (e < std::abs(a - b)) return false;`. The name rules of
// conditionCheck ask a bound to be named for a tolerance (`tol`, `eps`); a parameter compared
// with the size of a difference of two others is one by its place.
#pragma once
#include <optional>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// The check of condition `cond` of an `if` at `at` in `fid`: the error (larger side) measures a
// difference of two parameters, also through locals (sidesOfError), and the bound (smaller side)
// is another parameter of a type that is neither an integer nor a pointer; in a conjunction, its
// first such part. The check is negated (the values differ where it holds). nullopt else.
std::optional<AssertionFinder::OaCheck> exceededParameterBound(const FileModel& m, FunctionId fid, StmtId at, ExprId cond);

// `fabs(diff / sum) > ep && fabs(diff) > dp` (TNN's CompareData): the values differ only where
// both errors exceed their bounds. Given the part `checked` the entry `w` was read from, adds the
// other part's bound over the same two parameters: the relative tolerance beside an absolute
// one, or the absolute beside a relative one (abs_rel then).
void takeOtherExceededBound(const FileModel& m, FunctionId fid, StmtId at, ExprId answer, ExprId checked, std::string_view actualParam,
                            std::string_view expectedParam, const ToleranceResolver& resolver, ApiSpec& w);

}  // namespace oalens::analyzer
