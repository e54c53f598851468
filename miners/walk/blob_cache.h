// Analysed versions of test files, by path and blob id, for `mine`: the new side of one commit
// is the old side of the next commit that touches the file, so each version is analysed once
// instead of twice. With several workers the next commit is often analysed while the version
// is still being parsed for the previous one; it then waits for that result instead of parsing
// the same blob again, and can do its own work first (peek). Waits go only from a later commit
// to an earlier one's version, so two workers never wait for each other. Bounded by the bytes
// its records hold, not by their number: versions of a large test file hold hundreds of
// assertions each (docs/mine.md has the measured effect).
#pragma once
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "miners/pairing/pairing.h"

namespace oalens::miners {

class BlobCache {
 public:
  struct Entry {
    std::vector<AssertionVersion> versions;
    std::vector<std::string> diagnostics;
    size_t bytes = 0;  // approximate heap held by the records, set by put()
  };
  explicit BlobCache(size_t budgetBytes) : budget_(budgetBytes) {}

  using Pending = std::shared_future<std::shared_ptr<const Entry>>;

  std::shared_ptr<const Entry> find(const std::string& key);
  // The cached entry, or the one another thread is computing, or compute()'s; `commit` is the
  // walk position of the commit asking. A null result is not cached: a thread that waited for
  // it computes again, so it gets its own diagnostics.
  std::shared_ptr<const Entry> findOrCompute(const std::string& key, size_t commit, const std::function<std::shared_ptr<Entry>()>& compute);
  // The entry as a ready future when cached, the pending one when a commit before `commit` is
  // computing it (safe to wait for while computing), else an invalid future.
  Pending peek(const std::string& key, size_t commit);
  static Pending ready(std::shared_ptr<const Entry> e);
  // Keeps the entry and forgets the oldest ones while over budget (the newest always stays):
  // recent versions are the ones reused.
  void put(const std::string& key, std::shared_ptr<Entry> e);
  size_t heldBytes();
  size_t size();

  static size_t approximateBytes(const Entry& e);

 private:
  const size_t budget_;
  size_t held_ = 0;
  std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const Entry>> map_;
  std::unordered_map<std::string, std::pair<Pending, size_t>> inFlight_;  // with the commit computing it
  std::deque<std::string> order_;
};

}  // namespace oalens::miners
