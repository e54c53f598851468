#include "analyzer/oracle/round_trip.h"

#include <re2/re2.h>

#include <vector>

namespace oalens::analyzer {

std::string handedName(std::string_view expressionText) {
  // Only what moves data: a device or dtype move, a copy, a detach, the tensor's storage.
  static const RE2 re(
      R"(([A-Za-z_][A-Za-z_0-9]*)(?:\.(?:data|T)|\.(?:detach|clone|cpu|cuda|numpy|contiguous|float|double|to)\([^()]*\))*)");
  const std::string text = normalized(expressionText);
  std::string name;
  if (!RE2::FullMatch(text, re, &name)) return {};
  if (name == "self" || name == "None" || name == "True" || name == "False") return {};
  return name;
}

bool takesAsArgument(const OriginSet& side, const std::string& name) {
  if (name.empty()) return false;
  for (const Origin& o : side.items) {
    // A shape or dtype taken from a value (`reshape_as(acq)`, `type_as(x)`) computes nothing from it.
    const std::string_view last = lastDottedComponent(o.api);
    if (!OriginTracer::computes(o) || isArrayMethod(o.api) || (last.size() > 3 && last.substr(last.size() - 3) == "_as")) continue;
    // Argument texts are normalized, each followed by a comma; a nested call's own arguments are
    // its own origin's, so only whole top-level arguments are compared.
    std::vector<std::string> parts(1);
    int nesting = 0;
    for (char c : o.args) {
      if (c == '(' || c == '[' || c == '{') ++nesting;
      if (c == ')' || c == ']' || c == '}') --nesting;
      if (c == ',' && nesting == 0) parts.emplace_back();
      else parts.back() += c;
    }
    // A lambda's parameters (`lambdai,y,v1,v2:...`) are its own names, not the values handed.
    bool parameters = false;
    for (const std::string& part : parts) {
      if (part.rfind("lambda", 0) == 0) parameters = true;
      if (!parameters && part == name) return true;
      if (part.find(':') != std::string::npos) parameters = false;
    }
  }
  return false;
}

bool sameBindingOf(const OriginSet& one, const OriginSet& other, const std::string& name) {
  const std::string suffix = ":" + name;
  const auto of = [&](const OriginSet& s) {
    std::set<std::string> found;
    for (const std::string& b : s.bindings)
      if (b.size() > suffix.size() && b.compare(b.size() - suffix.size(), suffix.size(), suffix) == 0) found.insert(b);
    return found;
  };
  // Equal sets: a name rebound from its own earlier value (R1 = decompose(essential(R1, ...)))
  // holds both bindings on one side and only the first on the other.
  return of(one) == of(other);
}

}  // namespace oalens::analyzer
