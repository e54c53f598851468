#include "analyzer/assertions/discovered_entry.h"

#include <fmt/format.h>

#include <algorithm>

namespace oalens::analyzer {

// A parameter's default as the wrapper's default for a tolerance: its text, and its value as
// evaluated where the function is defined.
void takeParamDefault(const FileModel& m, const Function& f, const ToleranceResolver& resolver, ApiSpec& w, const std::string& kind,
                      ExprId def) {
  w.defaults[kind] = std::string(m.expr(def).text);
  w.ownDefaults.push_back(kind);
  if (ResolvedValue r = resolver.resolve(m, f.parent, f.firstStmt > 0 ? f.firstStmt - 1 : 0, def); r.value)
    w.defaultValues[kind] = *r.value;
}

ExprId paramDefault(const Function& f, std::string_view name) {
  for (const Param& p : f.params)
    if (p.name == name && p.defaultValue != kNone) return p.defaultValue;
  return kNone;
}

std::string cppQualified(std::string_view dotted) {
  std::string out;
  for (char c : dotted) {
    if (c == '.') out += "::";
    else out += c;
  }
  return out;
}

// A method declared @staticmethod: called through `self.f(a, b)` or `Cls.f(a, b)`, its first
// parameter is the first argument, not the object (Kornia's BaseTester.assert_close: with
// `actual` dropped as if it were `self`, the expected value was read as rtol).
bool isStaticMethod(const FileModel& m, const Function& f) {
  for (ExprId d : f.decorators) {
    const std::string_view text = m.expr(d).text;
    if (text == "staticmethod" || text.ends_with(".staticmethod")) return true;
  }
  return false;
}

namespace {

void appendSite(ApiSpec& w, std::string site) {
  if (std::find(w.checkSites.begin(), w.checkSites.end(), site) == w.checkSites.end()) w.checkSites.push_back(std::move(site));
}

void markLine(const FileModel& m, uint32_t line, const ApiSpec* inner, ApiSpec& w) {
  w.checkSites = {fmt::format("{}:{}", m.path, line)};
  if (inner && inner->discovered)
    for (const std::string& site : inner->checkSites) appendSite(w, site);
}

}  // namespace

void addCheckExpr(const FileModel& m, ExprId e, ApiSpec& w) {
  if (e != kNone && e < m.exprs.size()) appendSite(w, fmt::format("{}:{}", m.path, m.expr(e).range.start.line));
}

void markCheckSite(const FileModel& m, StmtId s, const ApiSpec* inner, ApiSpec& w) {
  if (s != kNone && s < m.stmts.size()) markLine(m, m.stmts[s].range.start.line, inner, w);
}

void markCheckExpr(const FileModel& m, ExprId e, const ApiSpec* inner, ApiSpec& w) {
  if (e != kNone && e < m.exprs.size()) markLine(m, m.expr(e).range.start.line, inner, w);
}

ApiSpec discoveredPredicate(const FileModel& m, const Function& f, StmtId s, Category category, std::string via) {
  ApiSpec w;
  w.kind = ApiKind::Predicate;
  w.oa = true;
  w.category = category;
  w.via = std::move(via);
  nameDiscovered(m, f, w);
  markCheckSite(m, s, nullptr, w);
  return w;
}

// The id, names and parameters a discovered API is called by.
void nameDiscovered(const FileModel& m, const Function& f, ApiSpec& w) {
  w.language = m.language;
  w.discovered = true;
  w.local = f.parent != kNone;
  const bool method = f.cls != kNone;
  if (m.language == Language::Cpp) {
    // No imports to resolve through: `ns::ExpectClose(...)` and `ExpectClose(...)` both name it.
    w.id = cppQualified(f.qualifiedName);
    w.definedIn = m.path;
    if (w.kind == ApiKind::Method) w.kind = ApiKind::Function;
    w.names = {f.qualifiedName};
    if (method) w.ownerClass = std::string(m.classes[f.cls].name);
    // A lambda is its file's: two files' `tests<T>()` may each define a `floatApprox` of their
    // own (marian-dev's rnn and operator tests, with different tolerances).
    if (w.local) {
      w.id += "@" + m.path;
      w.names.push_back(std::string(f.qualifiedName) + "@" + m.path);
    }
    w.shortMatch = true;
  } else {
    w.id = m.moduleName.empty() ? f.qualifiedName : m.moduleName + "." + f.qualifiedName;
    if (method) w.kind = ApiKind::Method;
    w.names = {method ? std::string(f.name) : w.id};
    // Suites import their helpers from a directory on sys.path (tests/unittests/_helpers as
    // `unittests._helpers`, src/pkg as `pkg`): the id's dotted suffixes name it too, down to
    // module.function.
    for (size_t dot = w.id.find('.'); !method && dot != std::string::npos; dot = w.id.find('.', dot + 1))
      if (w.id.find('.', dot + 1) != std::string::npos) w.names.push_back(w.id.substr(dot + 1));
  }
  const bool hasSelf = method && m.language == Language::Python && !isStaticMethod(m, f);
  for (size_t i = hasSelf ? 1 : 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    if (p.varArgs || p.kwArgs || p.keywordOnly) continue;
    w.params.emplace_back(p.name);
  }
}

// The first statement after the block of `head` (its nested statements, those of functions
// defined inside it included).
StmtId afterBlock(const FileModel& m, FunctionId fid, StmtId head, StmtId end) {
  StmtId e = head + 1;
  while (e < end && (m.stmts[e].function != fid || m.stmts[e].depth > m.stmts[head].depth)) ++e;
  return e;
}

}  // namespace oalens::analyzer
