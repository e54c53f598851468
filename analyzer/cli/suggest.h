// "Did you mean" for a mistyped subcommand or flag: the closest name by edit distance.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace oalens::cli {

// The candidate closest to `word` (at most two edits, and fewer than half its length), or empty.
std::string closestName(std::string_view word, const std::vector<std::string>& candidates);

// A hint for a command line CLI11 refused: an unknown subcommand or flag of the one given, with
// the name meant (`did you mean 'scan'?`), or empty.
std::string suggestionFor(CLI::App& app, int argc, char** argv);

}  // namespace oalens::cli
