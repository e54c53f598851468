#include "reports/sqlite/assertion_timelines.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace oalens::reports {

std::vector<AssertionTimeline> loosenedAssertions(Database& db, int64_t repository, int64_t atLeast, size_t limit) {
  Statement steps(
      db,
      "SELECT ch.assertion_uid, c.sha, date(c.time, 'unixepoch'), c.subject, ch.file, ch.line, ch.kinds, coalesce(ch.direction, ''),"
      " ch.details, ch.id FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id"
      " WHERE (?1 < 0 OR c.repository_id = ?1) AND ch.assertion_uid IN"
      " (SELECT assertion_uid FROM oa_changes WHERE direction = 'loosen' GROUP BY 1 HAVING COUNT(*) >= ?2)"
      " ORDER BY c.repository_id, c.seq, ch.id");
  ChangeReasons reasons(db);
  steps.bind(1, repository).bind(2, atLeast);
  std::map<std::string, AssertionTimeline> byUid;
  bool row = false;
  while (steps.step(&row) && row) {
    AssertionTimeline& t = byUid[steps.columnText(0)];
    t.uid = steps.columnText(0);
    TimelineStep s{steps.columnText(1), steps.columnText(2), steps.columnText(3), steps.columnText(4),           steps.columnInt(5),
                   steps.columnText(6), steps.columnText(7), steps.columnText(8), reasons.of(steps.columnInt(9))};
    t.loosenings += s.direction == "loosen";
    t.steps.push_back(std::move(s));
  }
  std::vector<AssertionTimeline> out;
  out.reserve(byUid.size());
  for (auto& [uid, t] : byUid) out.push_back(std::move(t));
  std::stable_sort(out.begin(), out.end(), [](const AssertionTimeline& a, const AssertionTimeline& b) {
    if (a.loosenings != b.loosenings) return a.loosenings > b.loosenings;
    const TimelineStep &x = a.steps.back(), &y = b.steps.back();
    return std::tie(x.file, x.line) < std::tie(y.file, y.line);
  });
  if (limit > 0 && out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace oalens::reports
