// The wrappers a version of a test file borrows from the suite's helper modules (its base test
// case, its test utilities) as they are at one commit, for `mine`: the diff gate's reading
// (miners/gate/suite_modules.h) at every commit. Without it, Keras 3's
// `self.assertAlmostEqual(x, y, decimal=6)` is read as unittest's and a change of its decimal
// is no threshold change. What versions share is cached: a test version's imports by its blob,
// a helper's cut text and imports by its blob, its parsed model by that text, the wrappers by
// the set of cut texts. Per version, the directories where the lookups of its file's imports
// ended the last time are checked; only where one holds another entry of a name looked up
// there are the helpers looked up again. A version's analysis depends on the wrappers alone,
// so `key` (their digest) is what `mine` adds to the key of an analysed version.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "miners/gate/suite_modules.h"
#include "miners/git/repository.h"

namespace oalens::miners {

class SuiteWrappers {
 public:
  // A helper version's model built from parts other versions left (nullopt: it is parsed).
  using ModelSplicer = std::function<std::optional<analyzer::FileModel>(const std::string& path, const std::string& text)>;
  explicit SuiteWrappers(const analyzer::Catalogue& catalogue, ModelSplicer splice = {})
      : catalogue_(catalogue), splice_(std::move(splice)) {}

  struct Known {
    std::string key;  // a digest of the wrappers borrowed; empty when there are none
    std::shared_ptr<const analyzer::Catalogue> wrappers;
    std::vector<std::string> problems;  // helpers that could not be read (a broken clone)
  };
  // The version `blob` of `path`, its helpers read from `commit`'s tree. `bytes` gives the
  // version's text (null when unreadable); it is asked only when the imports are not cached.
  Known of(const Repository& repo, const std::string& commit, const std::string& path, const std::string& blob,
           const std::function<const std::string*()>& bytes);

 private:
  // The wrappers of a set of helpers, scanned once per set.
  Known wrappersOf(const std::vector<SuiteModule>& helpers);

  const analyzer::Catalogue& catalogue_;
  const ModelSplicer splice_;
  std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const std::vector<std::string>>> imports_;  // path \0 blob
  struct Helper {
    std::optional<SuiteModule> module;
    std::string problem;
  };
  std::unordered_map<std::string, Helper> modules_;  // path \0 blob
  size_t moduleBytes_ = 0;
  std::unordered_map<uint64_t, std::shared_ptr<const analyzer::FileModel>> parsed_;  // by SuiteModule::digest
  std::unordered_map<uint64_t, Known> wrappers_;                                     // by the digest of the helpers' cut texts
  // Where the lookups of a file's helpers ended, for a later commit to be checked against: the
  // directory each read last (path "a/b/", "" for the root) by its tree id, and the entries of
  // the names looked up there. A directory whose id changed (the test's own, at every version)
  // still holds the same entries for those names, mostly.
  struct LookupDir {
    std::string path;
    git_oid id{};
    std::vector<std::pair<std::string, Repository::TreeEntry>> names;
  };
  // What a file's imports found at the last commit they were looked up at: by path \0 the
  // imported modules.
  struct Lookups {
    std::vector<LookupDir> dirs;
    Known known;
  };
  std::unordered_map<std::string, std::shared_ptr<const Lookups>> lookups_;
};

}  // namespace oalens::miners
