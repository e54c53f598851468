// A difference quotient, `(f(x + h) - f(x - h)) / (2 * h)`: a numerical derivative of `f`, which
// oracle_decision.cpp reads as the function it evaluates at perturbed inputs.
#pragma once
#include <string>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The callee both calls of the quotient `e` name (its text), the two values also unpacked or
// indexed from the calls' results (`up, _ = f(x + h)`) through locals bound before `at` in `fn`;
// else "".
std::string differenceQuotientOf(const FileModel& m, FunctionId fn, StmtId at, ExprId e);

}  // namespace oalens::analyzer
