#include "miners/walk/derived_versions.h"

#include <algorithm>
#include <map>

#include "miners/gate/diff_scope.h"

namespace oalens::miners {

namespace {

// The k-th test of a name, so that repeated names (a redefined test) still match in order.
std::vector<std::pair<std::string, int>> occurrenceKeys(const std::vector<TestUnit>& units) {
  std::map<std::string, int> seen;
  std::vector<std::pair<std::string, int>> keys;
  for (const TestUnit& u : units) keys.emplace_back(u.name, seen[u.name]++);
  return keys;
}

// Per line, the first unit (in the order given) that holds it, or -1: the unit an old
// assertion belongs to, without a search through every unit for each of a large file's
// thousands of assertions.
std::vector<int> firstUnitOfLine(const std::vector<TestUnit>& units, size_t lines) {
  std::vector<int> at(lines, -1);
  for (size_t u = units.size(); u-- > 0;)
    for (int line = std::max(units[u].firstLine, 0); line <= units[u].lastLine && static_cast<size_t>(line) < lines; ++line)
      at[static_cast<size_t>(line)] = static_cast<int>(u);
  return at;
}

}  // namespace

std::optional<std::vector<AssertionVersion>> versionsFromScopedScan(const std::string& oldText, const std::string& newText,
                                                                    const OldOaVersions& previous, const ScanScopedVersion& scan,
                                                                    TextLayout* oldLayout, TextLayout* newLayout) {
  if (oldText == newText) {  // a file renamed as it was
    const std::vector<AssertionVersion>* same = previous();
    if (!same) return std::nullopt;
    return *same;
  }
  ScopedPair scoped = scopeToChangedTests(oldText, newText, oldLayout, newLayout);
  if (!scoped.scoped) return std::nullopt;
  std::vector<std::string> diagnostics;
  std::vector<AssertionVersion> out = scan(scoped, diagnostics);
  if (!diagnostics.empty()) return std::nullopt;
  const std::vector<AssertionVersion>* oldVersionsOrNull = previous();
  if (!oldVersionsOrNull) return std::nullopt;
  const std::vector<AssertionVersion>& oldVersions = *oldVersionsOrNull;

  const std::vector<size_t>& oldStarts = scoped.oldStarts;
  const std::vector<size_t>& newStarts = scoped.newStarts;
  // Lines and columns of the scanned assertions hold in the whole text; byte offsets were
  // counted in the blanked one.
  for (AssertionVersion& v : out) {
    auto& r = v.assertion.range;
    r.startByte = static_cast<uint32_t>(newStarts[r.start.line] + r.start.col - 1);
    r.endByte = static_cast<uint32_t>(newStarts[r.end.line] + r.end.col - 1);
  }
  const auto oldKeys = occurrenceKeys(scoped.oldUnits), newKeys = occurrenceKeys(scoped.newUnits);
  std::map<std::pair<std::string, int>, const TestUnit*> newByKey;
  for (size_t u = 0; u < scoped.newUnits.size(); ++u) newByKey[newKeys[u]] = &scoped.newUnits[u];
  const std::vector<int> oldUnitAt = firstUnitOfLine(scoped.oldUnits, scoped.oldStarts.size());
  for (const AssertionVersion& v : oldVersions) {
    const uint32_t line = v.assertion.range.start.line;
    if (line >= oldUnitAt.size() || oldUnitAt[line] < 0) continue;  // outside the units: scanned anew
    const auto unit = scoped.oldUnits.begin() + oldUnitAt[line];
    if (scoped.touched.count(unit->name)) continue;  // scanned anew
    auto moved = newByKey.find(oldKeys[static_cast<size_t>(unit - scoped.oldUnits.begin())]);
    if (moved == newByKey.end()) return std::nullopt;  // cannot happen for an untouched test; be safe
    const TestUnit& to = *moved->second;
    const int64_t lines = to.firstLine - unit->firstLine;
    const int64_t bytes = int64_t(newStarts[static_cast<size_t>(to.firstLine)]) - oldStarts[static_cast<size_t>(unit->firstLine)];
    AssertionVersion w = v;
    auto& r = w.assertion.range;
    r.start.line = static_cast<uint32_t>(r.start.line + lines);
    r.end.line = static_cast<uint32_t>(r.end.line + lines);
    r.startByte = static_cast<uint32_t>(r.startByte + bytes);
    r.endByte = static_cast<uint32_t>(r.endByte + bytes);
    out.push_back(std::move(w));
  }
  // Source order, stably: positions are sorted and each record moved once (a record holds a
  // dozen strings; sorting the records moved each of them log n times).
  std::vector<std::pair<uint64_t, uint32_t>> order(out.size());
  for (size_t i = 0; i < out.size(); ++i) {
    const auto& start = out[i].assertion.range.start;
    order[i] = {uint64_t{start.line} << 32 | start.col, static_cast<uint32_t>(i)};
  }
  std::sort(order.begin(), order.end());  // the index breaks ties: stable
  std::vector<AssertionVersion> sorted;
  sorted.reserve(out.size());
  for (const auto& [position, i] : order) sorted.push_back(std::move(out[i]));
  return sorted;
}

}  // namespace oalens::miners
