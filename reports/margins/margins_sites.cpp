#include "reports/margins/margins_sites.h"

#include <algorithm>
#include <filesystem>
#include <unordered_map>

namespace oalens::reports {

namespace fs = std::filesystem;

namespace {

// The recorded files as paths under the scanned tree. The plugin records them relative to
// pytest's rootdir; when that is another folder than the tree, each is moved through the
// absolute path (a file outside the tree maps to "" and joins nothing). A rootdir that does not
// exist here (a database from another machine) is taken to be the tree.
class PathMap {
 public:
  PathMap(const std::string& rootdir, const std::string& root) {
    std::error_code ec;
    tree_ = fs::weakly_canonical(root, ec);
    if (!rootdir.empty() && fs::is_directory(rootdir, ec)) {
      fs::path r = fs::weakly_canonical(rootdir, ec);
      if (!ec && r != tree_) rootdir_ = r;
    }
  }
  std::string operator()(const std::string& recorded) {
    if (rootdir_.empty()) return recorded;
    auto [it, fresh] = cache_.try_emplace(recorded);
    if (!fresh) return it->second;
    fs::path rel = (rootdir_ / recorded).lexically_normal().lexically_relative(tree_);
    const std::string text = rel.generic_string();
    it->second = rel.empty() || text == ".." || text.rfind("../", 0) == 0 ? "" : text;
    return it->second;
  }

 private:
  fs::path tree_, rootdir_;
  std::unordered_map<std::string, std::string> cache_;
};

void add(MeasuredSite& site, const MarginGroup& g) {
  site.any = true;
  site.runs.emplace(g.testId, g.run);
  if (g.failedCalls > 0) site.failed.emplace(g.testId, g.run);
  site.tests.insert(g.testId);
  site.calls += g.calls;
  site.caught += g.caughtCalls;
  site.failedWithin += g.failedWithin;
  if (!g.maxUsed) return;  // only caught failures
  if (!site.worst || *g.maxUsed > site.maxUsed) {
    site.maxUsed = *g.maxUsed;
    site.worst = &g;
  }
}

}  // namespace

MarginsSites::MarginsSites(const MarginsData& data, const std::string& treeRoot) {
  PathMap toTree(data.rootdir, treeRoot);
  for (const MarginGroup& g : data.groups)
    if (std::string file = toTree(g.file); !file.empty()) groups_[file].emplace_back(g.line, &g);
  for (auto& [file, groups] : groups_) std::stable_sort(groups.begin(), groups.end(), [](auto& a, auto& b) { return a.first < b.first; });
  for (const MarginExtreme& e : data.extremes)
    if (std::string file = toTree(e.file); !file.empty()) extremes_[file].push_back(&e);
}

MeasuredSite MarginsSites::at(const std::string& file, int64_t first, int64_t last, bool wrapperCall) const {
  MeasuredSite site;
  auto it = groups_.find(file);
  if (it == groups_.end()) return site;
  auto lo = std::lower_bound(it->second.begin(), it->second.end(), first, [](auto& p, int64_t l) { return p.first < l; });
  for (; lo != it->second.end() && lo->first <= last; ++lo)
    if (lo->second->direct || wrapperCall) add(site, *lo->second);
  return site;
}

const MarginExtreme* MarginsSites::extremeAt(const std::string& file, int64_t first, int64_t last) const {
  auto it = extremes_.find(file);
  if (it == extremes_.end()) return nullptr;
  for (const MarginExtreme* e : it->second)
    if (e->line >= first && e->line <= last) return e;
  return nullptr;
}

}  // namespace oalens::reports
