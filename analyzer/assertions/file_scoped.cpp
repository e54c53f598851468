#include "analyzer/assertions/file_scoped.h"

#include <re2/re2.h>

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "analyzer/frontend/frontends.h"
#include "analyzer/model/model_memo.h"

namespace oalens::analyzer {

bool declaresObjectNamed(const FileModel& m, std::string_view name) {
  if (!m.source) return false;
  const auto declares = [&] {
    // Most names are in the file only where they are called: the pattern is compiled only for a
    // name the text declares something of, by its plain spelling.
    if (m.source->find(name) == std::string::npos) return false;
    const RE2 declared(R"([\w>&*]\s+)" + RE2::QuoteMeta(std::string(name)) + R"(\s*(;|=[^=]|\{))");
    return RE2::PartialMatch(*m.source, declared);
  };
  // Asked at each call of a name a discovered entry has (api_matcher.cpp): once per file and name.
  thread_local ModelMemo<std::unordered_map<std::string, bool>> answers;
  auto* memo = answers.of(m);
  if (!memo) return declares();
  const auto [it, fresh] = memo->try_emplace(std::string(name), false);
  if (fresh) it->second = declares();
  return it->second;
}

std::unordered_set<std::string_view> definedInSeveralSources(const Project& project) {
  std::unordered_map<std::string_view, std::unordered_set<const FileModel*>> definingFiles, definingMacros;
  std::unordered_set<std::string_view> several, inHeaders, macrosInHeaders, overloaded;
  for (const FileModel& m : project.files) {
    if (m.language != Language::Cpp) continue;
    const bool header = isCppHeaderPath(m.path);
    std::unordered_set<std::string_view> seen;
    for (const Function& f : m.functions) {
      if (f.parent != kNone || f.firstStmt == f.endStmt) continue;
      if (f.isMacro) {
        if (header) macrosInHeaders.insert(f.qualifiedName);
        else definingMacros[f.qualifiedName].insert(&m);
        continue;
      }
      if (!seen.insert(f.qualifiedName).second) overloaded.insert(f.qualifiedName);
      if (header) inHeaders.insert(f.qualifiedName);
      else definingFiles[f.qualifiedName].insert(&m);
    }
  }
  // Short names a header defines under another qualified name: a call of one from a file that
  // defines none of the sources' may be the header's (LiteRT's kernel tests calling
  // `tflite::ArrayFloatNear` of kernels/test_util.h, beside the five `toco::ArrayFloatNear` the
  // toco tests each define), so it leaves the sources' scoped to them.
  std::unordered_set<std::string_view> shortNamesInHeaders;
  for (std::string_view name : inHeaders) shortNamesInHeaders.insert(lastDottedComponent(name));
  std::unordered_map<std::string_view, std::vector<std::string_view>> byShortName;
  for (const auto& [name, files] : definingFiles)
    if (files.size() > 1 && !inHeaders.count(name) && !overloaded.count(name)) {
      several.insert(name);
      byShortName[lastDottedComponent(name)].push_back(name);
    }
  // Calls by the name, not a method's (`graph.run(x)`, `p->run()`) of the same short name.
  if (!several.empty())
    for (const FileModel& m : project.files) {
      if (m.language != Language::Cpp) continue;
      std::unordered_map<std::string_view, bool> objects;  // names of objects the file declares, read once each
      for (ExprId e = 0; e < m.exprs.size(); ++e) {
        if (m.exprs[e].kind != ExprKind::Call || m.exprs[e].childCount == 0) continue;
        const Expr& callee = m.expr(m.child(e, 0));
        const bool byName =
            callee.kind == ExprKind::Name || (callee.kind == ExprKind::Attribute && callee.text.find("::") != std::string_view::npos);
        if (!byName) continue;
        const auto it = byShortName.find(callee.name);
        if (it == byShortName.end() || shortNamesInHeaders.count(callee.name)) continue;
        // `rng_test<skip_ahead_test<E>> test; test(GetParam());` (oneMath's RNG tests): an object
        // of that name called, not the function.
        if (std::ranges::none_of(it->second,
                                 [&](std::string_view name) { return several.count(name) && !definingFiles.at(name).count(&m); }))
          continue;
        if (auto [object, fresh] = objects.try_emplace(callee.name, false);
            fresh ? (object->second = declaresObjectNamed(m, callee.name)) : object->second)
          continue;
        for (std::string_view name : it->second)
          if (several.count(name) && !definingFiles.at(name).count(&m)) several.erase(name);
      }
    }
  // A helper or macro a header of the suite defines and a test source defines again for itself
  // (autodiff's `approx` and `CHECK_APPROX` in tests/utils/catch.hpp, redefined with another
  // margin in two test files): each source's is its own, the header's everyone else's. Calls from
  // files that define none take the header's, so the calls above leave these scoped.
  for (const auto& [name, files] : definingFiles)
    if (inHeaders.count(name) && !overloaded.count(name)) several.insert(name);
  for (const auto& [name, files] : definingMacros)
    if (macrosInHeaders.count(name)) several.insert(name);
  return several;
}

bool mayOverloadAcrossFiles(const Function& f) { return f.parent == kNone && !f.isMacro && !f.isTestCase && f.firstStmt != f.endStmt; }

std::unordered_set<std::string_view> overloadedAcrossFiles(const Project& project) {
  struct Seen {
    const FileModel* file = nullptr;  // the first file defining the name
    bool otherFile = false;
    std::unordered_set<size_t> arities;
  };
  std::unordered_map<std::string_view, Seen> byName;
  for (const FileModel& m : project.files) {
    if (m.language != Language::Cpp) continue;
    for (const Function& f : m.functions) {
      if (!mayOverloadAcrossFiles(f)) continue;
      Seen& seen = byName[f.qualifiedName];
      if (!seen.file) seen.file = &m;
      else if (seen.file != &m) seen.otherFile = true;
      seen.arities.insert(static_cast<size_t>(std::ranges::count_if(f.params, [](const Param& p) { return !p.varArgs; })));
    }
  }
  std::unordered_set<std::string_view> out;
  for (const auto& [name, seen] : byName)
    if (seen.otherFile && seen.arities.size() > 1) out.insert(name);
  return out;
}

std::unordered_set<std::string_view> definedInSeveralHeaders(const Project& project) {
  std::unordered_map<std::string_view, std::unordered_set<const FileModel*>> headers;
  for (const FileModel& m : project.files) {
    if (m.language != Language::Cpp || !isCppHeaderPath(m.path)) continue;
    for (const Function& f : m.functions)
      if (mayOverloadAcrossFiles(f) && f.cls == kNone) headers[f.qualifiedName].insert(&m);
  }
  std::unordered_set<std::string_view> out;
  for (const auto& [name, files] : headers)
    if (files.size() > 1) out.insert(name);
  return out;
}

void scopeToFile(const FileModel& m, ApiSpec& spec) {
  spec.fileScoped = true;
  const size_t plain = spec.names.size();
  for (size_t i = 0; i < plain; ++i) spec.names.push_back(spec.names[i] + "@" + m.path);
  spec.id += "@" + m.path;
}

}  // namespace oalens::analyzer
