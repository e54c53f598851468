#include "analyzer/assertions/lent_names.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace oalens::analyzer {

namespace {

// `dotted` and its dotted suffixes down to module.name, as nameDiscovered names a wrapper, less
// those an API or a wrapper already answers to.
std::vector<std::string> namesNotTaken(const std::string& dotted, const Catalogue& catalogue, const Catalogue& wrappers) {
  std::vector<std::string> names;
  for (size_t dot = std::string::npos;;) {
    const std::string name = dot == std::string::npos ? dotted : dotted.substr(dot + 1);
    if (!wrappers.byQualifiedName(name) && !catalogue.byQualifiedName(name)) names.push_back(name);
    dot = dotted.find('.', dot == std::string::npos ? 0 : dot + 1);
    if (dot == std::string::npos || dotted.find('.', dot + 1) == std::string::npos) break;
  }
  return names;
}

// The children of package `m` it imports at run time, relative to itself:
// `importlib.import_module(".%s" % backend_name, __name__)` (DGL's tests/backend/__init__.py,
// whose module-level functions are then copied from the chosen backend's) may import any of
// them; a literal `import_module(".numpy_impl", __name__)` names one.
struct ChosenChildren {
  bool any = false;
  std::vector<std::string> named;  // dotted module names
};

ChosenChildren runtimeChosenChildren(const FileModel& m) {
  ChosenChildren out;
  if (m.language != Language::Python || m.moduleName.empty()) return out;
  if (!isPackageInit(m.path)) return out;
  for (ExprId e = 0; e < m.exprs.size(); ++e) {
    if (m.exprs[e].kind != ExprKind::Call || m.exprs[e].childCount == 0) continue;
    const CallArgs args = splitCall(m, e);
    if (args.callee == kNone || args.positional.size() != 2 || args.hasStarArgs) continue;
    const std::string_view callee = m.expr(args.callee).text;
    if (callee != "importlib.import_module" && callee != "import_module") continue;
    const std::string_view package = m.expr(args.positional[1]).text;
    if (package != "__name__" && package != "__package__") continue;
    const Expr& name = m.expr(args.positional[0]);
    const std::string_view text = name.text;
    const bool plainLiteral = name.kind == ExprKind::String && text.size() > 3 && (text[0] == '\'' || text[0] == '"') && text[1] == '.' &&
                              text.find('{') == std::string_view::npos && text.find('%') == std::string_view::npos;
    if (!plainLiteral) {
      out.any = true;
      continue;
    }
    const std::string_view child = text.substr(2, text.size() - 3);
    if (child.find('.') == std::string_view::npos) out.named.push_back(m.moduleName + "." + std::string(child));
  }
  return out;
}

// The scanned children `package` may import at run time, in the order of their module names.
std::vector<const FileModel*> runtimeChosenChildModules(const Project& project, const FileModel& package) {
  const ChosenChildren children = runtimeChosenChildren(package);
  std::vector<std::string> chosen = children.named;
  if (children.any) {
    chosen.clear();
    const std::string prefix = package.moduleName + ".";
    for (const FileModel& c : project.files)
      if (c.moduleName.starts_with(prefix) && c.moduleName.find('.', prefix.size()) == std::string::npos) chosen.push_back(c.moduleName);
  }
  std::sort(chosen.begin(), chosen.end());
  std::vector<const FileModel*> out;
  for (const std::string& name : chosen)
    if (const FileModel* child = project.moduleFile(name)) out.push_back(child);
  return out;
}

}  // namespace

// Packages re-export the helpers their modules define (`chainer/testing/__init__.py`: `from
// chainer.testing.array import assert_allclose`), and suites call them by the package's name
// (`testing.assert_allclose` after `from chainer import testing`). A module-level `from X import
// n as a` in module M names X.n as M.a too (and, as nameDiscovered does, M.a's dotted suffixes
// down to module.name), when X.n is a wrapper or a catalogued function and M binds `a` to
// nothing else. A catalogued API is kept among the wrappers as a copy with its own id and the
// new names only, so that it is still reported as itself. Returns how many names were added.
size_t addReexportedNames(const Project& project, const Catalogue& catalogue, Catalogue& wrappers) {
  size_t added = 0;
  for (const FileModel& m : project.files) {
    if (m.language != Language::Python || m.moduleName.empty()) continue;
    for (const Import& imp : m.imports) {
      if (imp.scope != kNone || imp.star || imp.name.empty() || imp.module.empty() || imp.alias.empty()) continue;
      if (definedAtModuleLevel(m, imp.alias)) continue;
      const std::string target = imp.module + "." + std::string(imp.name);
      const ApiSpec* spec = wrappers.byQualifiedName(target);
      if (!spec) spec = catalogue.byQualifiedName(target);
      if (!spec || spec->kind == ApiKind::Method || spec->language != Language::Python) continue;
      std::vector<std::string> names = namesNotTaken(m.moduleName + "." + std::string(imp.alias), catalogue, wrappers);
      if (names.empty()) continue;
      added += names.size();
      if (wrappers.addNames(spec->id, names)) continue;
      ApiSpec copy = *spec;
      copy.names = std::move(names);
      wrappers.add(std::move(copy));
    }
  }
  return added;
}

// A package that imports one of its children at run time (runtimeChosenChildren) lends its
// name to the wrappers those children define at module level, when it defines no such name
// itself: `backend.allclose(a, b)` after `import backend` runs `backend/pytorch/__init__.py`'s
// `allclose`, which returns `torch.allclose(a, b, rtol=rtol, atol=atol)`, or its mxnet
// sibling's, whichever the environment picks. The children are taken in the order of their
// module names and the first that defines a name lends it, so the result does not depend on
// the environment the scan runs in. Returns how many names were added.
size_t addRuntimeChosenNames(const Project& project, const Catalogue& catalogue, Catalogue& wrappers) {
  size_t added = 0;
  for (const FileModel& m : project.files) {
    std::set<std::string_view, std::less<>> lent;
    for (const FileModel* child : runtimeChosenChildModules(project, m)) {
      for (const Function& f : child->functions) {
        if (f.cls != kNone || f.parent != kNone || lent.count(f.name) || definedAtModuleLevel(m, f.name)) continue;
        const ApiSpec* spec = wrappers.byQualifiedName(child->moduleName + "." + std::string(f.name));
        if (!spec || spec->kind == ApiKind::Method || spec->language != Language::Python) continue;
        lent.insert(f.name);
        const std::string id = m.moduleName + "." + std::string(f.name);
        std::vector<std::string> names = namesNotTaken(id, catalogue, wrappers);
        if (names.empty() || wrappers.byId(id)) continue;
        ApiSpec copy = *spec;
        copy.id = id;
        copy.names = std::move(names);
        added += copy.names.size();
        wrappers.add(std::move(copy));
      }
    }
  }
  return added;
}

}  // namespace oalens::analyzer
