// A unit (a test or helper function, or a method inside its `class _:` wrapper) cut into the
// statements of its body, so that its model can be spliced (analyzer/model/model_splice.h)
// from a skeleton, the unit with its whole body as one `pass`, and the statements, each parsed
// inside a `def _():` wrapper (`class _:` and `def _():` for a method's) at its own block
// depth. A changed test differs from its previous version in a statement or two: on Keras
// master the units `mine` parsed held 34 MB, their new statements 15 MB.
//
// Where a statement ends is where tree-sitter-python ends its node: after its last line and
// the comments that follow it while one of its blocks is still open (the scanner keeps a block
// open past a comment indented at least as deep as the block; see nodeLastLine in
// piece_models.cpp for the same rule on units).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/model_splice.h"

namespace oalens::miners {

// A method is parsed inside this one-line class, at the block depth it has in its file; a unit
// that starts with it is a method.
inline constexpr std::string_view kMethodWrapper = "class _:\n";

struct StatementParts {
  std::string skeleton;  // the unit with its body's statements replaced by one `pass`
  struct Part {
    std::string source;             // the wrapper and the statement's lines
    analyzer::SpliceRegion region;  // where it goes; `piece` is left for the caller to set
  };
  std::vector<Part> statements;  // in source order; every one stands for the skeleton's `pass`
};

// nullopt when the unit is not one definition whose body is an indented block of statements,
// or when the lexical split is unsure (tabs, an unterminated string, a comment indented with
// other than spaces).
std::optional<StatementParts> cutIntoStatements(const std::string& unitSource);

}  // namespace oalens::miners
