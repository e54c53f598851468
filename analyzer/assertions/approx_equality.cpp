// Classes whose operator== compares within a tolerance (approx_equality.h).
#include "analyzer/assertions/approx_equality.h"

#include <re2/re2.h>

#include <string>

#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

namespace {

// The bound of `abs(x - other.x) < tol` in an equality operator's body, where one side of the
// difference reads `other` (the parameter): its text, empty when there is none.
std::string memberBound(const FileModel& m, const Function& f, std::string_view other) {
  if (!m.source || f.range.endByte > m.source->size() || other.empty()) return {};
  const std::string_view body = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  // fabsf(score - other.score) < 1e-5, std::abs(a.w - b.w) <= kEps
  const RE2 bounded(R"((?:std::)?f?abs[fl]?\s*\(\s*([\w.>\-]+)\s*-\s*([\w.>\-]+)\s*\)\s*<=?\s*([\w.+\-]+))");
  re2::StringPiece input(body.data(), body.size());
  std::string left, right, bound;
  while (RE2::FindAndConsume(&input, bounded, &left, &right, &bound)) {
    const auto reads = [&](const std::string& side) {
      return side.starts_with(std::string(other) + ".") || side.starts_with(std::string(other) + "->");
    };
    if (reads(left) || reads(right)) return bound;
  }
  return {};
}

}  // namespace

void addApproxEqualityClasses(const Project& project, Catalogue& wrappers) {
  for (const FileModel& m : project.files) {
    if (m.language != Language::Cpp) continue;
    for (const Function& f : m.functions) {
      if (f.name != "operator==" || f.isMacro) continue;
      // A method compares its object with its one parameter; a free operator its two parameters.
      std::string_view other;
      const ClassDef* cls = nullptr;
      if (f.cls != kNone && f.params.size() == 1) {
        other = f.params[0].name;
        cls = &m.classes[f.cls];
      } else if (f.cls == kNone && f.params.size() == 2 && f.params[0].type == f.params[1].type) {
        other = f.params[1].name;
        for (const ClassDef& c : m.classes)
          if (c.name == lastDottedComponent(cppDottedName(f.params[1].type))) cls = &c;
      }
      if (!cls) continue;
      const std::string bound = memberBound(m, f, other);
      if (bound.empty()) continue;
      ApiSpec w;
      w.language = Language::Cpp;
      w.discovered = true;
      w.equalityOperator = true;
      w.id = cppQualified(cls->qualifiedName) + "::operator==";
      w.names = {cls->qualifiedName};
      w.shortMatch = true;
      w.definedIn = m.path;
      w.kind = ApiKind::Predicate;
      w.category = Category::Abs;
      w.oa = true;
      w.params = {"a", "b"};
      w.actual = "a";
      w.expected = "b";
      w.tolerances = {{"atol", ""}};
      w.defaults["atol"] = bound;
      w.ownDefaults.push_back("atol");
      if (const std::optional<double> v = ToleranceResolver::parseNumber(bound)) w.defaultValues["atol"] = *v;
      w.checkSites.push_back(m.path + ":" + std::to_string(f.range.start.line));
      wrappers.add(std::move(w));
    }
  }
}

std::string builtClassName(std::string_view text) {
  while (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    text.remove_prefix(1);
    text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  }
  static const RE2 built(R"(((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*(?:<[^{}()]*>)?\s*[{(][\s\S]*[})])");
  std::string type;
  if (!RE2::FullMatch(re2::StringPiece(text.data(), text.size()), built, &type)) return {};
  return type;
}

const ApiSpec* approxEqualityBuilt(const FileModel& m, const Catalogue& wrappers, ExprId e) {
  if (e == kNone) return nullptr;
  const std::string type = builtClassName(m.expr(e).text);
  if (type.empty()) return nullptr;
  const std::string dotted = cppDottedName(type);
  for (const ApiSpec* s : wrappers.allByShortName(lastDottedComponent(dotted), Language::Cpp))
    if (s->equalityOperator && std::ranges::any_of(s->names, [&](const std::string& n) { return endsWithDotted(n, dotted); })) return s;
  return nullptr;
}

}  // namespace oalens::analyzer
