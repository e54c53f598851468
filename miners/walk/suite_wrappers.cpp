#include "miners/walk/suite_wrappers.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <tuple>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "miners/git/git_handles.h"

namespace oalens::miners {

namespace {

// Past these, a map is emptied and refilled: a version's imports are asked for by the next
// change of the file, usually soon; helper versions and their sets are few.
constexpr size_t kMaxImportEntries = 1 << 14;
// Helpers include other suites' test modules a test imports from (Theano's tests import
// helpers from test_basic.py), whose versions are many and large.
constexpr size_t kModuleBytes = size_t{16} << 20;
constexpr size_t kMaxWrapperEntries = 1 << 12;
constexpr size_t kMaxLookupEntries = 1 << 14;
// A parsed model holds several times its text: on Theano 4,096 of them took 250 MB more than
// the run without helpers. A helper version's sets are scanned close together in the walk.
constexpr size_t kMaxParsedEntries = 1 << 6;

template <typename Map>
void bound(Map& map, size_t limit) {
  if (map.size() >= limit) map.clear();
}

}  // namespace

SuiteWrappers::Known SuiteWrappers::of(const Repository& repo, const std::string& commit, const std::string& path, const std::string& blob,
                                       const std::function<const std::string*()>& bytes) {
  const std::string versionKey = path + '\0' + blob;
  std::shared_ptr<const std::vector<std::string>> imports;
  {
    std::lock_guard lock(mu_);
    if (auto it = imports_.find(versionKey); it != imports_.end()) imports = it->second;
  }
  if (!imports) {
    const std::string* text = bytes();
    if (!text) return {};
    imports = std::make_shared<const std::vector<std::string>>(importedModules(path, *text));
    std::lock_guard lock(mu_);
    bound(imports_, kMaxImportEntries);
    imports_.emplace(versionKey, imports);
  }
  // The same imports of the same file find the same helpers where each of their lookups ends in
  // the same entry of the same directory: those entries are checked, a directory whose id is
  // unchanged at once, instead of the lookups made again (Keras: 67 lookups a version, in a
  // handful of directories).
  std::string lookupsKey = path + '\0';
  for (const std::string& module : *imports) lookupsKey.append(module).push_back('\n');
  {
    std::shared_ptr<const Lookups> previous;
    {
      std::lock_guard lock(mu_);
      if (auto it = lookups_.find(lookupsKey); it != lookups_.end()) previous = it->second;
    }
    auto unchanged = [&](const LookupDir& dir) {
      std::optional<git_oid> now = repo.treeOidAt(commit, dir.path);
      if (!now) return false;
      if (git_oid_equal(&*now, &dir.id)) return true;
      for (const auto& [name, was] : dir.names) {
        std::optional<Repository::TreeEntry> is = repo.entryIn(*now, name);
        if (!is || is->type != was.type || (was.type != GIT_OBJECT_INVALID && !git_oid_equal(&is->id, &was.id))) return false;
      }
      return true;
    };
    if (previous && std::all_of(previous->dirs.begin(), previous->dirs.end(), unchanged)) return previous->known;
  }
  std::vector<std::string> problems;
  struct Ended {
    std::string_view dir, name;
    git_oid dirId;
    Repository::TreeEntry entry;
  };
  std::deque<std::string> candidates;  // what `ended` views: a deque keeps them in place
  std::vector<Ended> ended;
  bool repeatable = true;  // false: the outcome depends on more than the directories recorded
  auto lookup = [&](const std::string& candidate) -> std::optional<SuiteModule> {
    const Repository::PathProbe probe = repo.probePath(commit, candidate);
    if (!probe.read) {
      repeatable = false;
    } else {
      const std::string_view c = candidates.emplace_back(candidate);
      const size_t nameEnd = std::min(c.find('/', probe.dirLength), c.size());
      ended.push_back({c.substr(0, probe.dirLength), c.substr(probe.dirLength, nameEnd - probe.dirLength), probe.dir, probe.entry});
    }
    if (!probe.blob) return std::nullopt;
    const std::string blobId = hex(&*probe.blob);
    const std::string moduleKey = candidate + '\0' + blobId;
    Helper helper;
    bool cached = false;
    {
      std::lock_guard lock(mu_);
      if (auto it = modules_.find(moduleKey); it != modules_.end()) helper = it->second, cached = true;
    }
    if (!cached) {
      bool binary = false;
      std::string err;
      std::optional<std::string> b = repo.blob(blobId, binary, err);
      if (b && !binary) helper.module = suiteModuleFromBytes(candidate, *b);
      // A helper that cannot be read lends no wrappers; the versions that import it say so.
      if (!b) helper.problem = fmt::format("the suite helper {} cannot be read, its wrappers are not used: {}", candidate, err);
      const size_t held = moduleKey.size() + helper.problem.size() + (helper.module ? helper.module->text->size() : 0);
      std::lock_guard lock(mu_);
      if (moduleBytes_ + held > kModuleBytes) {
        modules_.clear();
        moduleBytes_ = 0;
      }
      if (modules_.emplace(moduleKey, helper).second) moduleBytes_ += held;
    }
    if (!helper.problem.empty()) problems.push_back(fmt::format("{}: {}", path, helper.problem));
    return helper.module;
  };
  auto children = [&](const std::string& dir) {
    repeatable = false;  // the directory's listing is not recorded
    return repo.pythonModulesIn(commit, dir);
  };
  const std::vector<SuiteModule> helpers = modulesLendingWrappers(suiteModulesOf(path, *imports, lookup, children));
  Known known = helpers.empty() ? Known{} : wrappersOf(helpers);
  known.problems = std::move(problems);
  // A version whose helpers could not all be read says so each time: it is not remembered.
  if (repeatable && known.problems.empty()) {
    auto lookups = std::make_shared<Lookups>();
    std::sort(ended.begin(), ended.end(), [](const Ended& a, const Ended& b) { return std::tie(a.dir, a.name) < std::tie(b.dir, b.name); });
    for (size_t i = 0; i < ended.size(); ++i) {
      if (i == 0 || ended[i].dir != ended[i - 1].dir) lookups->dirs.push_back({std::string(ended[i].dir), ended[i].dirId, {}});
      if (i == 0 || ended[i].dir != ended[i - 1].dir || ended[i].name != ended[i - 1].name)
        lookups->dirs.back().names.emplace_back(std::string(ended[i].name), ended[i].entry);
    }
    lookups->known = known;
    std::lock_guard lock(mu_);
    bound(lookups_, kMaxLookupEntries);
    lookups_.insert_or_assign(std::move(lookupsKey), std::move(lookups));
  }
  return known;
}

SuiteWrappers::Known SuiteWrappers::wrappersOf(const std::vector<SuiteModule>& helpers) {
  // The helpers' cut texts name the set: an edit of a cut body (most edits of a base test case)
  // finds the wrappers already scanned.
  const uint64_t digest = digestOf(helpers);
  {
    std::lock_guard lock(mu_);
    if (auto it = wrappers_.find(digest); it != wrappers_.end()) return it->second;
  }
  // Two workers may find the same new set at once; both scan it, the first one's is kept. Each
  // helper version is parsed once: the sets that share it (other tests' imports, other versions
  // of its fellow helpers) copy its model, which costs a fraction of parsing it again.
  std::vector<analyzer::FileModel> models;
  for (const SuiteModule& m : helpers) {
    std::shared_ptr<const analyzer::FileModel> model;
    {
      std::lock_guard lock(mu_);
      if (auto it = parsed_.find(m.digest); it != parsed_.end()) model = it->second;
    }
    if (!model) {
      std::optional<analyzer::FileModel> spliced = splice_ ? splice_(m.path, *m.text) : std::nullopt;
      if (!spliced) spliced = analyzer::PythonFrontend().parse(m.path, analyzer::pythonModuleName(m.path), *m.text);
      model = std::make_shared<const analyzer::FileModel>(std::move(*spliced));
      std::lock_guard lock(mu_);
      bound(parsed_, kMaxParsedEntries);
      parsed_.emplace(m.digest, model);
    }
    // A model's views point into its own text: a splice with no regions is its copy.
    std::string whyNot;
    std::optional<analyzer::FileModel> copy = analyzer::spliceModels(*model, *model->source, {}, whyNot);
    if (!copy) copy = analyzer::PythonFrontend().parse(m.path, analyzer::pythonModuleName(m.path), *m.text);
    models.push_back(std::move(*copy));
  }
  auto wrappers = std::make_shared<const analyzer::Catalogue>(wrappersOfSuiteModels(std::move(models), catalogue_));
  // The key is what the wrappers are, not where they came from: helpers that define none
  // (most of a suite's utilities) leave a version's analysis and its cache key as they are.
  Known known;
  if (wrappers->size() > 0) {
    known.key = fmt::format("{:016x}", wrappers->digest());
    known.wrappers = std::move(wrappers);
  }
  std::lock_guard lock(mu_);
  bound(wrappers_, kMaxWrapperEntries);
  return wrappers_.emplace(digest, std::move(known)).first->second;
}

}  // namespace oalens::miners
