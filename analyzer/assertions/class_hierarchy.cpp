#include "analyzer/assertions/class_hierarchy.h"

#include <cctype>
#include <set>

#include "analyzer/scan/project.h"

namespace oalens::analyzer {

std::string_view ClassHierarchy::plainName(std::string_view written) {
  written = written.substr(0, std::min(written.find('<'), written.size()));
  while (!written.empty() && std::isspace(static_cast<unsigned char>(written.back()))) written.remove_suffix(1);
  if (const size_t colon = written.rfind("::"); colon != std::string_view::npos) written.remove_prefix(colon + 2);
  return written;
}

ClassHierarchy::ClassHierarchy(const Project& project) : project_(&project) {
  for (const FileModel& m : project.files) {
    if (m.language != Language::Cpp) continue;
    for (const ClassDef& c : m.classes) {
      std::vector<std::string>& up = parents_[std::string(c.name)];
      for (ExprId b : c.bases) up.emplace_back(plainName(m.expr(b).text));
    }
    for (const auto& [alias, target] : m.typeAliases) parents_[std::string(alias)].emplace_back(plainName(target));
  }
}

bool ClassHierarchy::mayDeriveFrom(std::string_view from, std::string_view owner) const {
  if (from == owner) return true;
  if (!parents_.count(std::string(from))) return true;
  std::vector<std::string> pending{std::string(from)};
  std::set<std::string> seen;
  while (!pending.empty()) {
    const std::string c = std::move(pending.back());
    pending.pop_back();
    if (!seen.insert(c).second) continue;
    if (c == owner) return true;
    const auto up = parents_.find(c);
    if (up == parents_.end()) {
      // GoogleTest's and the standard library's classes derive from no suite class; a name the
      // project does not define and that reads as a template parameter may be any class.
      const bool parameterLike = c.size() <= 2 || c == "Base" || c == "Parent" || c == "Derived";
      if (parameterLike) return true;
      continue;
    }
    for (const std::string& p : up->second) pending.push_back(p);
  }
  return false;
}

std::vector<std::string> ClassHierarchy::ancestorsOf(std::string_view cls) const {
  std::vector<std::string> out;
  std::set<std::string> seen{std::string(cls)};
  std::string current(cls);
  // Breadth first: a nearer base's method is tried before a farther one's.
  for (size_t next = 0;; ++next) {
    if (const auto up = parents_.find(current); up != parents_.end())
      for (const std::string& p : up->second)
        if (seen.insert(p).second) out.push_back(p);
    if (next >= out.size()) break;
    current = out[next];
  }
  return out;
}

}  // namespace oalens::analyzer
