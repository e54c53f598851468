// Edits of a check that spell the values it compares another way and leave them as they were:
// a static type's cast put around a value, an expression named by a local of the test or a local
// written back in place. A commit that changes the library besides does not explain them.
#pragma once
#include <string>
#include <string_view>

namespace oalens::miners {

// The statement with every Python typing cast left out (`cast(float, pert)` and
// `typing.cast(Tensor, g)` -> `pert`, `g`) and its white space removed.
std::string withoutTypeCasts(std::string_view statement);

// The check's edit only puts a typing cast around values (`assertAlmostEqual(pert, 2.0)` ->
// `assertAlmostEqual(cast(float, pert), 2.0)`): a type checker's annotation, nothing that runs
// differently.
bool onlyAddsTypeCasts(std::string_view oldStatement, std::string_view newStatement);

// The check's edit replaces one expression by a local its function binds to that very expression
// ahead of it in the new file (`f(cavs[k].stats["accs"])` -> `f(stats["accs"])` after `stats =
// cavs[k].stats`), or the reverse, a local the old file bound written back in its place. The
// checks' 1-based first lines in the two files. Not a literal named (`layer = "conv2"`, which
// readies a loop over layers), nor a name rebound from itself (`t = t.cpu()`).
bool namesAnExpression(std::string_view oldStatement, std::string_view newStatement, std::string_view oldText, std::string_view newText,
                       int oldLine, int newLine);

}  // namespace oalens::miners
