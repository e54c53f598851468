// C++ helpers whose verdict is a count of the elements a closeness predicate rejects, weighed
// against an allowance (FasterTransformer's checkResult: `bool ok = almostEqual(a, b, atol, rtol);
// failures += ok ? 0 : 1;` per element, then `return failures <= tol_failures;`, 1% allowed).
// Wrapper discovery reads such a helper as the predicate it counts with, its callers' checks as
// that predicate's.
#pragma once
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The predicate's call whose rejections the return statement `ret` of `fid` weighs (`return
// failures <= allowed;`, `== 0`, `< limit`, `!failures`), the counter raised by `failures += ok ? 0
// : 1;` or under `if (!ok)`, `ok` the call or a local holding it; kNone for any other return.
ExprId predicateOfCountedFailures(const FileModel& m, FunctionId fid, StmtId ret);

}  // namespace oalens::analyzer
