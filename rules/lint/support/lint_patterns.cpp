#include "rules/lint/support/lint_patterns.h"

#include "analyzer/frontend/notebook.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyzer/scan/project.h"

namespace oalens::rules {

using analyzer::ExprKind;
using analyzer::kNone;
using analyzer::Stmt;
using analyzer::StmtKind;

StmtId blockEnd(const FileModel& m, StmtId s) {
  StmtId t = s + 1;
  while (t < m.stmts.size() && analyzer::holdsStatement(m, s, t)) ++t;
  return t;
}

StmtSpan scopeOf(const FileModel& m, StmtId s) {
  const analyzer::FunctionId f = m.stmts[s].function;
  if (f != kNone) return {m.functions[f].firstStmt, m.functions[f].endStmt};
  return {0, static_cast<StmtId>(m.stmts.size())};
}

StmtId enclosingLoop(const FileModel& m, StmtId s) {
  for (StmtId p = m.stmts[s].parent; p != kNone; p = m.stmts[p].parent) {
    if (m.stmts[p].kind == StmtKind::For || m.stmts[p].kind == StmtKind::While) return p;
    if (m.stmts[p].kind == StmtKind::FunctionDef || m.stmts[p].kind == StmtKind::ClassDef) return kNone;
  }
  return kNone;
}

std::vector<StmtId> enclosingLoops(const FileModel& m, StmtId s) {
  std::vector<StmtId> out;
  for (StmtId l = enclosingLoop(m, s); l != kNone; l = enclosingLoop(m, l)) out.push_back(l);
  return out;
}

void forEachCall(const FileModel& m, StmtId first, StmtId end, const std::function<void(ExprId, StmtId)>& fn) {
  for (StmtId s = first; s < end && s < m.stmts.size(); ++s)
    for (ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr && e < m.exprs.size(); ++e)
      if (m.exprs[e].kind == ExprKind::Call) fn(e, s);
}

ExprId methodObject(const FileModel& m, ExprId call, std::string_view name) {
  if (call == kNone || m.expr(call).kind != ExprKind::Call) return kNone;
  const ExprId callee = m.child(call, 0);
  if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute || m.expr(callee).name != name) return kNone;
  return m.child(callee, 0);
}

bool isMethodCall(const FileModel& m, ExprId call, std::string_view name) { return methodObject(m, call, name) != kNone; }

std::string_view receiverRoot(const FileModel& m, ExprId object) {
  while (object != kNone && m.expr(object).kind == ExprKind::Call) {
    const ExprId callee = m.child(object, 0);
    if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute) break;
    object = m.child(callee, 0);
  }
  return object == kNone ? std::string_view{} : m.expr(object).text;
}

bool namesImport(const FileModel& m, ExprId object, StmtId at) {
  const std::string dotted = analyzer::dottedName(m, object);
  if (dotted.empty()) return false;
  bool throughImport = false;
  analyzer::resolveDotted(m, at == kNone ? kNone : m.stmts[at].function, dotted, &throughImport);
  return throughImport;
}

bool isTensorBackward(const FileModel& m, ExprId call) {
  const ExprId object = methodObject(m, call, "backward");
  return object != kNone && m.expr(object).text.find("autograd") == std::string_view::npos;
}

std::string_view calleeLastName(const FileModel& m, ExprId call) {
  if (call == kNone || m.expr(call).kind != ExprKind::Call) return {};
  const ExprId callee = m.child(call, 0);
  if (callee == kNone) return {};
  const auto& c = m.expr(callee);
  if (c.kind == ExprKind::Attribute || c.kind == ExprKind::Name) return c.name;
  return {};
}

std::string resolvedCallee(const FileModel& m, ExprId call, StmtId at) {
  if (call == kNone || m.expr(call).kind != ExprKind::Call) return {};
  const std::string dotted = analyzer::dottedName(m, m.child(call, 0));
  if (dotted.empty()) return {};
  return analyzer::resolveDotted(m, at == kNone ? kNone : m.stmts[at].function, dotted);
}

bool calleeIs(const FileModel& m, ExprId call, StmtId at, std::initializer_list<std::string_view> names) {
  const std::string callee = resolvedCallee(m, call, at);
  if (callee.empty()) return false;
  for (std::string_view n : names) {
    if (callee == n) return true;
    if (callee.size() > n.size() && callee.compare(callee.size() - n.size(), n.size(), n) == 0 &&
        callee[callee.size() - n.size() - 1] == '.')
      return true;
  }
  return false;
}

ExprId firstArgument(const FileModel& m, ExprId call) {
  const analyzer::CallArgs args = analyzer::splitCall(m, call);
  return args.positional.empty() ? kNone : args.positional.front();
}

ExprId keywordArgument(const FileModel& m, ExprId call, std::string_view keyword) {
  for (const auto& [name, value] : analyzer::splitCall(m, call).keywords)
    if (name == keyword) return value;
  return kNone;
}

