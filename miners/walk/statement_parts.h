// A unit (a test or helper function, a method inside its `class _:` wrapper, or a class at the
// top of a file) cut into the statements of its body, so that its model can be spliced
// (analyzer/model/model_splice.h) from a skeleton, the unit with its whole body as one `pass`,
// and the statements, each parsed inside a wrapper at its own block depth: `def _():` for a
// function's, `class _:` and `def _():` for a method's, `class _:` for a class's. A file's
// skeleton (piece_models.h) is cut the same way into its top-level statements, unwrapped. A changed test differs from its previous version
// in a statement or two: on Keras master the units `mine` parsed held 34 MB, their new statements 15 MB.
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
// A function's statement is parsed inside this one (after kMethodWrapper and the method's
// indent for a method's).
inline constexpr std::string_view kStatementWrapper = "def _():\n";

struct StatementParts {
  std::string skeleton;  // the unit with its body's statements replaced by one `pass`
  struct Part {
    std::string source;             // the wrapper and the statement's lines
    bool definesClass = false;      // a (decorated) class definition
    analyzer::SpliceRegion region;  // where it goes; `piece` is left for the caller to set
  };
  std::vector<Part> statements;  // in source order; every one stands for the skeleton's `pass`
};

// nullopt when the unit is not one definition whose body is an indented block of statements,
// or when the lexical split is unsure (tabs, an unterminated string, a comment indented with
// other than spaces).
std::optional<StatementParts> cutIntoStatements(const std::string& unitSource);

// A statement part (a function's or a method's statement in its wrapper, as cutIntoStatements
// makes it) that is a `with`, `for`, `while` or `if` with one block, cut into the statements
// of that block, each in the same wrapper at its own indent: a changed line in a long `with`
// block is then the only part parsed again. nullopt for anything else (a second clause, a
// definition, a block on the header's line).
std::optional<StatementParts> cutIntoBlock(const std::string& partSource);

// A file's top-level statements: the skeleton is the text before the first and after the last
// with one `pass` between, and a statement is parsed without a wrapper. nullopt when the
// lexical split is unsure or there is no statement.
std::optional<StatementParts> cutIntoTopLevelStatements(const std::string& source);

}  // namespace oalens::miners
