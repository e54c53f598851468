// The abstract values of the lint data-flow core (rules/lint/support/data_flow.h): which row
// sources a value holds, which statistics, fits and oversamplings shaped it (with the names the
// data went by since), and whether it is a part of a split. Values combine by union.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/lint/support/data_flow.h"

namespace oalens::rules::flow {

inline constexpr size_t kMaxTraces = 48;
inline constexpr size_t kMaxPath = 8;

struct Trace {
  uint32_t event = 0;
  std::vector<std::string_view> path;
};

struct Value {
  std::vector<uint32_t> rows;  // sorted row sources
  std::vector<Trace> learned;
  Part part = Part::Whole;
  StmtId splitAt = analyzer::kNone;  // the split that made it a part
  bool concatenated = false;         // rows of several sources put one after the other
  std::string_view constructor;      // the class or function whose call made it
  std::string_view builtBy;          // that call as written (in whichever file it was made)
};

inline void addRows(std::vector<uint32_t>& to, const std::vector<uint32_t>& from) {
  for (uint32_t r : from)
    if (auto at = std::lower_bound(to.begin(), to.end(), r); at == to.end() || *at != r) to.insert(at, r);
}

inline bool overlaps(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  for (uint32_t r : a)
    if (std::binary_search(b.begin(), b.end(), r)) return true;
  return false;
}

inline void addLearned(std::vector<Trace>& to, const std::vector<Trace>& from) {
  for (const Trace& t : from) {
    if (to.size() >= kMaxTraces) return;
    if (std::none_of(to.begin(), to.end(), [&](const Trace& u) { return u.event == t.event; })) to.push_back(t);
  }
}

// Two values combined (an expression, a call's arguments): rows and events of both; the part of
// whichever holds rows, Whole when train and test rows meet.
inline Value unite(const Value& a, const Value& b) {
  Value v = a;
  addRows(v.rows, b.rows);
  addLearned(v.learned, b.learned);
  if (a.rows.empty()) v.part = b.part, v.splitAt = b.splitAt;
  else if (!b.rows.empty() && a.part != b.part) v.part = Part::Whole;
  v.concatenated = a.concatenated || b.concatenated;
  return v;
}

}  // namespace oalens::rules::flow
