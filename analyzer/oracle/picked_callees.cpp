// The callee a call names another way: a local alias of a library function (`op = lib.f if c
// else lib.g`), or one picked from a table of entries or a parametrized pair by a key
// (`str2optimizers[name][0]`, `funcs[0]`), read for the kind most entries are.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>

#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

std::pair<std::string, std::string> OriginTracer::libraryFunctionAliased(const FileModel& m, FunctionId fn, StmtId at,
                                                                         std::string_view name) const {
  if (fn == kNone) return {};
  const StmtId binding = lastBindingBefore(m, fn, at, name);
  if (binding == kNone || m.stmts[binding].kind != StmtKind::Assign || m.stmts[binding].b == kNone ||
      m.expr(m.stmts[binding].a).kind != ExprKind::Name)
    return {};
  ExprId alias = m.stmts[binding].b;
  if (m.expr(alias).kind == ExprKind::Conditional && m.expr(alias).childCount == 3) alias = m.child(alias, 0);
  if (m.expr(alias).kind != ExprKind::Name && m.expr(alias).kind != ExprKind::Attribute) return {};
  bool viaImport = false;
  std::string dotted = dottedName(m, alias);
  std::string resolved = dotted.empty() ? std::string{} : resolveDotted(m, fn, dotted, &viaImport);
  if (!viaImport || !isLibrary(resolved)) return {};
  return {std::move(dotted), std::move(resolved)};
}

std::optional<Origin> OriginTracer::tablePick(const FileModel& m, FunctionId fn, ExprId callee, std::string& evidence) const {
  // `funcs[0](A, B)`, `funcs` a parameter of the test over pairs (`[(torch.matmul, lib.matmul)]`):
  // element 0 of each case.
  std::vector<ExprId> entries;
  int position = -1;
  ExprId table = callee;
  if (fn != kNone && m.expr(callee).kind == ExprKind::Subscript && m.childCount(callee) > 1 &&
      m.expr(m.child(callee, 0)).kind == ExprKind::Name && m.expr(m.child(callee, 1)).kind == ExprKind::Number) {
    const std::string_view digits = m.expr(m.child(callee, 1)).text;
    const std::string_view param = m.expr(m.child(callee, 0)).name;
    const auto& params = m.functions[fn].params;
    if (digits.size() == 1 && digits[0] >= '0' && digits[0] <= '9' &&
        std::any_of(params.begin(), params.end(), [&](const Param& p) { return p.name == param; }))
      if (const auto values = parametrizedValues(m, fn, param)) {
        entries = *values;
        position = digits[0] - '0';
        table = m.child(callee, 0);
      }
  }
  // NAME[key] or NAME[key][i], i an integer written in the call.
  if (entries.empty() && m.expr(table).kind == ExprKind::Subscript && m.childCount(table) > 1 &&
      m.expr(m.child(table, 1)).kind == ExprKind::Number && m.expr(m.child(table, 0)).kind == ExprKind::Subscript) {
    const std::string_view digits = m.expr(m.child(table, 1)).text;
    if (digits.size() != 1 || digits[0] < '0' || digits[0] > '9') return std::nullopt;
    position = digits[0] - '0';
    table = m.child(table, 0);
  }
  const bool parameter = !entries.empty();
  if (!parameter &&
      (m.expr(table).kind != ExprKind::Subscript || m.childCount(table) < 2 || m.expr(m.child(table, 0)).kind != ExprKind::Name))
    return std::nullopt;
  const std::string_view name = parameter ? m.expr(table).name : m.expr(m.child(table, 0)).name;
  if (!parameter && fn != kNone && lastBindingBefore(m, fn, m.functions[fn].endStmt, name) != kNone) return std::nullopt;  // a local table
  // The entries written at module level: `NAME["adam"] = (torch.optim.Adam, lib.optim.Adam)`.
  for (StmtId s = 0; !parameter && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != kNone || st.cls != kNone || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind == ExprKind::Subscript && target.childCount > 0 && m.expr(m.child(st.a, 0)).kind == ExprKind::Name &&
        m.expr(m.child(st.a, 0)).name == name)
      entries.push_back(st.b);
  }
  if (entries.size() < (parameter ? 1u : 2u)) return std::nullopt;
  size_t library = 0, other = 0;
  std::string libraryApi, otherApi;
  for (ExprId entry : entries) {
    ExprId value = entry;
    if (position >= 0) {
      if (m.expr(value).kind != ExprKind::Tuple || static_cast<int>(m.childCount(value)) <= position) continue;
      value = m.child(value, static_cast<uint32_t>(position));
    }
    // `lambda ps: torch.optim.SGD(ps, 0.01)`: the class or function the lambda calls.
    if (m.expr(value).kind == ExprKind::Lambda && m.childCount(value) > 0) value = m.child(value, 0);
    if (m.expr(value).kind == ExprKind::Call) value = m.child(value, 0);
    if (m.expr(value).kind != ExprKind::Name && m.expr(value).kind != ExprKind::Attribute) continue;
    const std::string dotted = dottedName(m, value);
    bool viaImport = false;
    const std::string resolved = dotted.empty() ? std::string{} : resolveDotted(m, kNone, dotted, &viaImport);
    if (!viaImport) continue;
    if (isLibrary(resolved)) {
      if (library++ == 0) libraryApi = resolved;
    } else if (other++ == 0) {
      otherApi = resolved;
    }
  }
  if (library == other) return std::nullopt;
  const bool mostlyLibrary = library > other;
  evidence =
      fmt::format("`{}` picks one of {} {} {}: {} of them {} ({})", m.expr(callee).text.substr(0, 60), entries.size(),
                  parameter ? "cases of the test's parameter" : "entries of the module's table", name, mostlyLibrary ? library : other,
                  mostlyLibrary ? "the library's" : "another library's", mostlyLibrary ? libraryApi : otherApi);
  return Origin{mostlyLibrary ? OriginKind::LibCall : OriginKind::OtherLib, mostlyLibrary ? libraryApi : otherApi, {}, {}};
}

}  // namespace oalens::analyzer
