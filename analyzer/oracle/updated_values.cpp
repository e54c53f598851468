#include "analyzer/oracle/updated_values.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "analyzer/assertions/assertion_finder.h"  // localBinding
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

// `var1 = tf.Variable(...)`: a framework's mutable state (`Variable`, `variable`, `shared`,
// `Parameter`), which a call it is handed may update in place (updatesTheVariable).
bool makesAVariable(const FileModel& m, ExprId value) {
  if (value == kNone || m.expr(value).kind != ExprKind::Call || m.expr(value).childCount == 0) return false;
  const std::string_view last = lastDottedComponent(m.expr(m.child(value, 0)).text);
  return last == "Variable" || last == "variable" || last == "shared" || last == "Parameter" || last == "ResourceVariable";
}

// `out = torch.empty(shape, dtype=...)`, `np.zeros_like(x)`: a buffer allocated for a call to
// write its result into (DeepSpeed's kernels: `geglu(output_tensor, input_tensor)`); what the
// name holds after such a call is that call's result (updatesTheVariable).
bool allocatesABuffer(const FileModel& m, ExprId value) {
  if (value == kNone || m.expr(value).kind != ExprKind::Call || m.expr(value).childCount == 0) return false;
  const std::string_view callee = m.expr(m.child(value, 0)).text;
  const std::string_view last = lastDottedComponent(callee);
  if (last != "empty" && last != "empty_like" && last != "zeros" && last != "zeros_like" && last != "empty_strided" &&
      last != "new_empty" && last != "new_zeros")
    return false;
  // The array libraries' (`torch.`, `np.`, `numpy.`) or a tensor's own (`x.new_empty(...)`).
  return last.starts_with("new_") || callee.starts_with("torch.") || callee.starts_with("np.") || callee.starts_with("numpy.");
}

// The first statement of `f` from `from` up to `end` that calls the object `name` holds
// (`y = bn(x)`), or kNone.
StmtId calledBetween(const FileModel& m, FunctionId f, StmtId from, StmtId end, std::string_view name) {
  for (StmtId s = from; s < end && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != f) continue;
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e)
      if (m.expr(e).kind == ExprKind::Call && m.expr(e).childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Name &&
          m.expr(m.child(e, 0)).name == name)
        return s;
  }
  return kNone;
}

