#include "miners/gate/change_wide.h"

#include <re2/re2.h>

#include <algorithm>

namespace oalens::miners {

std::set<std::string> definedNames(const std::string& text) {
  static const RE2 def(R"((?m)^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*))");
  std::set<std::string> out;
  re2::StringPiece input(text);
  std::string name;
  while (RE2::FindAndConsume(&input, def, &name)) out.insert(name);
  return out;
}

std::vector<std::string> moduleNamesOf(const std::string& path) {
  if (!path.ends_with(".py")) return {};
  std::string dotted = path.substr(0, path.size() - 3);
  if (dotted.ends_with("/__init__")) dotted.resize(dotted.size() - 9);
  std::replace(dotted.begin(), dotted.end(), '/', '.');
  const size_t dot = dotted.rfind('.');
  std::vector<std::string> out{dotted};
  if (dot != std::string::npos) out.push_back(dotted.substr(dot + 1));
  return out;
}

bool importsAnyOf(const std::string& text, const std::set<std::string>& modules) {
  if (modules.empty()) return false;
  static const RE2 importLine(R"((?m)^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+([\w., \t()]+)|import[ \t]+([\w., \t]+)))");
  re2::StringPiece input(text);
  std::string from, names, plain;
  // "pkg.mod" names "src/pkg/mod.py" too (the module's path below a source root); a relative
  // ".mod" names any deleted module called mod.
  auto known = [&](const std::string& candidate) {
    if (candidate.starts_with(".")) {
      const std::string last = candidate.substr(candidate.find_last_of('.') + 1);
      return !last.empty() && modules.count(last) > 0;
    }
    for (const std::string& m : modules)
      if (m == candidate || (m.size() > candidate.size() && m.ends_with(candidate) && m[m.size() - candidate.size() - 1] == '.'))
        return true;
    return false;
  };
  while (RE2::FindAndConsume(&input, importLine, &from, &names, &plain)) {
    std::vector<std::string> candidates;
    auto split = [](const std::string& list) {
      std::vector<std::string> parts;
      std::string cur;
      for (char c : list + ",") {
        if (c == ',' || c == '(' || c == ')') {
          const size_t as = cur.find(" as ");
          std::string part = as == std::string::npos ? cur : cur.substr(0, as);
          part.erase(std::remove_if(part.begin(), part.end(), [](char ch) { return ch == ' ' || ch == '\t'; }), part.end());
          if (!part.empty()) parts.push_back(part);
          cur.clear();
        } else {
          cur += c;
        }
      }
      return parts;
    };
    if (!from.empty()) {
      candidates.push_back(from);
      for (const std::string& n : split(names)) candidates.push_back(from + "." + n);
    } else {
      for (const std::string& n : split(plain)) candidates.push_back(n);
    }
    for (const std::string& c : candidates)
      if (known(c)) return true;
  }
  return false;
}

namespace {

// Whether the compared expression calls a name the change removed: `f(x)`, `mod.f(x)`.
bool callsRemoved(const std::string& compared, const std::set<std::string>& removed) {
  static const RE2 call(R"(([A-Za-z_][A-Za-z0-9_]*)\s*\()");
  re2::StringPiece input(compared);
  std::string name;
  while (RE2::FindAndConsume(&input, call, &name))
    if (removed.count(name)) return true;
  return false;
}

}  // namespace

size_t dropExplainedDeletions(std::vector<GateFinding>& findings, const ChangeFacts& facts) {
  const size_t before = findings.size();
  std::erase_if(findings, [&](const GateFinding& f) {
    if (f.rule != "CH302") return false;
    if (facts.addedOa.count(f.assertionText) || (!f.comparedText.empty() && f.comparedText != "," && facts.addedOa.count(f.comparedText)))
      return true;  // moved
    if (facts.testsWithGoneCode.count(f.file)) return true;
    return callsRemoved(f.comparedText, facts.removedNames);
  });
  return before - findings.size();
}

}  // namespace oalens::miners
