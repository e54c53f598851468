#include "analyzer/oracle/reading_snapshot.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <string>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

struct Reading {
  std::string function, object;
};

// `get_signature(model)`: a function defined in this file, called on one plain name.
std::optional<Reading> readingOf(const FileModel& m, const std::string& text) {
  static const RE2 call(R"(([A-Za-z_][A-Za-z0-9_]*)\(([A-Za-z_][A-Za-z0-9_]*)\))");
  Reading r;
  if (!RE2::FullMatch(text, call, &r.function, &r.object) || r.object == "self") return std::nullopt;
  const bool defined = std::ranges::any_of(m.functions, [&](const Function& f) { return f.name == r.function && f.cls == kNone; });
  if (!defined) return std::nullopt;
  return r;
}

}  // namespace

std::optional<RoundTrip> readingBeforeCallsOnItsObject(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  for (const bool oracleIsSnapshot : {true, false}) {
    const std::string name = handedName(oracleIsSnapshot ? sides.expectedText : sides.actualText);
    const std::string later = normalized(oracleIsSnapshot ? sides.actualText : sides.expectedText);
    if (name.empty()) continue;
    const std::optional<Reading> reading = readingOf(m, later);
    if (!reading || reading->object == name) continue;
    const StmtId bound = localBindingStmt(m, fn, at, name);
    if (bound == kNone || m.stmts[bound].kind != StmtKind::Assign || m.stmts[bound].b == kNone ||
        normalized(m.expr(m.stmts[bound].b).text) != later)
      continue;
    // In between: the object handed to a call (not a check) or a part of it set, and neither name
    // bound anew.
    static const RE2 check(R"((?i)(^|\.)(assert|check|expect|verify)\w*$)");
    bool handed = false, rebound = false;
    for (StmtId s = bound + 1; s < at && s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.a == kNone) continue;
      const std::string_view text = m.expr(st.a).text;
      // A part of the object set (`model.class_name = "random"`) changes it as a call does.
      if (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::For)
        for (const std::string& target : topLevelArguments(normalized(text))) {
          if (target == reading->object || mentionsWord(target, name)) rebound = true;
          else if (mentionsWord(target, reading->object)) handed = true;
        }
      if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
        const std::string callee(m.expr(m.child(st.a, 0)).text);
        const std::string_view arguments = text.substr(std::min(callee.size(), text.size()));
        if (!RE2::PartialMatch(callee, check) && mentionsWord(arguments, reading->object)) handed = true;
      }
    }
    if (!handed || rebound) continue;
    RoundTrip trip;
    trip.swapSides = !oracleIsSnapshot;
    trip.type = "D";
    trip.reason = fmt::format("the oracle `{}` is the reading `{}` the test took at line {}, before calls it handed `{}` to", name, later,
                              m.stmts[bound].range.start.line, reading->object);
    return trip;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
