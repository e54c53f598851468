// The same argument text read by two calls need not be the same value: a name changed in place
// (`x *= -1`), rebound, or a container changed between the reads (`inputs.update(...)` before
// `f(**inputs)`). origin_calls.cpp marks such a read with the line of the change, so that
// "the same inputs" (SCUT_SAME) is told from a transformed one (SCUT_DIFF).
#pragma once
#include <cstdint>
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// `**inputs` read after `inputs.update(sample_axis=2)` is not the `**inputs` an earlier call read:
// the line of the last change to `name` in fn ahead of `at` that follows a use of the name, or 0
// when every change came before the first use (a list built up in steps, then read).
uint32_t changedSinceUsed(const FileModel& m, FunctionId fn, StmtId at, std::string_view name);

// The last statement of fn ahead of `at` that assigns `name` or binds it as a loop target (in
// any position of the target), or kNone.
StmtId lastBindingBefore(const FileModel& m, FunctionId fn, StmtId at, std::string_view name);

// `copy`, `deepcopy`, `clone`: a call by this last name makes a copy of its object or argument.
bool namesACopy(std::string_view last);

// Whether the value `name` was last bound to in fn ahead of `at` was handed to a call, or had a
// method other than a data movement run on it, between that binding and `at` (a copy compiled,
// quantized in place or run: `torch.compile(copied)`, `quantize_(copied, cfg)`). Checks and
// asserts do not count.
bool handedOnSinceBound(const FileModel& m, FunctionId fn, StmtId at, std::string_view name);

}  // namespace oalens::analyzer
