#include "analyzer/oracle/round_trip.h"

#include <re2/re2.h>

#include <cctype>
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

bool readsBack(const OriginSet& side) {
  static const RE2 reading(
      R"((^|\.)(load|loads|load_state_dict|load_weights|load_model|restore|from_file|read_pickle|unpickle|deserialize)$)");
  for (const Origin& o : side.items)
    if ((o.kind == OriginKind::LibCall || o.kind == OriginKind::OtherLib || o.kind == OriginKind::Data) &&
        RE2::PartialMatch(o.api, reading))
      return true;
  return false;
}

std::vector<std::string> storedBefore(const FileModel& m, FunctionId fn, StmtId at) {
  static const RE2 storing(
      R"((?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*\.)?(?:save|dump|dumps|save_weights|save_model|serialize|to_file|export)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)?)");
  std::vector<std::string> stored;
  if (fn == kNone) return stored;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
    if (m.stmts[s].function != fn) continue;
    re2::StringPiece text(m.stmts[s].text.data(), m.stmts[s].text.size());
    std::string owner, first;
    while (RE2::FindAndConsume(&text, storing, &owner, &first)) {
      if (!first.empty()) stored.push_back(first);
      // `model.save(dir)` stores the model; `torch.save(p, f)` and `pickle.dump(x, f)` their argument.
      if (!owner.empty()) stored.push_back(owner.substr(0, owner.size() - 1));
    }
  }
  return stored;
}

bool onlyWrapsData(const OriginSet& side) {
  for (const Origin& o : side.items) {
    if (!OriginTracer::computes(o)) continue;
    const std::string_view last = lastDottedComponent(o.api);
    if (last.empty() || !std::isupper(static_cast<unsigned char>(last[0]))) return false;
  }
  return true;
}

}  // namespace oalens::analyzer
