// Budgets that keep one hostile file from stalling or crashing a scan: a wall-clock limit per
// parse (tree-sitter checks it through its progress callback) and a nesting cap for the
// recursive expression conversion, so recursion depth never follows the input.
#pragma once
#include <cstdint>

namespace oalens::analyzer {

struct ParseBudget {
  // 20 s: the slowest real test file measured parses in well under 1 s; 20x head room.
  uint64_t timeoutMicros = 20'000'000;
  // 200: real test code nests expressions fewer than 30 deep; deeper parts become `Other`.
  uint32_t maxExprDepth = 200;
};

}  // namespace oalens::analyzer
