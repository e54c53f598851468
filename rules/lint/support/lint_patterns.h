// Shapes the lint rules share: blocks of statements (a loop's body, a function's body), method
// calls on an object, callee names resolved through imports, data names that say "test". They
// read the code model only; names are matched by spelling and imports, not by types, so a
// rule that uses them states its precision in its README.
#pragma once
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

#include "analyzer/core/diagnostics.h"
#include "analyzer/lint/lint_rule.h"

namespace oalens::rules {

using analyzer::ExprId;
using analyzer::FileModel;
using analyzer::StmtId;

// One past the last statement nested inside `s` (statements are in source order, nested ones
// right after their compound statement).
StmtId blockEnd(const FileModel& m, StmtId s);
// The statements of the function `s` is in (its whole body), or every module-level one.
struct StmtSpan {
  StmtId first = 0, end = 0;
  bool contains(StmtId s) const { return s >= first && s < end; }
};
StmtSpan scopeOf(const FileModel& m, StmtId s);
// The innermost for/while loop holding `s`, or kNone.
StmtId enclosingLoop(const FileModel& m, StmtId s);
// Every loop holding `s`, innermost first.
std::vector<StmtId> enclosingLoops(const FileModel& m, StmtId s);

// Calls `fn(call, stmt)` for every call expression owned by statements in [first, end).
void forEachCall(const FileModel& m, StmtId first, StmtId end, const std::function<void(ExprId, StmtId)>& fn);

// `obj.name(...)`: the object expression, or kNone when `call` is not that method call.
ExprId methodObject(const FileModel& m, ExprId call, std::string_view name);
bool isMethodCall(const FileModel& m, ExprId call, std::string_view name);
// The object a chain of method calls starts from: `model` for `model.to(device).train()`,
// `self.net` for `self.net.eval()`; its text is how rules match the same object.
std::string_view receiverRoot(const FileModel& m, ExprId object);
// Whether `object` (`np`, `tf.compat.v1.summary`) is an imported module or an attribute of one,
// through the imports visible at `at`: a method called on it is that module's function.
bool namesImport(const FileModel& m, ExprId object, StmtId at);
// `loss.backward()` on a tensor; not `dist_autograd.backward(ctx, [loss])`, whose gradients
// live in a per-iteration context and never accumulate in `.grad`.
bool isTensorBackward(const FileModel& m, ExprId call);
// The callee's last name: "softmax" for torch.softmax(...), F.softmax(...) and x.softmax(...).
std::string_view calleeLastName(const FileModel& m, ExprId call);
// The callee resolved through imports ("np.log" -> "numpy.log"); empty for a non-name callee.
std::string resolvedCallee(const FileModel& m, ExprId call, StmtId at);
// True when the resolved callee is one of `names` or ends with "." + one of them.
bool calleeIs(const FileModel& m, ExprId call, StmtId at, std::initializer_list<std::string_view> names);

// The expression with outer parentheses' worth of no-ops peeled: the model has no Paren node,
// so this only follows `Starred`-free single-child wrappers the frontends may leave.
ExprId firstArgument(const FileModel& m, ExprId call);
ExprId keywordArgument(const FileModel& m, ExprId call, std::string_view keyword);

// The value most recently assigned to the plain name `name` before `before` in the same scope
// (a one-step def-use, enough for `p = softmax(x); log(p)`), or kNone.
ExprId lastAssignedValue(const FileModel& m, std::string_view name, StmtId before);

// How often `word` occurs in `text` as a whole identifier, and whether it does at all.
int countIdentifier(std::string_view text, std::string_view word);
bool mentionsIdentifier(std::string_view text, std::string_view word);

// Whether data going by `names` after statement `at` reaches a train_test_split later in the
// function (or at module level). Followed forward through assignments: `filled =
// imputer.transform(X)` carries X's rows; a name given other data (`X = load_holdout()`) no
// longer does. A split counts with the names of its time.
bool reachesTrainTestSplit(const FileModel& m, StmtId at, std::vector<std::string_view> names);

// Whether statement `s` is a notebook cell's last top-level statement: IPython displays its
// value (`np.allclose(a, b)` there shows True or False), it does not throw it away. Scripts
// exported from notebooks count too: their `# In[12]:` lines mark where each cell began.
bool displayedByTheNotebook(const FileModel& m, StmtId s);

// "X_test", "x_val", "valid_ds", "df_holdout": a word part of the name (split at '_', '.' and
// case changes) is test, val, valid, validation, holdout or eval.
bool namesHeldOutData(std::string_view name);

// An elapsed-time expression (`time.time() - t0`, `perf_counter() - start`): checks on it are
// one-sided and loose by intent.
bool measuresTime(const FileModel& m, ExprId e);
bool measuresTime(std::string_view text);

// Whitespace squeezed and cut for messages.
using analyzer::squeezed;

}  // namespace oalens::rules
