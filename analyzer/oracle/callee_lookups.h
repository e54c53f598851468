// Lookups that say what a call's callee stands for, used when a call outside the library under
// test is traced (origin_call_targets.cpp): the method an `apply` runs, the function behind a
// name wrapped by hand at module level, a function stored on the test case in setUp, and whether
// a function reads an object's attributes.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// `model.apply(vars, x, method=model.extend_step)`: the method Flax's (and Praxis') `apply` or
// `init_with_output` runs, `last` itself for any other call.
std::string_view methodApplied(const FileModel& m, const CallArgs& args, std::string_view last);

// The function a module-level name holds once decorators applied by hand are peeled off
// (`f = wrap_a(wrap_b(g))` -> `g`); "" for anything else.
std::string functionWrappedAtModuleLevel(const FileModel& m, std::string_view name);

// The function a method of the test's class stores on the test case under `attribute`
// (`self.true_std = _true_std` in setUp), or kNone.
FunctionId storedLocalFunction(const FileModel& m, FunctionId fn, std::string_view attribute);

// The method name `getattr(self, S)` reads, S a string the function spells out: a literal, or one
// formatted from names bound once to literals (`"{}_img_gt".format(name)`, `f"{name}_gt"`,
// `name + "_gt"`); "" for any other expression. `call` may also be a name bound once, before
// `at`, to such a getattr.
std::string methodPickedByName(const FileModel& m, FunctionId fn, StmtId at, ExprId call);

// `locals()["img_{}_{}".format(shape, init)]`: the statements of `fn` before `at` binding a
// local whose name the key can spell (its literal parts in order, any identifier characters
// where a field stands); empty when `e` reads no `locals()` or `vars()` by such a key.
std::vector<StmtId> localsPickedByName(const FileModel& m, FunctionId fn, StmtId at, ExprId e);

// Whether function `fn` (or one it is nested in) reads an attribute of the name `object`.
bool attributeReadOf(const FileModel& m, FunctionId fn, std::string_view object);

}  // namespace oalens::analyzer
