#include "miners/gate/trailer_scope.h"

#include <re2/re2.h>

namespace oalens::miners {

std::string trailerReason(const std::string& message) {
  static const RE2 trailer(R"((?m)^Tolerance-Change:[ \t]*(.+?)[ \t]*$)");
  std::string reason;
  RE2::PartialMatch(message, trailer, &reason);
  return reason;
}

std::string TrailerScope::reasonFor(const std::string& oldPath, const std::string& newPath) const {
  std::string reason;
  for (const std::string* path : {&oldPath, &newPath}) {
    if (path->empty()) continue;
    auto it = byPath_.find(*path);
    if (it == byPath_.end() || it->second.empty()) return {};  // a change of it states no reason
    reason = it->second;
  }
  return reason;
}

std::optional<TrailerScope> scopeTrailers(const Repository& repo, const std::vector<std::string>& commits, std::string& err) {
  TrailerScope scope;
  struct Stated {
    std::string sha, parent, reason;
  };
  std::vector<Stated> commitsRead;
  bool stated = false;
  for (const std::string& sha : commits) {
    auto info = repo.commit(sha, err);
    if (!info) return std::nullopt;
    commitsRead.push_back({sha, info->parents.empty() ? std::string() : info->parents.front(), trailerReason(info->message)});
    stated |= !commitsRead.back().reason.empty();
  }
  if (!stated) return scope;  // nothing to scope: no commit reads its changes
  for (const auto& [sha, parent, reason] : commitsRead) {
    auto changes = repo.treeChanges(parent, sha, err);
    if (!changes) return std::nullopt;
    for (const FileChange& c : *changes)
      for (const std::string* path : {&c.oldPath, &c.newPath}) {
        if (path->empty()) continue;
        auto [it, fresh] = scope.byPath_.emplace(*path, reason);
        if (!fresh) it->second = it->second.empty() || reason.empty() ? std::string() : reason;
      }
  }
  return scope;
}

}  // namespace oalens::miners
