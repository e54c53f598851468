// The changed files of a libgit2 diff of two trees with renames paired: libgit2's similarity
// pairing under a limit of our own, then the exact renames it left (rename_detection.cpp).
#pragma once
#include <git2.h>

#include <optional>
#include <string>
#include <vector>

#include "miners/git/repository.h"

namespace oalens::miners {

// The changed files of `d`, renames detected with at most `renameLimit` deleted files compared;
// `note` says when more were deleted than the limit lets be compared. Nullopt with `err` set when
// libgit2 fails.
std::optional<std::vector<FileChange>> renamedDeltas(git_diff* d, int renameLimit, std::string& note, std::string& err);

}  // namespace oalens::miners
