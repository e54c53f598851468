#include "analyzer/scan/project.h"

#include <algorithm>
#include <unordered_set>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

void Project::buildIndex() {
  byModule_.clear();
  byPath_.clear();
  cppByBasename_.clear();
  // The directories known to be packages: those holding a scanned __init__.py.
  std::unordered_set<std::string_view> packageDirs;
  for (const FileModel& f : files) {
    const std::string_view path = f.path;
    if (f.language == Language::Python && isPackageInit(path))
      packageDirs.insert(path.substr(0, path.size() - std::min(path.size(), std::string_view("/__init__.py").size())));
  }
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].language == Language::Cpp) {
      const std::string& p = files[i].path;
      cppByBasename_[p.substr(p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1)].push_back(i);
      continue;
    }
    byPath_.emplace(files[i].path, i);
    const std::string& mod = files[i].moduleName;
    if (mod.empty()) continue;
    byModule_.emplace(mod, i);
    // Test suites are often scanned from inside the repository, or their root package is not
    // the top directory: index the dotted suffixes too, so "pkg.consts" finds "src.pkg.consts".
    // A suffix that drops a package's name is no name the module is imported by: Keras's
    // keras/src/backend/numpy/linalg.py is not `numpy.linalg`. A directory whose __init__.py
    // was not scanned (mine reads a test's helpers without their packages) may be dropped.
    const std::string& path = files[i].path;
    for (size_t dot = mod.find('.'); dot != std::string::npos; dot = mod.find('.', dot + 1)) {
      if (dot < path.size() && packageDirs.count(std::string_view(path).substr(0, dot))) break;
      byModule_.emplace(mod.substr(dot + 1), i);
    }
  }
}

bool mayBeIncludedAs(std::string_view path, std::string_view includePath) {
  return !includePath.empty() && path.ends_with(includePath) &&
         (path.size() == includePath.size() || path[path.size() - includePath.size() - 1] == '/');
}

bool Project::includes(const FileModel& from, std::string_view path, int depth) const {
  std::vector<const FileModel*> level{&from}, seen{&from};
  for (int d = 0; d < depth && !level.empty(); ++d) {
    std::vector<const FileModel*> next;
    for (const FileModel* file : level) {
      const auto visit = [&](std::string_view includePath) {
        const FileModel* header = includedFile(*file, includePath);
        if (!header || std::find(seen.begin(), seen.end(), header) != seen.end()) return false;
        seen.push_back(header);
        next.push_back(header);
        return header->path == path;
      };
      for (const Import& inc : file->imports)
        if (inc.star && visit(inc.module)) return true;
      for (const std::string& inc : file->angledIncludes)
        if (visit(inc)) return true;
    }
    level = std::move(next);
  }
  return false;
}

const FileModel* Project::includedFile(const FileModel& from, std::string_view includePath) const {
  const size_t slash = includePath.rfind('/');
  auto it = cppByBasename_.find(std::string(includePath.substr(slash == std::string_view::npos ? 0 : slash + 1)));
  if (it == cppByBasename_.end()) return nullptr;
  const std::string_view fromDir =
      std::string_view(from.path).substr(0, from.path.rfind('/') == std::string::npos ? 0 : from.path.rfind('/') + 1);
  const FileModel* bySuffix = nullptr;
  for (size_t i : it->second) {
    const std::string& p = files[i].path;
    if (&files[i] == &from) continue;
    if (p.size() == fromDir.size() + includePath.size() && p.compare(0, fromDir.size(), fromDir) == 0 &&
        p.compare(fromDir.size(), includePath.size(), includePath) == 0)
      return &files[i];
    if (!bySuffix && mayBeIncludedAs(p, includePath)) bySuffix = &files[i];
  }
  return bySuffix;
}

const FileModel* Project::moduleFile(std::string_view module) const {
  auto it = byModule_.find(std::string(module));
  return it == byModule_.end() ? nullptr : &files[it->second];
}

const FileModel* Project::importedModuleFile(const FileModel& from, std::string_view module) const {
  if (!module.empty() && module.front() != '.') {
    const size_t slash = from.path.rfind('/');
    std::string sibling = slash == std::string::npos ? std::string{} : from.path.substr(0, slash + 1);
    for (char c : module) sibling += c == '.' ? '/' : c;
    sibling += ".py";
    if (auto it = byPath_.find(sibling); it != byPath_.end()) return &files[it->second];
  }
  return moduleFile(module);
}

static const Import* findImport(const FileModel& m, FunctionId scope, std::string_view alias) {
  // Walk from the innermost scope outwards; the last matching import in a scope wins, as at run time.
  const NameIndex* index = namesOf(m);
  FunctionId s = scope;
  for (;;) {
    const Import* found = nullptr;
    if (index) {
      auto it = index->imports.find({s, alias});
      if (it != index->imports.end()) found = &m.imports[it->second];
    } else {
      for (const Import& imp : m.imports)
        if (imp.scope == s && !imp.star && imp.alias == alias) found = &imp;
    }
    if (found) return found;
    if (s == kNone) return nullptr;
    s = m.functions[s].parent;
  }
}

// The first function named `name` nested in f (not a method), or kNone.
static FunctionId nestedFunction(const FileModel& m, FunctionId f, std::string_view name) {
  if (const NameIndex* index = namesOf(m)) {
    auto it = index->nestedFunctions.find({f, name});
    return it == index->nestedFunctions.end() ? kNone : it->second;
  }
  for (FunctionId g = f + 1; g < m.functions.size(); ++g)
    if (m.functions[g].parent == f && m.functions[g].cls == kNone && m.functions[g].name == name) return g;
  return kNone;
}

bool definedAtModuleLevel(const FileModel& m, std::string_view name) {
  if (const NameIndex* index = namesOf(m)) return index->moduleLevel.contains(name);
  for (const Function& f : m.functions)
    if (f.parent == kNone && f.cls == kNone && f.name == name && callableByName(m, f)) return true;
  for (const ClassDef& c : m.classes)
    if (c.parent == kNone && c.enclosingFunction == kNone && c.name == name) return true;
  return false;
}

std::string resolveDotted(const FileModel& m, FunctionId scope, std::string_view dotted, bool* viaImport) {
  if (viaImport) *viaImport = false;
  size_t dot = dotted.find('.');
  std::string_view head = dotted.substr(0, dot);
  std::string_view rest = dot == std::string_view::npos ? std::string_view{} : dotted.substr(dot);
  if (const Import* imp = findImport(m, scope, head)) {
    if (viaImport) *viaImport = true;
    std::string out = imp->module;
    if (!imp->name.empty()) {
      if (!out.empty()) out += '.';
      out.append(imp->name);
    }
    out.append(rest);
    return out;
  }
  // A function defined inside the enclosing functions (a test's local helper) is named by its
  // qualified name, as wrapper discovery names it.
  for (FunctionId f = scope; f != kNone && f < m.functions.size() && !m.moduleName.empty(); f = m.functions[f].parent)
    if (FunctionId g = nestedFunction(m, f, head); g != kNone) return m.moduleName + "." + m.functions[g].qualifiedName + std::string(rest);
  if (definedAtModuleLevel(m, head) && !m.moduleName.empty()) return m.moduleName + "." + std::string(dotted);
  return std::string(dotted);
}

}  // namespace oalens::analyzer
