// Budgets that keep one hostile file from stalling or crashing a scan: a wall-clock limit per
// parse (tree-sitter checks it through its progress callback), a nesting cap for the
// recursive expression conversion, so recursion depth never follows the input, and one for
// statements, so no cost grows with the square of a hostile file's nesting.
#pragma once
#include <cstdint>

namespace oalens::analyzer {

struct ParseBudget {
  // 20 s: the slowest real test file measured parses in well under 1 s; 20x head room.
  uint64_t timeoutMicros = 20'000'000;
  // 200: real test code nests expressions fewer than 30 deep; deeper parts become `Other`.
  uint32_t maxExprDepth = 200;
  // 4,096: statements nested in blocks, functions, classes and lambdas, counted together. Real
  // test code nests fewer than 20 deep; a 50,000-deep chain of nested structs or lambdas took
  // 5.6 and over 24 GB before the cap (names and owner chains grow with the square of depth);
  // at the cap such a file costs about 40 and 160 MB.
  uint32_t maxStmtDepth = 4096;
};

}  // namespace oalens::analyzer
