// What a call made for its effect changes in the value a name holds: a framework's variable an
// optimizer updates, a buffer allocated for a result, an input a kernel object writes into, a
// parameter an optimizer was built around and stepped (origin_name_trace.cpp reads them as the
// places after a binding that fill the name).
#pragma once
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// `var1 = tf.Variable(...)`: a framework's mutable state (`Variable`, `variable`, `shared`,
// `Parameter`), which a call it is handed may update in place (updatesTheVariable).
bool makesAVariable(const FileModel& m, ExprId value);

// `out = torch.empty(shape, dtype=...)`, `np.zeros_like(x)`: a buffer allocated for a call to
// write its result into (DeepSpeed's kernels: `geglu(output_tensor, input_tensor)`); what the
// name holds after such a call is that call's result (updatesTheVariable).
bool allocatesABuffer(const FileModel& m, ExprId value);

// `opt = torch.optim.Adam([p1])`, then `opt.step()`: an optimizer built around the name and stepped
// for its effect before the read updates it in place; the name then holds what the steps computed.
// The statements stepping it, between `binding` and `end`, each with the optimizer's class (the
// callee of its construction: what else it was built around, another model's parameters, is not
// what this name holds).
struct OptimizerStep {
  StmtId step = kNone;
  ExprId construction = kNone;  // `torch.optim.Adam([p1])`
  ExprId optimizerClass = kNone;
};
std::vector<OptimizerStep> optimizerSteps(const FileModel& m, FunctionId f, StmtId binding, StmtId end, std::string_view name);

// `opt.apply_gradients(zip(grads, [var0, var1]))`: a call made for its effect, a statement of its
// own and no method of the variable itself, handed the variable however deep in its arguments: it
// updates the variable, which holds the call's result after it. Not a call that only reads what
// it is handed (printing, logging, collecting it).
bool updatesTheVariable(const FileModel& m, StmtId s, std::string_view name);

// Whether statement `s` calls something that is handed `name` as the buffer it writes its result
// into, by keyword (`torch.add(a, b, out=c)`, `y = norm(x, w, out=buf)`).
bool writesByKeyword(const FileModel& m, StmtId s, std::string_view name);

}  // namespace oalens::analyzer
