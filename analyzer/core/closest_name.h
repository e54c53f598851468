// The name a mistyped word most likely meant, by edit distance: "did you mean" for subcommands,
// flags, configuration keys and tables. Candidate lists are short (tens of names), so a plain
// dynamic-programming distance per candidate is fast enough.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace oalens::analyzer {

// Edits to turn a into b, a swap of two neighbours counting as one (`scna` is one from `scan`).
size_t editDistance(std::string_view a, std::string_view b);

// The candidate closest to `word` (at most two edits, and fewer than half its length), or empty.
std::string closestName(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace oalens::analyzer