ExprId lastAssignedValue(const FileModel& m, std::string_view name, StmtId before) {
  const StmtSpan scope = scopeOf(m, before);
  for (StmtId s = before; s-- > scope.first;) {
    const analyzer::Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.function != m.stmts[before].function || st.a == kNone) continue;
    const auto& target = m.expr(st.a);
    if (target.kind == ExprKind::Name && target.name == name) return st.b;
  }
  return kNone;
}

bool namesHeldOutData(std::string_view name) {
  std::vector<std::string> parts;
  std::string part;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool split = c == '_' || c == '.' || c == '[' || c == ']' || c == '"' || c == '\'' ||
                       (std::isupper(static_cast<unsigned char>(c)) && i > 0 && std::islower(static_cast<unsigned char>(name[i - 1])));
    if (split && !part.empty()) parts.push_back(part), part.clear();
    if (std::isalnum(static_cast<unsigned char>(c))) part += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!part.empty()) parts.push_back(part);
  for (const std::string& p : parts)
    if (p == "test" || p == "val" || p == "valid" || p == "validation" || p == "holdout" || p == "eval" || p == "dev") return true;
  return false;
}

bool measuresTime(std::string_view text) {
  static const RE2 timing(R"((?i)time|start|elapsed|\bt0\b|\bt1\b|perf_counter|monotonic|clock|duration|deadline|timeout|began)");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), timing);
}

bool measuresTime(const FileModel& m, ExprId e) { return e != kNone && measuresTime(m.expr(e).text); }

namespace {
// A script exported from a notebook (`jupyter nbconvert --to script`) marks each cell with a
// `# In[12]:` line: a top-level statement followed by such a line, or by the end of the file,
// before the next top-level statement was its cell's last.
bool lastOfAnExportedCell(const FileModel& m, StmtId s) {
  const std::string& text = *m.source;
  if (text.find("\n# In[") == std::string::npos) return false;
  StmtId next = s + 1;
  while (next < m.stmts.size() && !(m.stmts[next].parent == kNone && m.stmts[next].function == kNone)) ++next;
  if (next < m.stmts.size() && !analyzer::pointsInto(m.stmts[next].text, text)) return false;
  const size_t from = static_cast<size_t>(m.stmts[s].text.data() + m.stmts[s].text.size() - text.data());
  const size_t to = next < m.stmts.size() ? static_cast<size_t>(m.stmts[next].text.data() - text.data()) : text.size();
  if (from > to || to > text.size()) return false;
  return next >= m.stmts.size() || std::string_view(text).substr(from, to - from).find("\n# In[") != std::string_view::npos;
}
}  // namespace

bool displayedByTheNotebook(const FileModel& m, StmtId s) {
  if (s >= m.stmts.size() || m.stmts[s].parent != kNone || m.stmts[s].function != kNone) return false;
  if (!m.notebook) return m.source && analyzer::pointsInto(m.stmts[s].text, *m.source) && lastOfAnExportedCell(m, s);
  const uint32_t line = m.stmts[s].range.start.line;
  for (const auto& [first, last] : m.notebook->cellSpans) {
    if (line < first || line > last) continue;
    for (StmtId t = s + 1; t < m.stmts.size(); ++t)
      if (m.stmts[t].parent == kNone && m.stmts[t].function == kNone && m.stmts[t].range.start.line <= last) return false;
    return true;
  }
  return false;
}

int countIdentifier(std::string_view text, std::string_view word) {
  const auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  int n = 0;
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1))
    n += (at == 0 || !isIdent(text[at - 1])) && (at + word.size() >= text.size() || !isIdent(text[at + word.size()]));
  return n;
}

bool mentionsIdentifier(std::string_view text, std::string_view word) { return countIdentifier(text, word) > 0; }

bool reachesTrainTestSplit(const FileModel& m, StmtId at, std::vector<std::string_view> names) {
  const Stmt& st = m.stmts[at];
  const StmtSpan scope = scopeOf(m, at);
  bool split = false;
  for (StmtId s = at + 1; s < scope.end && !split; ++s) {
    const Stmt& later = m.stmts[s];
    if (later.function != st.function) continue;
    forEachCall(m, s, s + 1, [&](ExprId c, StmtId) {
      if (calleeLastName(m, c) != "train_test_split") return;
      for (std::string_view n : names) split |= mentionsIdentifier(m.expr(c).text, n);
    });
    if (later.kind != StmtKind::Assign || later.a == kNone || later.b == kNone || m.expr(later.a).kind != ExprKind::Name) continue;
    const std::string_view target = m.expr(later.a).name;
    const bool carries =
        std::any_of(names.begin(), names.end(), [&](std::string_view n) { return mentionsIdentifier(m.expr(later.b).text, n); });
    if (carries) names.push_back(target);
    else std::erase(names, target);
  }
  return split;
}

}  // namespace oalens::rules
