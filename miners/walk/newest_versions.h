// The newest analysed version of each test file, for `mine`: a version that no earlier change
// of its file left analysed is derived from it instead of scanned whole. Such versions are the
// old side of a commit after a merge that combined two branches' edits (no commit made that
// blob), and, with two workers, the old side of a commit whose earlier change of the file the
// other worker has not reached yet. Keyed by path and the digest of the wrappers the version
// borrowed: a version is derived only from one analysed with the same wrappers.
#pragma once
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace oalens::miners {

class NewestVersions {
 public:
  void note(const std::string& path, const std::string& wrappersKey, const std::string& blob) {
    std::lock_guard lock(mu_);
    // Past this, forgotten and refilled: a file's next version comes soon after its last.
    if (byFile_.size() >= kMaxEntries) byFile_.clear();
    byFile_.insert_or_assign(path + '\0' + wrappersKey, blob);
  }
  std::optional<std::string> of(const std::string& path, const std::string& wrappersKey) {
    std::lock_guard lock(mu_);
    auto it = byFile_.find(path + '\0' + wrappersKey);
    if (it == byFile_.end()) return std::nullopt;
    return it->second;
  }
  void countDerivation() { ++derivations_; }
  size_t derivations() const { return derivations_; }

 private:
  static constexpr size_t kMaxEntries = size_t{1} << 15;
  std::mutex mu_;
  std::unordered_map<std::string, std::string> byFile_;  // path \0 wrappers key -> blob id
  std::atomic<size_t> derivations_{0};                   // versions derived from one of these
};

}  // namespace oalens::miners
