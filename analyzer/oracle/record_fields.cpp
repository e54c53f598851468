#include "analyzer/oracle/record_fields.h"

#include <re2/re2.h>

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace {

// The names a namedtuple's field argument lists: `['x', 'y']`, `('x', 'y')`, `'x y'`, `'x, y'`,
// and `[('x', int), ('y', float)]` for typing.NamedTuple's functional form.
std::optional<std::vector<std::string>> fieldNames(const FileModel& m, ExprId spec) {
  const Expr& s = m.expr(spec);
  std::vector<std::string> out;
  if (s.kind == ExprKind::String) {
    const std::string text = unquoted(s.text);
    static const RE2 word(R"(([A-Za-z_]\w*))");
    re2::StringPiece rest(text);
    std::string name;
    while (RE2::FindAndConsume(&rest, word, &name)) out.push_back(name);
    return out.empty() ? std::nullopt : std::optional(out);
  }
  if (s.kind != ExprKind::List && s.kind != ExprKind::Tuple) return std::nullopt;
  for (uint32_t i = 0; i < s.childCount; ++i) {
    ExprId item = m.child(spec, i);
    if (m.expr(item).kind == ExprKind::Tuple && m.expr(item).childCount == 2) item = m.child(item, 0);
    if (m.expr(item).kind != ExprKind::String) return std::nullopt;
    out.push_back(unquoted(m.expr(item).text));
  }
  return out.empty() ? std::nullopt : std::optional(out);
}

// `x: float` or `x: float = 0.0` at a class body's level: its field name, or "".
std::string_view annotatedField(std::string_view text) {
  static const RE2 annotated(R"(^\s*([A-Za-z_]\w*)\s*:[^=])");
  re2::StringPiece name;
  if (!RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), annotated, &name)) return {};
  return {name.data(), name.size()};
}

// Whether the class at `c` is written as a record: a NamedTuple subclass, or decorated as a
// dataclass (the decorator lines just above the class line).
bool declaresRecord(const FileModel& m, ClassId c) {
  const ClassDef& cls = m.classes[c];
  for (ExprId base : cls.bases)
    if (lastDottedComponent(m.expr(base).text) == "NamedTuple") return true;
  if (!m.source || cls.range.startByte == 0) return false;
  std::string_view before = std::string_view(*m.source).substr(0, cls.range.startByte);
  // The lines of decorators right above `class`.
  for (int lines = 0; lines < 4 && !before.empty(); ++lines) {
    const size_t end = before.find_last_not_of(" \t\r\n");
    if (end == std::string_view::npos) break;
    before = before.substr(0, end + 1);
    const size_t start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    const std::string_view line = before.substr(start);
    const size_t at = line.find_first_not_of(" \t");
    if (at == std::string_view::npos || line[at] != '@') break;
    if (line.find("dataclass") != std::string_view::npos) return true;
    before = before.substr(0, start);
  }
  return false;
}

}  // namespace

std::optional<std::vector<std::string>> recordFields(const FileModel& m, std::string_view name) {
  if (m.language != Language::Python || name.empty()) return std::nullopt;
  for (ClassId c = 0; c < m.classes.size(); ++c) {
    if (m.classes[c].name != name || m.classes[c].parent != kNone || m.classes[c].enclosingFunction != kNone) continue;
    if (!declaresRecord(m, c)) return std::nullopt;
    std::vector<std::string> fields;
    for (const Stmt& st : m.stmts)
      if (st.cls == c && st.function == kNone && st.depth == 0)
        if (const std::string_view f = annotatedField(st.text); !f.empty() && !std::ranges::count(fields, std::string(f)))
          fields.emplace_back(f);
    return fields.empty() ? std::nullopt : std::optional(fields);
  }
  // `Rec = collections.namedtuple('Rec', ['x', 'y'])`, `Rec = NamedTuple('Rec', [('x', int)])`: the
  // module's first binding of the name (name_index.h), not a scan of every statement per read.
  if (const StmtId s = moduleLevelAssignment(m, name); s != kNone) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.b == kNone || m.expr(st.b).kind != ExprKind::Call) return std::nullopt;
    const CallArgs args = splitCall(m, st.b);
    const std::string_view maker = lastDottedComponent(m.expr(args.callee).text);
    if (maker != "namedtuple" && maker != "NamedTuple") return std::nullopt;
    ExprId spec = args.positional.size() >= 2 ? args.positional[1] : kNone;
    for (const auto& [keyword, value] : args.keywords)
      if (keyword == "field_names" || keyword == "fields") spec = value;
    return spec == kNone ? std::nullopt : fieldNames(m, spec);
  }
  return std::nullopt;
}

ExprId recordFieldArgument(const FileModel& m, ExprId call, const std::vector<std::string>& fields, std::string_view field) {
  const CallArgs args = splitCall(m, call);
  for (const auto& [keyword, value] : args.keywords)
    if (keyword == field) return value;
  if (args.hasStarArgs) return kNone;
  const auto at = std::ranges::find(fields, field);
  if (at == fields.end()) return kNone;
  const size_t position = static_cast<size_t>(at - fields.begin());
  return position < args.positional.size() ? args.positional[position] : kNone;
}

// The argument a call gives `helper`'s parameter `name`: by keyword, else by position (a
// method's `self` or `cls` skipped); kNone for `*args`, `**kwargs` or one left to its default.
ExprId argumentForParameter(const Function& helper, const CallArgs& args, std::string_view name) {
  for (const auto& [keyword, value] : args.keywords)
    if (keyword == name) return value;
  const size_t skip =
      helper.cls != kNone && !helper.params.empty() && (helper.params[0].name == "self" || helper.params[0].name == "cls") ? 1 : 0;
  for (size_t i = skip; i < helper.params.size(); ++i)
    if (helper.params[i].name == name)
      return !helper.params[i].varArgs && !helper.params[i].kwArgs && i - skip < args.positional.size() ? args.positional[i - skip] : kNone;
  return kNone;
}

