// A tolerance whose value is not known can still be compared between two versions of a check
// (oalens mine, oalens diff) by its text. Written as it is, that text changes with edits that
// leave the tolerance alone, and hides what a name stands for:
//   - a module imported under another alias: `{onp.float32: 5e-2}` -> `{np.float32: 5e-2}`;
//   - a table hoisted into a local: `rtol={np.float32: 1e-4}` -> `tol = {np.float32: 1e-4}`
//     ... `rtol=tol`, and a local table compared with the API's default, which only the table's
//     entries can say the direction of (`rtol` left out -> `rtol=tol`).
// The comparable text spells imported names by their module (`numpy.float32`) and replaces a
// name bound once, unconditionally, ahead of the check in the test (or at module level) by the
// value it is bound to; a name a top-level `if` chooses between two values (`tol = {}` then `if
// on_tpu(): tol = {np.float32: 5e-3}`, or an `if`/`else` binding it in each branch) becomes the
// conditional expression (`({np.float32: 5e-3} if on_tpu() else {})`; conditions stay as
// written, for the reader). A parameter, a loop
// variable, a name bound more often or deeper in branches, or changed in place stays as
// written; so does a text whose names would grow it past a budget (64 names, 8 KB).
#pragma once
#include <string>

#include "analyzer/assertions/assertion.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The comparable text of expression `e` of `m`, seen from statement `at` of function `fn`;
// empty when it is the text as written.
std::string comparableText(const FileModel& m, FunctionId fn, StmtId at, ExprId e);

// Gives `t`, read from `e`, its comparable text when its value is not known or is chosen at run
// time (the value is then one branch's).
void attachComparableText(Tolerance& t, const FileModel& m, FunctionId fn, StmtId at, ExprId e);

}  // namespace oalens::analyzer
