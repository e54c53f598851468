// The two values an error compares: the operands of a difference (`abs(a - b)`), of a call named
// for an error measure (`rms_range(ref, out)`), or of the differences a norm is taken of, read
// through the locals that hold them. The C++ closeness predicates (cpp_predicates.h) and the
// error-bound wrappers read their sides with these.
#pragma once
#include <optional>
#include <string_view>
#include <utility>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The two operands of the difference an error measures (`abs(a - b)`, `(a - b).abs().max()`,
// `torch.sum(torch.abs(a - b)).item()`), or kNone twice. Python's too.
std::pair<ExprId, ExprId> differenceOperands(const FileModel& m, ExprId error);
// The same, following a name to the value it was last bound to before statement `at` of `fid`
// (`diff = abs(actual - expected); assert diff.max() < atol`).
std::pair<ExprId, ExprId> differenceOperands(const FileModel& m, ExprId error, FunctionId fid, StmtId at);

// The two values a C++ call named for an error measure compares (`miopen::rms_range(ref, out)`,
// `max_diff(a, b)`), also through a local that holds it, as (computed, reference): its second
// argument and its first; kNone twice for anything else.
std::pair<ExprId, ExprId> errorMeasureOperands(const FileModel& m, FunctionId fid, StmtId at, ExprId e);

// The two parameters whose difference a C++ error `e` measures, through the locals that hold it,
// also scaled into a relative error (`aerr = std::abs(left[i] - right[i]); rerr = aerr / den`),
// as (reference, computed): the second operand's parameter and the first's; nullopt unless both
// are distinct parameters.
std::optional<std::pair<std::string_view, std::string_view>> deviationOfParams(const FileModel& m, FunctionId fid, StmtId at, ExprId e);

// The parameter whose absolute value or norm `e` is (`std::abs(err)`, `fabs(d)`, the larger of
// two sizes), or "".
std::string_view sizeOfParam(const FileModel& m, FunctionId fid, ExprId e);

// The operands of the difference an error measures, also through a local that holds it
// (`const double diff = dst - ref; ... std::abs(diff) <= gap`), a relative error's numerator
// (`rerr = aerr / den`) and a norm of an array filled with differences; kNone twice else.
std::pair<ExprId, ExprId> sidesOfError(const FileModel& m, FunctionId fid, StmtId at, ExprId error, int depth = 0);

}  // namespace oalens::analyzer
