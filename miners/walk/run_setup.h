// What a mining run reads before its first commit besides the walk (run_setup.cpp): the reason
// patterns its database keeps, and the catalogue with the project's own APIs at the tip.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "miners/classify/reason_tagger.h"
#include "miners/git/repository.h"
#include "miners/state/mine_store.h"

namespace oalens::miners {

// The tagger of the patterns the database was first mined with, this build's for a new one
// (stored then); nullopt with `err` set when the store cannot keep them.
std::optional<ReasonTagger> databaseReasonTagger(MineStore& store, bool newCommits, std::vector<std::string>& warnings, std::string& err);

// The built-in catalogue with the project's configuration at `tip` added, and its `[scan]
// test_files` in `testFiles`; the built-in one, with a warning, when that configuration is invalid.
analyzer::Catalogue tipCatalogue(const Repository& repo, const std::string& tip, std::string& testFiles,
                                 std::vector<std::string>& warnings);

}  // namespace oalens::miners
