// C++ macros handed a check macro as an argument: `#define NEAR_CHECK(M, N, lda, a, b, err,
// NEAR_ASSERT) ... NEAR_ASSERT(a[i + j * lda], b[i + j * lda], err) ...`, called as
// `NEAR_CHECK(M, N, lda, hCPU, hGPU, tol, ASSERT_NEAR)` (rocBLAS's near and unit checks): the call
// runs the check it is handed on the arguments the macro gives it. docs/cpp.md, "project wrappers".
#pragma once
#include <optional>

#include "analyzer/assertions/api_matcher.h"

namespace oalens::analyzer {

struct HandedCheck {
  const ApiSpec* spec = nullptr;  // the check handed to the macro
  CallArgs args;                  // the handed check's arguments, as the caller's expressions
};

// Whether `call`, in function `scope` of `m`, calls a function-like macro of the same file that
// calls one of its parameters, and hands it a check at that parameter's place; then that check
// with its arguments read through the macro's parameters (an element `a[i]` of a parameter is the
// argument given for it). A file may define such a macro twice (an empty one where the test
// framework is absent): the definition that calls the parameter counts.
std::optional<HandedCheck> checkHandedToMacro(const FileModel& m, FunctionId scope, ExprId call, const ApiMatcher& matcher);

}  // namespace oalens::analyzer
