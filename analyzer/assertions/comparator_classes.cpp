// Comparator classes of a C++ suite (comparator_classes.h).
#include "analyzer/assertions/comparator_classes.h"

#include <re2/re2.h>

#include <string>

#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/frontend/frontends.h"

namespace oalens::analyzer {

namespace {

// The call operator's parameters subtracted from each other somewhere in its body (`a - b`,
// `abs(abs(a) - abs(b))`), and a bound in what it returns (`return ratio <= eps;`).
bool comparesWithinABound(const FileModel& m, FunctionId op) {
  const Function& f = m.functions[op];
  if (f.params.size() != 2 || !m.source || f.range.endByte > m.source->size()) return false;
  const std::string a = RE2::QuoteMeta(std::string(f.params[0].name)), b = RE2::QuoteMeta(std::string(f.params[1].name));
  if (a.empty() || b.empty()) return false;
  // `std::abs(std::abs(a) - std::abs(b))`: a function, qualified or not, around each side.
  const RE2 difference("\\b" + a + "\\b\\)?\\s*-\\s*(?:[\\w:]+\\()?\\b" + b + "\\b|\\b" + b + "\\b\\)?\\s*-\\s*(?:[\\w:]+\\()?\\b" + a +
                       "\\b");
  const std::string_view body = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  if (!RE2::PartialMatch(re2::StringPiece(body.data(), body.size()), difference)) return false;
  for (StmtId s = f.firstStmt; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.range.startByte >= f.range.endByte) break;
    if (st.function != op || st.kind != StmtKind::Return || st.a == kNone) continue;
    const Expr& r = m.expr(st.a);
    const ExprId compare = r.kind == ExprKind::Other && r.childCount == 1 ? m.child(st.a, 0) : st.a;  // `return (x <= eps);`
    const Expr& c = m.expr(compare);
    if (c.kind == ExprKind::Compare && (c.text.find('<') != std::string_view::npos || c.text.find('>') != std::string_view::npos))
      return true;
  }
  return false;
}

// A class built without a constructor of its own, from its data members in order
// (`nearly_equal<T>{ratio, magnitude}`, cuGraph's): a member declared before the call operator, in
// the class's own text (`const T ratio;`, `T eps = 1e-5;`).
bool aggregateWithMembers(const FileModel& m, const ClassDef& c, FunctionId op) {
  const uint32_t from = c.range.startByte, to = m.functions[op].range.startByte;
  if (!m.source || to <= from || to > m.source->size()) return false;
  const std::string_view head = std::string_view(*m.source).substr(from, to - from);
  static const RE2 member(R"((?m)^\s*(?:(?:const|mutable)\s+)*[A-Za-z_][\w:]*(?:<[^;{}()]*>)?\s+[A-Za-z_]\w*\s*(?:=[^;{}]*)?;)");
  return RE2::PartialMatch(re2::StringPiece(head.data(), head.size()), member);
}

}  // namespace

void addComparatorClasses(const Project& project, Catalogue& wrappers) {
  for (const FileModel& m : project.files) {
    // Headers only: a class a test file defines is its own (range_checks' `WithinAbs`, read by
    // std::equal's comparator check), and names nothing another file calls (Catch2's `WithinAbs`).
    const std::string_view path = m.path;
    if (m.language != Language::Cpp || !isCppHeaderPath(path)) continue;
    for (ClassId k = 0; k < m.classes.size(); ++k) {
      const ClassDef& c = m.classes[k];
      bool built = false, constructed = false;
      FunctionId op = kNone;
      for (FunctionId f = 0; f < m.functions.size(); ++f) {
        if (m.functions[f].cls != k) continue;
        constructed |= m.functions[f].name == c.name;
        if (m.functions[f].name == c.name && !m.functions[f].params.empty()) built = true;
        if (m.functions[f].name == "operator()") op = f;
      }
      if (op == kNone || !comparesWithinABound(m, op)) continue;
      if (!built && (constructed || !aggregateWithMembers(m, c, op))) continue;
      ApiSpec w;
      w.language = Language::Cpp;
      w.discovered = true;
      w.comparator = true;
      w.id = cppQualified(c.qualifiedName);
      w.names = {c.qualifiedName};
      w.shortMatch = true;  // `CompareApprox<T>(tol)` under `using namespace MLCommon;` names it too
      w.kind = ApiKind::Predicate;
      w.category = Category::Abs;
      w.oa = true;
      w.params = {"a", "b", "eps"};
      w.actual = "a";
      w.expected = "b";
      w.tolerances = {{"atol", "eps"}};
      wrappers.add(std::move(w));
    }
  }
}

const ApiSpec* comparatorClassNamed(const Catalogue& wrappers, std::string_view writtenType) {
  const std::string dotted = cppDottedName(writtenType);
  const std::string_view last = lastDottedComponent(dotted);
  if (last.empty()) return nullptr;
  for (const ApiSpec* s : wrappers.allByShortName(last, Language::Cpp))
    if (s->comparator && std::ranges::any_of(s->names, [&](const std::string& n) { return endsWithDotted(n, dotted); })) return s;
  return nullptr;
}

}  // namespace oalens::analyzer