// `opt = torch.optim.Adam([p1])`, then `opt.step()`: an optimizer built around the name and stepped
// for its effect before the read updates it in place; the name then holds what the steps computed.
// The statements stepping it, between `binding` and `end`, each with the optimizer's class (the
// callee of its construction: what else it was built around, another model's parameters, is not
// what this name holds).
std::vector<OptimizerStep> optimizerSteps(const FileModel& m, FunctionId f, StmtId binding, StmtId end, std::string_view name) {
  std::vector<OptimizerStep> steps;
  for (StmtId s = binding + 1; s < end && s < m.stmts.size(); ++s) {
    const Stmt& built = m.stmts[s];
    if (built.function != f || built.kind != StmtKind::Assign || built.a == kNone || built.b == kNone ||
        m.expr(built.a).kind != ExprKind::Name || m.expr(built.b).kind != ExprKind::Call || m.expr(built.b).childCount < 2)
      continue;
    // Built around the name: handed in a positional argument (`Adam([p1])`, `SGD(model.parameters())`),
    // not as a setting by keyword (`StepLRScheduler(opt, decay_rate=decay_rate)`), which a step reads.
    const CallArgs args = splitCall(m, built.b);
    bool holds = false;
    for (ExprId e = built.firstExpr; e < built.endExpr && e < m.exprs.size() && !holds; ++e) {
      if (m.expr(e).kind != ExprKind::Name || m.expr(e).name != name) continue;
      for (ExprId a : args.positional)
        holds |= m.expr(e).range.startByte >= m.expr(a).range.startByte && m.expr(e).range.endByte <= m.expr(a).range.endByte;
    }
    if (!holds) continue;
    const std::string_view object = m.expr(built.a).name;
    for (StmtId t = s + 1; t < end && t < m.stmts.size(); ++t) {
      const Stmt& st = m.stmts[t];
      if (st.function != f || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
      const ExprId callee = m.child(st.a, 0);
      if (m.expr(callee).kind == ExprKind::Attribute && m.expr(callee).name == "step" && m.expr(callee).childCount > 0 &&
          m.expr(m.child(callee, 0)).kind == ExprKind::Name && m.expr(m.child(callee, 0)).name == object)
        steps.push_back({t, built.b, m.child(built.b, 0)});
    }
  }
  return steps;
}

// `opt.apply_gradients(zip(grads, [var0, var1]))`: a call made for its effect, a statement of its
// own and no method of the variable itself, handed the variable however deep in its arguments: it
// updates the variable, which holds the call's result after it.
bool updatesTheVariable(const FileModel& m, StmtId s, std::string_view name) {
  const Stmt& st = m.stmts[s];
  if (st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call || m.expr(st.a).childCount < 2) return false;
  const ExprId callee = m.child(st.a, 0);
  const std::string_view calleeText = m.expr(callee).text;
  if (calleeText.find("assert") != std::string_view::npos || namesACopy(lastDottedComponent(calleeText))) return false;
  // Calls that only read what they are handed: printing, logging, collecting it in a list.
  static constexpr std::string_view readers[] = {"print", "append", "extend", "insert", "add",     "put", "write",
                                                 "save",  "dump",   "info",   "debug",  "warning", "log", "set_description"};
  if (std::ranges::find(readers, lastDottedComponent(calleeText)) != std::end(readers)) return false;
  ExprId root = callee;
  while (m.expr(root).kind == ExprKind::Attribute && m.expr(root).childCount > 0) root = m.child(root, 0);
  if (m.expr(root).kind == ExprKind::Name && m.expr(root).name == name) return false;  // a method of its own, a read
  const ExprId argsFrom = m.child(st.a, 1);
  // The variable itself handed, not an attribute or method of it read (`self.evaluate(v.initializer)`).
  const auto readsOff = [&](ExprId e) {
    const size_t after = m.expr(e).range.endByte;
    return m.source && after < m.source->size() && (*m.source)[after] == '.';
  };
  for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e)
    if (m.expr(e).kind == ExprKind::Name && m.expr(e).name == name && m.expr(e).range.startByte >= m.expr(argsFrom).range.startByte &&
        !readsOff(e))
      return true;
  return false;
}

namespace {

// Whether `name` itself is among a call's positional arguments, not inside a structure or read
// through a method of it.
bool handsItself(const FileModel& m, const CallArgs& args, std::string_view name) {
  return std::ranges::any_of(args.positional, [&](ExprId a) { return m.expr(a).kind == ExprKind::Name && m.expr(a).name == name; });
}

// The arguments of statement `s` where it is a call made for its effect on `name`, handed it as
// itself (updatesTheVariable); nullopt otherwise.
std::optional<CallArgs> callForItsEffectOn(const FileModel& m, StmtId s, std::string_view name) {
  const Stmt& st = m.stmts[s];
  if (st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call || !updatesTheVariable(m, s, name))
    return std::nullopt;
  CallArgs args = splitCall(m, st.a);
  if (!handsItself(m, args, name)) return std::nullopt;
  return args;
}

}  // namespace

bool writesByKeyword(const FileModel& m, StmtId s, std::string_view name) {
  const Stmt& st = m.stmts[s];
  if (st.kind != StmtKind::ExprStmt && st.kind != StmtKind::Assign) return false;
  for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
    if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) continue;
    for (const auto& [keyword, value] : splitCall(m, e).keywords)
      if ((keyword == "out" || keyword == "output" || keyword == "dst") && value != kNone && m.expr(value).kind == ExprKind::Name &&
          m.expr(value).name == name)
        return true;
  }
  return false;
}

