#include "analyzer/assertions/dtype_overrides.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace oalens::analyzer {

namespace {

std::string_view lastComponent(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  return x.kind == ExprKind::Name || x.kind == ExprKind::Attribute ? x.name : std::string_view{};
}

// torch.half is torch.float16: one name per dtype, so that a key respelled is no change.
std::string canonicalDtype(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
      {"half", "float16"},    {"float", "float32"}, {"double", "float64"}, {"cfloat", "complex64"}, {"cdouble", "complex128"},
      {"chalf", "complex32"}, {"short", "int16"},   {"int", "int32"},      {"long", "int64"}};
  for (const auto& [alias, canonical] : kAliases)
    if (name == alias) return std::string(canonical);
  return std::string(name);
}

// `tol(atol=1e-3, rtol=1e-3)`, or the same positionally: PyTorch's `tol` namedtuple.
void readTolCall(const FileModel& m, ExprId call, DtypeOverride entry, std::vector<DtypeOverride>& out) {
  const CallArgs args = splitCall(m, call);
  static constexpr std::string_view kOrder[] = {"atol", "rtol"};
  for (size_t i = 0; i < args.positional.size() && i < 2; ++i) {
    entry.kind = kOrder[i];
    entry.value = args.positional[i];
    out.push_back(entry);
  }
  for (const auto& [name, value] : args.keywords) {
    if (name != "atol" && name != "rtol") continue;
    entry.kind = name;
    entry.value = value;
    out.push_back(entry);
  }
}

void readDecorator(const FileModel& m, ExprId deco, FunctionId fn, std::vector<DtypeOverride>& out) {
  const CallArgs args = splitCall(m, deco);
  if (args.positional.empty()) return;
  const ExprId dict = args.positional[0];
  if (m.expr(dict).kind != ExprKind::Dict) return;
  DtypeOverride entry;
  entry.decorator = lastComponent(m, m.child(deco, 0));
  entry.function = fn;
  for (uint32_t i = 0; i + 1 < m.childCount(dict); i += 2) {
    const ExprId key = m.child(dict, i), value = m.child(dict, i + 1);
    if (key == kNone || value == kNone) continue;
    entry.dtype = canonicalDtype(lastComponent(m, key));
    if (entry.dtype.empty()) continue;
    const Expr& v = m.expr(value);
    if (v.kind == ExprKind::Call) {
      readTolCall(m, value, entry, out);
    } else if (v.kind == ExprKind::Number || v.kind == ExprKind::Name || v.kind == ExprKind::Attribute || v.kind == ExprKind::BinaryOp ||
               v.kind == ExprKind::UnaryOp) {
      entry.kind = "atol";  // precisionOverride: the absolute allowance
      entry.value = value;
      out.push_back(entry);
    }
  }
}

}  // namespace

std::string decoratorToleranceNote(std::string_view decorator, std::string_view dtype, std::string_view decorated) {
  return fmt::format("@{} sets it for {} on `{}` (the check takes the larger of it and its own)", decorator, dtype, decorated);
}

std::vector<DtypeOverride> dtypeOverrides(const FileModel& m, FunctionId scope, const std::vector<std::string>& decorators) {
  std::vector<DtypeOverride> out;
  if (decorators.empty()) return out;
  for (FunctionId f = scope; f != kNone && f < m.functions.size(); f = m.functions[f].parent) {
    for (ExprId deco : m.functions[f].decorators) {
      if (m.expr(deco).kind != ExprKind::Call) continue;
      const std::string_view name = lastComponent(m, m.child(deco, 0));
      if (std::find(decorators.begin(), decorators.end(), name) != decorators.end()) readDecorator(m, deco, f, out);
    }
    if (!out.empty()) return out;
  }
  return out;
}

}  // namespace oalens::analyzer
