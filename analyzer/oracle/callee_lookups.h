// Lookups that say what a call's callee stands for, used when a call outside the library under
// test is traced (origin_call_targets.cpp): the method an `apply` runs, the function behind a
// name wrapped by hand at module level, a function stored on the test case in setUp, and whether
// a function reads an object's attributes.
#pragma once
#include <string>
#include <string_view>

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

// Whether function `fn` (or one it is nested in) reads an attribute of the name `object`.
bool attributeReadOf(const FileModel& m, FunctionId fn, std::string_view object);

}  // namespace oalens::analyzer