bool OriginTracer::libraryWritesInto(const FileModel& m, FunctionId f, StmtId s, std::string_view name) const {
  const std::optional<CallArgs> effect = callForItsEffectOn(m, s, name);
  if (!effect) return false;
  const CallArgs& args = *effect;
  const auto libraryName = [&](std::string_view dotted) {
    bool viaImport = false;
    const std::string resolved = resolveDotted(m, f, dotted, &viaImport);
    return viaImport && isLibrary(resolved);
  };
  // A call that names what it writes (`out=`) reads the rest.
  for (const auto& [keyword, value] : args.keywords)
    if (keyword == "out" || keyword == "output" || keyword == "dst" || keyword == "result") return false;
  // An object of the library's class, made in the function before and called on the data (a
  // kernel, `copy_impl(kv_cache, qkv, batch)`); a function of the library handed a value called
  // as a statement may only store it (`pyro.param("x", x1)`).
  if (m.expr(args.callee).kind != ExprKind::Name) return false;
  const ExprId made = localBinding(m, f, s, m.expr(args.callee).name);
  if (made == kNone || m.expr(made).kind != ExprKind::Call || m.expr(made).childCount == 0) return false;
  const std::string maker = dottedName(m, m.child(made, 0));
  return !maker.empty() && libraryName(maker);
}

bool OriginTracer::otherLibraryStepsItsState(const FileModel& m, FunctionId f, StmtId binding, StmtId s, std::string_view name) const {
  const ExprId made = m.stmts[binding].b;
  if (made == kNone || m.expr(made).kind != ExprKind::Call || m.expr(made).childCount == 0) return false;
  const std::optional<CallArgs> effect = callForItsEffectOn(m, s, name);
  if (!effect) return false;
  const CallArgs& args = *effect;
  // Another library's, imported: neither the library under test nor a module of the scanned code.
  const auto otherPackage = [&](ExprId callee) -> std::string {
    const std::string dotted = dottedName(m, callee);
    if (dotted.empty()) return {};
    bool viaImport = false;
    const std::string resolved = resolveDotted(m, f, dotted, &viaImport);
    if (!viaImport || resolved.find('.') == std::string::npos || isLibrary(resolved) ||
        project_.moduleFile(resolved.substr(0, resolved.rfind('.'))) != nullptr)
      return {};
    return resolved.substr(0, resolved.find('.'));
  };
  const std::string_view className = lastDottedComponent(m.expr(m.child(made, 0)).text);
  if (className.empty() || !std::isupper(static_cast<unsigned char>(className[0]))) return false;
  const std::string package = otherPackage(m.child(made, 0));
  if (package.empty()) return false;
  // A function of the package, not a method of an object (`writer.add(d)`) nor a class.
  const std::string_view function = lastDottedComponent(m.expr(args.callee).text);
  if (function.empty() || std::isupper(static_cast<unsigned char>(function[0])) || otherPackage(args.callee) != package) return false;
  // Stepped, then handed to the library under test (`mujoco.mj_forward(m, d)`, then
  // `mjx.put_data(m, d)`): the state is the input the code under test was given, whatever made it.
  for (StmtId t = s + 1; t < m.functions[f].endStmt && t < m.stmts.size(); ++t) {
    const Stmt& later = m.stmts[t];
    if (later.function != f) continue;
    for (ExprId e = later.firstExpr; e < later.endExpr && e < m.exprs.size(); ++e) {
      if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) continue;
      const CallArgs handed = splitCall(m, e);
      if (!handsItself(m, handed, name)) continue;
      bool viaImport = false;
      const std::string dotted = dottedName(m, handed.callee);
      if (!dotted.empty() && isLibrary(resolveDotted(m, f, dotted, &viaImport)) && viaImport) return false;
    }
  }
  return true;
}

}  // namespace oalens::analyzer