// The argument of a call (`args`) that a function of its file returns updated by `_replace` (or as it
// is) at every return, the field asked for not among the updates; kNone otherwise.
static ExprId recordUpdatedBy(const FileModel& m, const CallArgs& args, std::string_view key) {
  const Expr& callee = m.expr(args.callee);
  const std::string dotted = dottedName(m, args.callee);
  const bool method = callee.kind == ExprKind::Attribute && dotted.rfind("self.", 0) == 0 && dotted.find('.', 5) == std::string::npos;
  if (callee.kind != ExprKind::Name && !method) return kNone;
  const std::string_view field = key.substr(1);
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& F = m.functions[f];
    if (F.name != callee.name || (method != (F.cls != kNone))) continue;
    std::string_view param;
    bool every = true, any = false;
    for (StmtId s = F.firstStmt; s < F.endStmt && every; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != f || st.kind != StmtKind::Return) continue;
      any = true;
      ExprId r = st.a;
      if (r == kNone) {
        every = false;
        break;
      }
      if (m.expr(r).kind == ExprKind::Call) {
        const CallArgs ra = splitCall(m, r);
        const Expr& rc = m.expr(ra.callee);
        if (rc.kind != ExprKind::Attribute || rc.name != "_replace" ||
            std::ranges::any_of(ra.keywords, [&](const auto& k) { return k.first == field; })) {
          every = false;
          break;
        }
        r = m.child(ra.callee, 0);
      }
      if (m.expr(r).kind != ExprKind::Name || (!param.empty() && m.expr(r).name != param)) {
        every = false;
        break;
      }
      param = m.expr(r).name;
    }
    return every && any && !param.empty() ? argumentForParameter(F, args, param) : kNone;
  }
  return kNone;
}

bool OriginTracer::traceRecordField(CallSite& c) const {
  if (c.m.language != Language::Python || c.key.size() < 2) return false;
  const std::string field = c.key.substr(1);
  const Expr& callee = c.m.expr(c.args.callee);
  // data._replace(decoded_x=...): the field given, or the record's own for the others (a `**`
  // of evaluated values, TF's `self.evaluate` of each field, moves the same values).
  // `state.replace(pos=...)` of a dataclass (Flax's and chex's structs): the same, given keywords only
  // (not `text.replace("a", "b")`).
  const bool structReplace = c.last == "replace" && c.args.positional.empty() && !c.args.keywords.empty() && !c.args.hasStarArgs;
  if ((c.last == "_replace" || structReplace) && callee.kind == ExprKind::Attribute && callee.childCount > 0) {
    for (const auto& [keyword, value] : c.args.keywords)
      if (keyword == field) {
        c.w.fieldSelected = true;
        traceExpr(c.w, c.m, c.fn, c.at, value, c.depth + 1);
        return true;
      }
    const std::string outer = std::exchange(c.w.selectKey, c.key);
    traceExpr(c.w, c.m, c.fn, c.at, c.m.child(c.args.callee, 0), c.depth + 1);
    c.w.selectKey = outer;
    return true;
  }
  if (callee.kind != ExprKind::Name && callee.kind != ExprKind::Attribute) return false;
  // `data = self.evaluate_test_data(data)` whose every return is `data._replace(...)` (not of this
  // field): the record handed in, updated; its field is the one given before.
  if (const ExprId handedIn = recordUpdatedBy(c.m, c.args, c.key); handedIn != kNone) {
    const std::string outer = std::exchange(c.w.selectKey, c.key);
    traceExpr(c.w, c.m, c.fn, c.at, handedIn, c.depth + 1);
    c.w.selectKey = outer;
    return c.w.fieldSelected;
  }
  const FileModel* file = &c.m;
  std::string_view className = lastDottedComponent(c.resolved.empty() ? c.dotted : c.resolved);
  if (c.viaImport && c.resolved.find('.') != std::string::npos)
    file = project_.moduleFile(std::string_view(c.resolved).substr(0, c.resolved.rfind('.')));
  if (!file) return false;
  const std::optional<std::vector<std::string>> fields = recordFields(*file, className);
  if (!fields) return false;
  const ExprId value = recordFieldArgument(c.m, c.e, *fields, field);
  if (value == kNone) return false;
  c.w.fieldSelected = true;
  c.w.out.evidence.push_back(fmt::format("`.{}` is the field given `{}` in {}(...)", field, c.m.expr(value).text.substr(0, 40), className));
  traceExpr(c.w, c.m, c.fn, c.at, value, c.depth + 1);
  return true;
}

void OriginTracer::traceArgumentsReadBy(CallSite& c, const FileModel& hm, FunctionId helper, size_t itemsBefore) const {
  std::vector<std::string> read;
  for (size_t i = itemsBefore; i < c.w.out.items.size(); ++i)
    if (const Origin& o = c.w.out.items[i]; o.kind == OriginKind::Data && o.parameter && !std::ranges::count(read, o.api))
      read.push_back(o.api);
  for (const std::string& name : read)
    if (const ExprId value = argumentForParameter(hm.functions[helper], c.args, name); value != kNone)
      traceExpr(c.w, c.m, c.fn, c.at, value, c.depth + 1);
}

}  // namespace oalens::analyzer
