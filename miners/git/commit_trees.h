// A commit's root tree and HEAD's, shared by the repository reader and its path lookups
// (tree_lookup.cpp).
#pragma once
#include <git2.h>

#include <string>

#include "miners/git/git_handles.h"

namespace oalens::miners {

// The root tree of commit `sha`; `out` stays null for an empty sha (the empty tree). False, with
// `err` set, when the commit or its tree cannot be read.
bool commitTree(git_repository* repo, const std::string& sha, Owned<git_tree, git_tree_free>& out, std::string& err);
// HEAD's root tree; `out` stays null before the first commit.
bool headTree(git_repository* repo, Owned<git_tree, git_tree_free>& out, std::string& err);

}  // namespace oalens::miners
