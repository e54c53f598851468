#include "miners/walk/derived_versions.h"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "miners/gate/diff_scope.h"

namespace oalens::miners {

namespace {

// Each name's tests in order, so that the k-th test of a name (a redefined test) matches the
// k-th on the other side. Views into the units: no name is copied (a large file has thousands).
using UnitsByName = std::unordered_map<std::string_view, std::vector<const TestUnit*>>;

UnitsByName unitsByName(const std::vector<TestUnit>& units) {
  UnitsByName byName;
  byName.reserve(units.size());
  for (const TestUnit& u : units) byName[u.name].push_back(&u);
  return byName;
}

// The k of each unit: how many units of its name come before it.
std::vector<size_t> occurrenceOrdinals(const std::vector<TestUnit>& units) {
  std::unordered_map<std::string_view, size_t> seen;
  seen.reserve(units.size());
  std::vector<size_t> ordinals;
  ordinals.reserve(units.size());
  for (const TestUnit& u : units) ordinals.push_back(seen[u.name]++);
  return ordinals;
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
                                                                    TextLayout* oldLayout, TextLayout* newLayout,
                                                                    const CheckWords* checkWords) {
  if (oldText == newText) {  // a file renamed as it was
    const std::vector<AssertionVersion>* same = previous();
    if (!same) return std::nullopt;
    return *same;
  }
  ScopedPair scoped = scopeToChangedTests(oldText, newText, oldLayout, newLayout, checkWords);
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
    auto& r = v.range;
    r.startByte = static_cast<uint32_t>(newStarts[r.start.line] + r.start.col - 1);
    r.endByte = static_cast<uint32_t>(newStarts[r.end.line] + r.end.col - 1);
  }
  const std::vector<size_t> oldOrdinals = occurrenceOrdinals(scoped.oldUnits);
  const UnitsByName newByName = unitsByName(scoped.newUnits);
  const std::vector<int> oldUnitAt = firstUnitOfLine(scoped.oldUnits, scoped.oldStarts.size());
  for (const AssertionVersion& v : oldVersions) {
    const uint32_t line = v.range.start.line;
    if (line >= oldUnitAt.size() || oldUnitAt[line] < 0) continue;  // outside the units: scanned anew
    const auto unit = scoped.oldUnits.begin() + oldUnitAt[line];
    if (scoped.touched.count(unit->name)) continue;  // scanned anew
    const auto namesakes = newByName.find(unit->name);
    const size_t ordinal = oldOrdinals[static_cast<size_t>(unit - scoped.oldUnits.begin())];
    // Cannot happen for an untouched test; be safe.
    if (namesakes == newByName.end() || ordinal >= namesakes->second.size()) return std::nullopt;
    const TestUnit& to = *namesakes->second[ordinal];
    const int64_t lines = to.firstLine - unit->firstLine;
    const int64_t bytes = int64_t(newStarts[static_cast<size_t>(to.firstLine)]) - oldStarts[static_cast<size_t>(unit->firstLine)];
    AssertionVersion w = v;
    auto& r = w.range;
    r.start.line = static_cast<uint32_t>(r.start.line + lines);
    r.end.line = static_cast<uint32_t>(r.end.line + lines);
    r.startByte = static_cast<uint32_t>(r.startByte + bytes);
    r.endByte = static_cast<uint32_t>(r.endByte + bytes);
    out.push_back(std::move(w));
  }
  // Source order; ties (none expected) keep the scanned checks first.
  std::stable_sort(out.begin(), out.end(), [](const AssertionVersion& x, const AssertionVersion& y) {
    return std::tie(x.range.start.line, x.range.start.col) < std::tie(y.range.start.line, y.range.start.col);
  });
  return out;
}

}  // namespace oalens::miners
