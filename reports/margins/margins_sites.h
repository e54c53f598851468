// The recorded frame positions of a margins database, indexed by file of a scanned tree, and
// the join of one assertion's lines with them (docs/margins.md, "The report"). A frame at depth
// 0 joins any assertion whose lines hold it; a caller's frame joins only an assertion that is a
// wrapper call, so a check made inside a function computing an assertion's arguments is not
// taken for that assertion's. `oalens report --margins` judges every OA assertion through it;
// `oalens diff --margins` and `oalens lint --margins` read one assertion's measurement.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "reports/sqlite/margins_db.h"

namespace oalens::reports {

// What the recorded runs measured at one assertion, over every run that reached it.
struct MeasuredSite {
  std::set<std::pair<std::string, int64_t>> runs, failed;  // (test id, run)
  std::set<std::string> tests;
  int64_t calls = 0, caught = 0, failedWithin = 0;
  double maxUsed = -1;                 // largest counted share of the tolerance; +inf unbounded
  const MarginGroup* worst = nullptr;  // the group of that share; null when every failure was caught
  bool any = false;                    // some recorded frame joined
};

class MarginsSites {
 public:
  // `treeRoot`: the scanned tree; the recorded paths, relative to the plugin's rootdir, are
  // moved under it (a rootdir that does not exist here is taken to be the tree).
  MarginsSites(const MarginsData& data, const std::string& treeRoot);

  // The frames in `file` (relative to the tree) on lines first..last.
  MeasuredSite at(const std::string& file, int64_t first, int64_t last, bool wrapperCall) const;
  // The extreme-value estimate of a frame position on those lines, or null.
  const MarginExtreme* extremeAt(const std::string& file, int64_t first, int64_t last) const;

 private:
  std::map<std::string, std::vector<std::pair<int64_t, const MarginGroup*>>> groups_;  // by line
  std::map<std::string, std::vector<const MarginExtreme*>> extremes_;
};

}  // namespace oalens::reports
