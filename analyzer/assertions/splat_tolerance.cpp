#include "analyzer/assertions/splat_tolerance.h"

#include <fmt/format.h>
#include <re2/re2.h>
#include <algorithm>

#include "analyzer/tolerance/comparable_text.h"

namespace oalens::analyzer {

namespace {

// An entry of a splatted dict set under an `if` holds only there: elsewhere the entry before it,
// or the default where there is none and nothing else can set the key; one set under an `else`
// holds there, the `if` branch giving its own entry or the default. For the comparison across
// versions (comparable_text.h) the tolerance then reads as that choice: `(5e-4 if self.dtype ==
// numpy.float16 else 1e-5)`. Where the dict is not closed (a base class made it), what holds
// otherwise is the splat itself, which no text compares with: `(5e-4 if ... else
// **self.check_forward_options)`. nullopt where the entry is set unconditionally or in another way.
std::optional<std::string> entryChoice(const FileModel& m, const SplatDict& dict, const SplatEntry& entry, std::string_view entryText,
                                       std::string_view defaultText, std::string_view splatText) {
  const std::string_view unset = dict.closed ? defaultText : splatText;
  if (entry.condition == kNone) return std::nullopt;
  const Stmt& c = m.stmts[entry.condition];
  const SplatEntry* before = nullptr;
  for (const SplatEntry& e : dict.entries)
    if (&e != &entry && e.key == entry.key && e.stmt < entry.stmt) before = &e;
  const auto textOf = [&](const SplatEntry& e) { return std::string(m.expr(e.value).text); };
  if (c.kind == StmtKind::If && !c.isElif && c.a != kNone) {
    std::string orElse;
    // The entry before it holds elsewhere: set unconditionally, or in the dict the `if` replaces
    // (splatDict marks those entries with the `if` too: they hold only when it is not taken).
    if (before && (before->condition == kNone || (before->condition == entry.condition && before->stmt < entry.condition)))
      orElse = textOf(*before);
    else if (!before) orElse = unset;
    if (orElse.empty()) return std::nullopt;
    return fmt::format("({} if {} else {})", entryText, m.expr(c.a).text, orElse);
  }
  if (c.kind == StmtKind::Else) {
    const StmtId ifStmt = previousSibling(m, entry.condition);
    if (ifStmt == kNone || m.stmts[ifStmt].kind != StmtKind::If || m.stmts[ifStmt].isElif || m.stmts[ifStmt].a == kNone)
      return std::nullopt;
    std::string inIf;
    if (before && before->condition == ifStmt) inIf = textOf(*before);
    else if (!before) inIf = unset;
    if (inIf.empty()) return std::nullopt;
    return fmt::format("({} if {} else {})", inIf, m.expr(m.stmts[ifStmt].a).text, entryText);
  }
  return std::nullopt;
}

// `**dtype_tols(dtype)`, or `tols = dtype_tols(dtype)` then `**tols` (TransformerEngine's tests): a
// helper's table picked by an argument that is a name of the test chosen at run time (`dtype`,
// `self.device`), not a dtype written out (`dtype_tols(torch.float16)`: that entry, customized).
bool pickedByARunTimeArgument(const FileModel& m, const Assertion& a, std::string_view splatValue) {
  std::string_view call = splatValue;
  if (call.find('(') == std::string_view::npos && a.functionId != kNone) {
    const Function& f = m.functions[a.functionId];
    for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size() && s < a.stmt; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function == a.functionId && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone &&
          m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == splatValue && m.expr(st.b).kind == ExprKind::Call)
        call = m.expr(st.b).text;
    }
  }
  const size_t open = call.find('('), close = call.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close <= open) return false;
  static const RE2 runTimeName(R"(\s*((?:self\.)?[A-Za-z_]\w*)\s*)");
  const std::string_view inside = call.substr(open + 1, close - open - 1);
  for (size_t from = 0; from <= inside.size();) {
    const size_t comma = std::min(inside.find(',', from), inside.size());
    const std::string_view part = inside.substr(from, comma - from);
    std::string name;
    if (RE2::FullMatch(re2::StringPiece(part.data(), part.size()), runTimeName, &name) && ToleranceResolver::mentionsRuntimeChoice(name))
      return true;
    from = comma + 1;
  }
  return false;
}

// `def _test(self, ..., fwd_thresholds=dict(rtol=None, atol=None))` checking with
// `**fwd_thresholds` (Apex's layer-norm tests): a parameter of the function the check is in, which
// each caller fills.
bool aParameter(const FileModel& m, const Assertion& a, std::string_view splatValue) {
  if (a.functionId == kNone) return false;
  const auto& params = m.functions[a.functionId].params;
  return std::any_of(params.begin(), params.end(), [&](const Param& p) { return p.name == splatValue; });
}

