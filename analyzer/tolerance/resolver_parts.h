// What the two halves of the tolerance resolver share (tolerance_resolver.cpp evaluates
// expressions and calls, tolerance_names.cpp names, attributes and members).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer::resolver_parts {

// Name chains longer than this are not constants anyone reads as one.
constexpr int kMaxHops = 8;

ResolvedValue unresolved(std::string note);
// A C or C++ source file compiled on its own (not a header): what it defines is its own.
bool isTranslationUnit(std::string_view path);
// The machine epsilon of a dtype named in text (`float32`, `np.float64`, `half`).
std::optional<double> machineEpsilon(std::string_view dtypeText);
// The entry a dict the file binds gives at a key written out (`ROPE_ATOL_RTOL["bf16"]`), or kNone.
ExprId tableEntry(const FileModel& m, FunctionId fn, StmtId at, ExprId subscript);

}  // namespace oalens::analyzer::resolver_parts
