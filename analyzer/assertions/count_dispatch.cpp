#include "analyzer/assertions/count_dispatch.h"

#include <re2/re2.h>

#include "analyzer/assertions/discovered_entry.h"

namespace oalens::analyzer {

std::vector<std::string_view> countDispatchCandidates(const FileModel& m, FunctionId fid) {
  if (m.language != Language::Cpp || fid >= m.functions.size()) return {};
  const Function& f = m.functions[fid];
  // Its one parameter `...` (the model keeps no parameter for it).
  if (!f.isMacro || f.params.size() > 1 || (f.params.size() == 1 && f.params[0].name != "..." && !f.params[0].varArgs)) return {};
  // `SELECT(__VA_ARGS__, M3, M2)(__VA_ARGS__)`: the one statement of the replacement.
  static const RE2 dispatch(R"(^\s*\w+\s*\(\s*__VA_ARGS__\s*,\s*([\w\s,]+?)\s*,?\s*\)\s*\(\s*__VA_ARGS__\s*\)\s*;?\s*$)");
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid) continue;
    if (st.kind != StmtKind::ExprStmt || st.a == kNone) return {};
    // Line continuations read as blanks.
    std::string text(m.expr(st.a).text);
    for (size_t at = text.find('\\'); at != std::string::npos; at = text.find('\\', at)) text[at] = ' ';
    std::string listed;
    if (!RE2::FullMatch(text, dispatch, &listed)) return {};
    std::vector<std::string_view> out;
    // The names as views into the model's text, where each is written.
    const std::string_view source = m.expr(st.a).text;
    re2::StringPiece rest(listed);
    std::string name;
    static const RE2 word(R"(\s*(\w+)\s*,?)");
    while (RE2::Consume(&rest, word, &name))
      if (const size_t at = source.find(name); at != std::string_view::npos) out.push_back(source.substr(at, name.size()));
    return out;
  }
  return {};
}

std::vector<ApiSpec> countDispatchSpecs(const FileModel& m, FunctionId fid, const Catalogue& wrappers) {
  std::vector<ApiSpec> out;
  const std::vector<std::string_view> candidates = countDispatchCandidates(m, fid);
  if (candidates.empty()) return out;
  const Function& f = m.functions[fid];
  for (std::string_view candidate : candidates) {
    const ApiSpec* picked = wrappers.byQualifiedName(std::string(candidate), Language::Cpp);
    if (!picked || !picked->discovered || picked->checksNothing || picked->params.empty()) continue;
    ApiSpec w = *picked;
    w.via = picked->id;
    nameDiscovered(m, f, w);
    w.shadowedIn.clear();
    // Told apart by count alone: each takes exactly the candidate's parameters.
    w.paramTypes.assign(picked->params.size(), std::string{});
    w.requiredParams = picked->params.size();
    w.id += "/" + std::to_string(picked->params.size());
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace oalens::analyzer
