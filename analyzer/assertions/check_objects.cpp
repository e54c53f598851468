// Helpers answering with an object whose truth is a check (check_objects.h).
#include "analyzer/assertions/check_objects.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/discovered_entry.h"

namespace oalens::analyzer {

namespace {

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `text` split at its commas outside brackets (`x, f(a, b), std::pair<int, float>{}` -> three
// parts), each trimmed; none for an empty text.
std::vector<std::string_view> topLevelParts(std::string_view text) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && (text[i] == '(' || text[i] == '<' || text[i] == '[')) ++depth;
    if (i < text.size() && (text[i] == ')' || text[i] == '>' || text[i] == ']')) --depth;
    if (i == text.size() || (text[i] == ',' && depth == 0)) {
      std::string_view a = text.substr(start, i - start);
      while (!a.empty() && std::isspace(static_cast<unsigned char>(a.front()))) a.remove_prefix(1);
      while (!a.empty() && std::isspace(static_cast<unsigned char>(a.back()))) a.remove_suffix(1);
      out.push_back(a);
      start = i + 1;
    }
  }
  if (out.size() == 1 && out.front().empty()) out.clear();
  return out;
}

// The names one member declaration declares (`T lhs` -> lhs; `float a, b` -> a, b; `int v[3]` -> v),
// none for a declaration of something else (a method, a type, a static or a friend).
void declaredMembers(std::string_view decl, std::vector<std::string_view>& out) {
  while (!decl.empty() && std::isspace(static_cast<unsigned char>(decl.front()))) decl.remove_prefix(1);
  // `public:` and the like before it.
  for (size_t colon = decl.find(':');
       colon != std::string_view::npos && colon + 1 < decl.size() && decl[colon + 1] != ':' && (colon == 0 || decl[colon - 1] != ':');
       colon = decl.find(':')) {
    decl.remove_prefix(colon + 1);
    while (!decl.empty() && std::isspace(static_cast<unsigned char>(decl.front()))) decl.remove_prefix(1);
  }
  if (decl.empty() || decl.find('(') != std::string_view::npos) return;
  for (std::string_view skip : {"using ", "typedef ", "static ", "friend ", "template", "enum ", "struct ", "class ", "union "})
    if (decl.starts_with(skip)) return;
  decl = decl.substr(0, std::min(decl.find('='), decl.size()));
  const std::vector<std::string_view> declarators = topLevelParts(decl);
  for (size_t d = 0; d < declarators.size(); ++d) {
    std::string_view part = declarators[d];
    part = part.substr(0, std::min(part.find('['), part.size()));
    while (!part.empty() && !isIdentifierChar(part.back())) part.remove_suffix(1);
    size_t begin = part.size();
    while (begin > 0 && isIdentifierChar(part[begin - 1])) --begin;
    // The first declarator carries the type (`T lhs`): a lone word there is a type, not a member.
    if (begin == part.size() || (d == 0 && part.substr(0, begin).find_first_not_of(" \t\n*&") == std::string_view::npos)) continue;
    if (std::isdigit(static_cast<unsigned char>(part[begin]))) continue;
    out.push_back(part.substr(begin));
  }
}

// The class of the file named `written` (its last component) that has an `operator bool`.
FunctionId truthOperatorOf(const FileModel& m, std::string_view written, ClassId& cls) {
  written = written.substr(written.rfind(':') == std::string_view::npos ? 0 : written.rfind(':') + 1);
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& fn = m.functions[f];
    if (fn.name == "operator bool" && fn.cls != kNone && m.classes[fn.cls].name == written) {
      cls = fn.cls;
      return f;
    }
  }
  return kNone;
}

std::string_view memberNamed(std::string_view text) {
  if (text.starts_with("this->")) text.remove_prefix(6);
  return text;
}

}  // namespace

bool definesTruthOperator(const FileModel& m) {
  return m.language == Language::Cpp && std::ranges::any_of(m.functions, [](const Function& g) { return g.name == "operator bool"; });
}

std::vector<std::string_view> memberOrder(const FileModel& m, const ClassDef& c) {
  std::vector<std::string_view> members;
  if (!m.source || c.range.endByte > m.source->size() || c.range.startByte >= c.range.endByte) return members;
  const std::string_view text = std::string_view(*m.source).substr(c.range.startByte, c.range.endByte - c.range.startByte);
  const size_t open = text.find('{');
  if (open == std::string_view::npos) return members;
  size_t declStart = open + 1;
  int paren = 0;
  for (size_t i = open + 1; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '(') ++paren;
    else if (ch == ')') --paren;
    else if (ch == '}' && paren == 0) break;  // the class's end
    else if (ch == '{' && paren == 0) {
      // A method's body (after its parameter list) ends the declaration; a braced initializer
      // (`T x{0};`) belongs to it.
      const bool body = text.substr(declStart, i - declStart).find(')') != std::string_view::npos;
      int depth = 1;
      size_t j = i + 1;
      for (; j < text.size() && depth > 0; ++j) depth += text[j] == '{' ? 1 : text[j] == '}' ? -1 : 0;
      if (body) declStart = j;
      i = j - 1;
    } else if (ch == ';' && paren == 0) {
      declaredMembers(text.substr(declStart, i - declStart), members);
      declStart = i + 1;
    }
  }
  return members;
}

