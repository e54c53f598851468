// The assertions a mined history loosened again and again, each with every change it went
// through: the maintainer's question "which checks keep getting loosened?" (issue: `mine`),
// shared by `oalens report --loosened` and the HTML dashboard. An assertion is followed by its
// `assertion_uid` (docs/mine.md, step 6).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

struct TimelineStep {
  std::string commit, date, subject;  // full sha; committer date YYYY-MM-DD
  std::string file;
  int64_t line = 0;
  std::string kinds, direction, details;  // as in oa_changes (direction empty when null)
  Reasons reasons;
};

struct AssertionTimeline {
  std::string uid;
  int64_t loosenings = 0;
  std::vector<TimelineStep> steps;  // in walk order; the last one says where the assertion is now
};

// The assertions loosened at least `atLeast` times (direction `loosen`; a `mixed` change does
// not count), most loosened first, then by where they are now; at most `limit` of them (0: all). `repository`:
// one repository's history, or -1 for all.
std::vector<AssertionTimeline> loosenedAssertions(Database& db, int64_t repository, int64_t atLeast, size_t limit = 0);

}  // namespace oalens::reports
