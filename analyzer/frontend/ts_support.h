// What both tree-sitter frontends share: a parse under the ParseBudget's wall-clock limit,
// node ranges in the model's 1-based form, and the first damaged spot of a tree. Kept apart so
// that the Python and C++ frontends cannot drift in how they bound a parse or report damage.
#pragma once
#include <tree_sitter/api.h>

#include <functional>
#include <string>

#include "analyzer/core/source_range.h"
#include "analyzer/frontend/parse_budget.h"

namespace oalens::analyzer {

// Parses `source` from scratch; nullptr when the budget's time ran out.
TSTree* parseWithBudget(TSParser* parser, const std::string& source, const ParseBudget& budget);

SourceRange rangeOf(TSNode n);

struct DamageReport {
  uint32_t regions = 0;  // ERROR and MISSING nodes not excused
  TSPoint first{0, 0};   // where the first of them starts
};
// Counts the ERROR and MISSING nodes under `root`, descending only into subtrees that hold
// one; `excused` may pardon a node given its parent (a macro call that the preprocessor would
// complete). The parent comes from the walk's own stack: tree-sitter's ts_node_parent searches
// from the root and recurses once per level for an empty (MISSING) node, which overflowed the
// stack on a 50,000-deep expression.
using DamageExcuse = std::function<bool(TSNode node, TSNode parent)>;
DamageReport findDamage(TSNode root, const DamageExcuse& excused = {});

}  // namespace oalens::analyzer