namespace {

// `Cls<T, U>{x, y}` or `Cls(x, y)` anywhere in an answer: bare, or handed to a function that wraps
// it for the assertion macro's report. Calls `each(operator, class, arguments)` for each whose
// class of the file has an `operator bool`, until it answers true.
template <class Each>
void eachCheckObject(const FileModel& m, FunctionId fid, Each&& each) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.isTestCase || f.name == "operator bool") return;
  static const RE2 built(R"(((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*(?:<[^{}();]*>)?\s*[{(]([^{}()]*)[})])");
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    const std::string_view answer = m.expr(st.a).text;
    re2::StringPiece input(answer.data(), answer.size());
    std::string written, list;
    while (RE2::FindAndConsume(&input, built, &written, &list)) {
      ClassId cls = kNone;
      const FunctionId truth = truthOperatorOf(m, written, cls);
      if (truth != kNone && each(truth, cls, topLevelParts(list))) return;
    }
  }
}

}  // namespace

FunctionId checkObjectOperator(const FileModel& m, FunctionId fid) {
  FunctionId found = kNone;
  eachCheckObject(m, fid, [&](FunctionId truth, ClassId, const std::vector<std::string_view>&) {
    found = truth;
    return true;
  });
  return found;
}

std::optional<ApiSpec> checkObjectSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (f.params.size() < 2) return std::nullopt;
  std::optional<ApiSpec> spec;
  eachCheckObject(m, fid, [&](FunctionId truth, ClassId cls, const std::vector<std::string_view>& given) {
    const std::vector<std::string_view> members = memberOrder(m, m.classes[cls]);
    const Function& op = m.functions[truth];
    for (StmtId r = op.firstStmt; r < op.endStmt && r < m.stmts.size(); ++r) {
      const Stmt& ret = m.stmts[r];
      if (ret.function != truth || ret.kind != StmtKind::Return || ret.a == kNone || m.expr(ret.a).kind != ExprKind::Call) continue;
      const ApiSpec* inner = matcher.match(m, truth, ret.a).spec;
      if (!inner || !inner->oa || inner->negated || !inner->isPredicate() || inner->actual.empty() || inner->expected.empty()) continue;
      const CallArgs args = splitCall(m, ret.a);
      // The parameter of this helper filling the member the check reads for `param`.
      const auto sideParam = [&](std::string_view param) -> std::string_view {
        const ExprId v = argumentFor(m, *inner, args, param);
        if (v == kNone) return {};
        const auto at = std::ranges::find(members, memberNamed(m.expr(v).text));
        if (at == members.end() || static_cast<size_t>(at - members.begin()) >= given.size()) return {};
        const std::string_view arg = given[static_cast<size_t>(at - members.begin())];
        const bool isParam = std::ranges::any_of(f.params, [&](const Param& p) { return p.name == arg; });
        return isParam ? arg : std::string_view{};
      };
      const std::string_view actual = sideParam(inner->actual), expected = sideParam(inner->expected);
      if (actual.empty() || expected.empty() || actual == expected) continue;
      ApiSpec w;
      w.oa = true;
      w.category = inner->category;
      w.via = inner->via.empty() ? inner->id : inner->via;
      w.defaultDepends = inner->defaultDepends;
      w.dtypeDefaults = inner->dtypeDefaults;
      w.alwaysDepend = inner->alwaysDepend;
      nameDiscovered(m, f, w);
      w.kind = ApiKind::Predicate;
      markCheckExpr(m, ret.a, inner, w);
      w.actual = std::string(actual);
      w.expected = std::string(expected);
      // The check's tolerances are the operator's: the check's own defaults, unless written there.
      w.defaults = inner->defaults;
      w.defaultValues = inner->defaultValues;
      w.defaultsByDtype = inner->defaultsByDtype;
      w.ownDefaults = inner->ownDefaults;
      w.fixedTolerances = inner->fixedTolerances;
      for (const auto& [kind, innerParam] : inner->tolerances) {
        w.tolerances.emplace_back(kind, "");  // no caller gives it: the helper takes none
        const ExprId v = argumentFor(m, *inner, args, innerParam);
        if (v == kNone) continue;
        w.defaults[kind] = std::string(m.expr(v).text);
        w.defaultValues.erase(kind);
        if (const ResolvedValue rv = resolver.resolve(m, truth, r, v); rv.value) w.defaultValues[kind] = *rv.value;
        if (std::ranges::find(w.ownDefaults, kind) == w.ownDefaults.end()) w.ownDefaults.push_back(kind);
        if (std::ranges::find(w.fixedTolerances, kind) == w.fixedTolerances.end()) w.fixedTolerances.push_back(kind);
      }
      spec = std::move(w);
      return true;
    }
    return false;
  });
  return spec;
}

}  // namespace oalens::analyzer
