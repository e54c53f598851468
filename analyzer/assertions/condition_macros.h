// C++ check macros a project defines for itself, known by their replacement text: a function-like
// macro that fails the test unless the condition it is given holds (Kaldi's `KALDI_ASSERT(cond)`:
// `if (cond) ...; else KaldiAssertFailure_(...)`, a suite's `#define CHECK(x) if (!(x)) { ...;
// abort(); }`). Its calls read as the catalogue's condition checks do (`DLIB_TEST(cond)`: `assert
// cond`), so that the condition decides whether the call is an OA assertion.
#pragma once
#include <optional>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The entry wrapper discovery adds for such a macro, or nullopt. The condition is the macro's
// first parameter, or its second after the status it sets (`TEST_ASSERT(status, cond, msg)`:
// `(status) = !(cond);`). It fails under an `if` or a `while` on its falsity, by a catalogued
// aborting call (`abort`, `FAIL`), a `throw`, or a call named for failing (`AssertFailure_`,
// `fatal_error`, `Die`).
std::optional<ApiSpec> conditionMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder);

// The entry for a macro that applies a predicate it is handed to the others and fails unless it
// holds (OpenSpiel's `SPIEL_CHECK_FN3(x, y, z, fn)`: `auto x = x_exp; ... if (!fn(x, y, z))
// SpielFatalError(...)`), read as GoogleTest's `EXPECT_PRED3(fn, x, y, z)`; nullopt for others.
std::optional<ApiSpec> predicateMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder);

// The entry for a macro that hands `<` or `<=` to another check macro, which applies it between its
// operands and fails unless it holds (OpenSpiel's `#define SPIEL_CHECK_LT(x, y) SPIEL_CHECK_OP(x,
// <, y)`): read as GoogleTest's `EXPECT_LT` under its own name, a bound on its first argument.
std::optional<ApiSpec> operatorMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder);

// Whether a statement directly under `head` (its block) fails the test: a catalogued aborting
// call, a `throw`, `return false` where `true` is returned elsewhere, or a call named for failing
// (`result_.addFailure(...)`, CppUnitLite's report).
bool failsUnder(const FileModel& m, const AssertionFinder& finder, FunctionId fid, StmtId head);

}  // namespace oalens::analyzer
