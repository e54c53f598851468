// Line hunks between two texts as git's diff gives them (libgit2's xdiff, no context lines):
// the diff gate and the change evidence of `mine` read which lines an edit touched.
#pragma once
#include <string_view>
#include <vector>

namespace oalens::miners {

struct LineHunk {  // as git reports them: 1-based starts; a side with 0 lines is an insertion point
  int oldStart = 0, oldLines = 0, newStart = 0, newLines = 0;
};

// The hunks libgit2 gives for the two texts as they are.
std::vector<LineHunk> wholeTextHunks(std::string_view oldText, std::string_view newText);

}  // namespace oalens::miners