// `tols = {"rtol": None, "atol": None} if dtype == torch.half else bf16_tols`, then `**tols`:
// one of two dicts, by a condition chosen at run time.
bool chosenByARunTimeCondition(const FileModel& m, const Assertion& a, std::string_view splatValue) {
  if (a.functionId == kNone) return false;
  const Function& f = m.functions[a.functionId];
  ExprId value = kNone;
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size() && s < a.stmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == a.functionId && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone &&
        m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == splatValue)
      value = st.b;
  }
  if (value == kNone || m.expr(value).kind != ExprKind::Conditional || m.childCount(value) < 2) return false;
  return ToleranceResolver::mentionsRuntimeChoice(m.expr(m.child(value, 1)).text);
}

}  // namespace

std::optional<Tolerance> toleranceFromSplat(const FileModel& m, const Assertion& a, const ToleranceResolver& resolver,
                                            std::string_view splatValue, const std::optional<SplatDict>& dict, const std::string& kind,
                                            const std::string& param, const std::string& defaultText, std::string& note) {
  const std::string splat = fmt::format("**{}", splatValue);
  if (const SplatEntry* entry = dict ? dict->find(param) : nullptr) {
    const FunctionId scope = dict->scope == kNone ? a.functionId : dict->scope;
    ResolvedValue r = resolver.resolve(m, scope, entry->stmt, entry->value);
    if (r.provenance == Provenance::Literal) r.provenance = Provenance::Constant;  // named, as a bound name is
    std::string where = fmt::format("set by `{}`", splat);
    if (scope != a.functionId) where += fmt::format(" in {}", m.functions[scope].qualifiedName);
    if (entry->condition != kNone) {
      const Stmt& c = m.stmts[entry->condition];
      std::string_view head = c.text.substr(0, c.text.find(':'));
      where += fmt::format(" under `{}`", head);
      // An `else` is chosen by its `if`'s condition.
      if (const StmtId ifStmt = c.kind == StmtKind::Else ? previousSibling(m, entry->condition) : kNone;
          ifStmt != kNone && m.stmts[ifStmt].kind == StmtKind::If) {
        head = m.stmts[ifStmt].text.substr(0, m.stmts[ifStmt].text.find(':'));
        where += fmt::format(" of `{}`", head);
      }
      if (dict->count(param) == 1)
        where += !dict->closed         ? fmt::format("; `{}` may set it otherwise", splat)
                 : defaultText.empty() ? std::string("; not set otherwise")
                                       : fmt::format("; the default is {} otherwise", defaultText);
      if (ToleranceResolver::mentionsRuntimeChoice(head)) r.provenance = Provenance::Depend;
    }
    Tolerance t{kind, std::string(m.expr(entry->value).text), r.value, r.provenance,
                r.note.empty() ? where : fmt::format("{}; {}", where, r.note)};
    attachComparableText(t, m, scope, entry->stmt, entry->value);
    if (std::optional<std::string> choice = entryChoice(m, *dict, *entry, t.comparableText(), defaultText, splat)) t.comparable = *choice;
    return t;
  }
  if (dict && dict->closed) {
    note += fmt::format("; `{}` does not set it", splat);
    return std::nullopt;
  }
  // **tolerance[dtype]: an entry of a table chosen at run time (geoopt's tests key theirs by the
  // dtype fixture) depends on that choice, whatever the table holds.
  const size_t key = splatValue.find('[');
  const bool chosenAtRunTime = (key != std::string_view::npos && ToleranceResolver::mentionsRuntimeChoice(splatValue.substr(key))) ||
                               pickedByARunTimeArgument(m, a, splatValue);
  if (!chosenAtRunTime && aParameter(m, a, splatValue))
    return Tolerance{kind, splat, std::nullopt, Provenance::Depend,
                     fmt::format("`{}` is a parameter: each caller may set it; the default is {} otherwise", splat, defaultText)};
  if (!chosenAtRunTime && chosenByARunTimeCondition(m, a, splatValue))
    return Tolerance{kind, splat, std::nullopt, Provenance::Depend,
                     fmt::format("`{}` is one of two dicts, chosen at run time; the default is {} otherwise", splat, defaultText)};
  return Tolerance{kind, splat, std::nullopt, chosenAtRunTime ? Provenance::Depend : Provenance::Unresolved,
                   fmt::format("`{}` may set it; the default is {} otherwise", splat, defaultText)};
}

}  // namespace oalens::analyzer
