// `oalens report --margins DB --root TREE`: scans TREE, joins its OA assertions with the test
// runs the margins database DB holds, prints a verdict per assertion (docs/margins.md).
#pragma once
#include <string>

namespace oalens::cli {

struct MarginsArgs {
  std::string db, root = ".", format = "text", output;
  double safetyFactor = 10;
};

// Returns the exit code: 0, or 2 for a database that is missing, foreign or damaged, a tree
// that does not exist, or an output that cannot be written.
int reportMargins(const MarginsArgs& args);

}  // namespace oalens::cli
