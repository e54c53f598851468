// Tolerances a test's decorator sets by dtype. PyTorch's device-type tests write
// `@precisionOverride({torch.bfloat16: 1e-2})` (an absolute allowance) or
// `@toleranceOverride({torch.float16: tol(atol=1e-3, rtol=1e-3)})` on the test; when the test
// runs for that dtype its `self.precision` and `self.rel_tol` are set from them, and every
// `self.assertEqual` inside (nested helpers too) checks within the larger of its own tolerance
// and the override. Raising such a decorator's value loosens every check of the test for that
// dtype without touching the checks' text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

struct DtypeOverride {
  std::string kind;   // "atol" or "rtol"
  std::string dtype;  // "bfloat16" for `torch.bfloat16`, "float16" for `torch.half`
  ExprId value = kNone;
  std::string_view decorator;   // the decorator's name as written, last component
  FunctionId function = kNone;  // the function it decorates
};

// The overrides that decorators named in `decorators` (last component: "precisionOverride")
// set on the function holding `scope` or, failing that, on the nearest function enclosing it.
// A dict entry whose value is not a number-like expression or a `tol(...)`-like call is left
// out; so is a dict written as anything but a literal.
std::vector<DtypeOverride> dtypeOverrides(const FileModel& m, FunctionId scope, const std::vector<std::string>& decorators);

// The note of a tolerance such a decorator sets ("@precisionOverride sets it for bfloat16 on
// `TestOps.test_add` ..."), and whether a note is one: `mine` and `diff` tell such changes apart.
std::string decoratorToleranceNote(std::string_view decorator, std::string_view dtype, std::string_view decorated);
inline bool setByDecorator(std::string_view note) { return note.starts_with('@'); }

}  // namespace oalens::analyzer
