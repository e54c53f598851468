// What a `Tolerance-Change: <reason>` commit trailer excuses in `oalens diff BASE..HEAD`: the
// files its own commit changes. A file changed by several commits of the range is excused only
// when each of them states a reason (the last one's is shown): one commit's trailer never
// excuses another commit's loosening.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "miners/git/repository.h"

namespace oalens::miners {

class TrailerScope {
 public:
  // The reason stated for a change of the file (either path may be empty), or empty.
  std::string reasonFor(const std::string& oldPath, const std::string& newPath) const;
  // Whether any commit of the range states a reason at all.
  bool any() const { return !byPath_.empty(); }
  // path -> the reason, or an empty string when some commit changed it without stating one.
  std::map<std::string, std::string> byPath_;
};

// Reads the commits of the range (oldest first, as Repository::range lists them); `err` is set
// and nullopt returned when a commit or its changes cannot be read.
std::optional<TrailerScope> scopeTrailers(const Repository& repo, const std::vector<std::string>& commits, std::string& err);

// The reason a commit message's `Tolerance-Change:` trailer states, or empty.
std::string trailerReason(const std::string& message);

}  // namespace oalens::miners
