// A library function whose whole body hands its parameters on, moved: `return
// torch.view_as_complex(torch.stack([re, im], dim=-1))`. Called in a test's oracle it computes
// nothing of the oracle's (docs/oracles.md "Data movement"): what it is handed is the origin.
#pragma once
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// When `fn` of `m` is a plain function (no method, no generator) whose body, a docstring aside,
// is one `return` of its parameters put through operations that only move data (layout, joining,
// casts, wrapping, `view_as_complex`), and lists or tuples of those: the positions of the
// parameters whose data it returns (`unfold(tensor, mode)` -> {0}; `mode` only says how). Empty
// for any other function.
std::vector<size_t> parametersOnlyMoved(const FileModel& m, FunctionId fn);

}  // namespace oalens::analyzer
