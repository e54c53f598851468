// Gathers the diff's evidence about the API, parameter and threshold changes of one commit
// (miners/classify/change_evidence.h): which library definitions the commit changed, and for
// each such change what changed around it in its test and which edit it got; the library's
// top-level packages from the commit's root tree, for a port of a test to their API. Reads the
// blobs of the commit's changed Python test files again (of C++ ones only the library's changes
// and the check's edit are read), so it runs only for commits that have such a change (a few
// hundred of Keras's 4,800 commits to 2.2.4).
#pragma once
#include <vector>

#include "analyzer/scan/test_files.h"
#include "miners/git/repository.h"
#include "miners/state/commit_result.h"

namespace oalens::miners {

// Fills FileResult::evidence of `r`'s files. `changes` are all the files the commit changed;
// those that are not tests, documentation, examples or build scripts count as the library.
void attachChangeEvidence(const Repository& repo, const std::vector<FileChange>& changes, const analyzer::TestFileFilter& tests,
                          CommitResult& r);

}  // namespace oalens::miners
