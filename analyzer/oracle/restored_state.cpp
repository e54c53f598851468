// A state saved through one object holding it and restored through another (round_trip.h).
#include <fmt/format.h>
#include <re2/re2.h>

#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include "analyzer/core/words.h"
#include "analyzer/model/model_memo.h"
#include "analyzer/oracle/round_trip.h"

namespace oalens::analyzer {

std::optional<RoundTrip> restoredFromAnother(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone) return std::nullopt;
  // `checkpoint_1 = TestCheckpoint(module=module_1)`: an object holding one value of the test.
  static const RE2 holds(R"(^\s*([A-Za-z_]\w*)\s*=\s*[A-Za-z_][\w.]*\(\s*(?:[A-Za-z_]\w*\s*=\s*)?([A-Za-z_]\w*)\s*\)\s*$)");
  static const RE2 saving(R"(^\s*([A-Za-z_]\w*)\.(?:save|write)\w*\()");
  static const RE2 restoring(R"(^\s*([A-Za-z_]\w*)\.(?:restore|load|read)\w*\()");
  // The function's first save or restore call, found once per function: with none before the
  // check (a function of thousands of checks and no checkpoint) nothing is read again.
  const auto firstSaveOrRestore = [&] {
    for (StmtId s = m.functions[fn].firstStmt; s < m.functions[fn].endStmt && s < m.stmts.size(); ++s) {
      if (m.stmts[s].function != fn) continue;
      const re2::StringPiece text(m.stmts[s].text.data(), m.stmts[s].text.size());
      if (RE2::PartialMatch(text, saving) || RE2::PartialMatch(text, restoring)) return s;
    }
    return StmtId{kNone};
  };
  thread_local ModelMemo<std::unordered_map<FunctionId, StmtId>> memo;
  StmtId first = kNone;
  if (auto* known = memo.of(m)) {
    const auto [it, added] = known->try_emplace(fn, kNone);
    if (added) it->second = firstSaveOrRestore();
    first = it->second;
  } else {
    first = firstSaveOrRestore();
  }
  if (first == kNone || first >= at) return std::nullopt;
  std::map<std::string, std::string> holderOf;
  std::set<std::string> saved, restored;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
    if (m.stmts[s].function != fn) continue;
    const re2::StringPiece text(m.stmts[s].text.data(), m.stmts[s].text.size());
    std::string holder, held;
    if (RE2::FullMatch(text, holds, &holder, &held)) holderOf[holder] = held;
    if (RE2::PartialMatch(text, saving, &holder) && holderOf.count(holder)) saved.insert(holderOf[holder]);
    if (RE2::PartialMatch(text, restoring, &holder) && holderOf.count(holder)) restored.insert(holderOf[holder]);
  }
  const std::string actual = normalized(sides.actualText), expected = normalized(sides.expectedText);
  for (const std::string& from : saved)
    for (const std::string& to : restored) {
      if (from == to) continue;
      for (const bool swap : {false, true}) {
        const std::string& one = swap ? expected : actual;
        const std::string& other = swap ? actual : expected;
        if (!mentionsWord(one, from) || !mentionsWord(other, to)) continue;
        std::string replaced = one;
        RE2::GlobalReplace(&replaced, "\\b" + RE2::QuoteMeta(from) + "\\b", to);
        if (replaced != other) continue;
        RoundTrip trip;
        trip.swapSides = !swap;  // the side read after the restore is the CUT
        trip.type = "SCUT_SAME";
        trip.reason = fmt::format("the same computation on `{}`, saved, and on `{}`, restored from it", from, to);
        return trip;
      }
    }
  return std::nullopt;
}

}  // namespace oalens::analyzer
