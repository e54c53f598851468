#include "analyzer/oracle/built_objects.h"

#include <cctype>

#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/round_trip.h"

namespace oalens::analyzer {
namespace {

constexpr int kMaxBindingHops = 8;

bool capitalisedCall(const FileModel& m, ExprId call) {
  const Expr& callee = m.expr(m.child(call, 0));
  const std::string_view last = callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.name : std::string_view{};
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0]));
}

// The value the name was last bound to before `at`, where it was bound to a value alone and not
// handed to a call since; kNone otherwise (`binding` is set to the binding statement).
ExprId boundValue(const FileModel& m, FunctionId fn, StmtId at, std::string_view name, StmtId& binding) {
  binding = lastBindingBefore(m, fn, at, name);
  if (binding == kNone || handedOnSinceBound(m, fn, at, name)) return kNone;
  const Stmt& st = m.stmts[binding];
  if (st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).kind != ExprKind::Name) return kNone;
  return st.b;
}

// `self.graph` bound once in the class, in its setup method (`self.graph = GraphsTuple(...)` in
// setUp): that statement, or kNone.
StmtId setUpBinding(const FileModel& m, FunctionId fn, std::string_view attribute) {
  const ClassId cls = fn == kNone ? kNone : enclosingClass(m, fn);
  if (cls == kNone) return kNone;
  const std::string target = "self." + std::string(attribute);
  StmtId found = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if ((st.kind != StmtKind::Assign && st.kind != StmtKind::AugAssign) || st.a == kNone || st.function == kNone ||
        m.functions[st.function].cls != cls || m.expr(st.a).text != target)
      continue;
    if (found != kNone || st.kind != StmtKind::Assign || !isPerTestSetUp(m.functions[st.function].name)) return kNone;
    found = s;
  }
  return found;
}

// The value a build stored under keyword `name` (`Batch(a=Batch(a=x))`, read as `b.a` then `.a`),
// followed through names and attribute reads of nested builds; kNone when not one.
ExprId storedValue(const FileModel& m, FunctionId fn, StmtId at, ExprId object, std::string_view name, int hops) {
  if (object == kNone || hops > kMaxBindingHops) return kNone;
  const Expr& x = m.expr(object);
  if (x.kind == ExprKind::Name) {
    StmtId binding = kNone;
    const ExprId value = boundValue(m, fn, at, x.name, binding);
    return value == kNone ? kNone : storedValue(m, fn, binding, value, name, hops + 1);
  }
  if (x.kind == ExprKind::Attribute && x.childCount > 0 && m.expr(m.child(object, 0)).text == "self")
    if (const StmtId s = setUpBinding(m, fn, x.name); s != kNone)
      return storedValue(m, m.stmts[s].function, s, m.stmts[s].b, name, hops + 1);
  if (x.kind == ExprKind::Attribute && x.childCount > 0)
    return storedValue(m, fn, at, storedValue(m, fn, at, m.child(object, 0), x.name, hops + 1), name, hops + 1);
  if (x.kind != ExprKind::Call || !capitalisedCall(m, object)) return kNone;
  for (const auto& [keyword, value] : splitCall(m, object).keywords)
    if (keyword == name) return value;
  return kNone;
}

// The value `e` stands for, followed through the names it was bound to.
bool builtObject(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int hops, std::string_view storedAttribute) {
  if (e == kNone || hops > kMaxBindingHops) return false;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Call: {
      // np.concatenate([a.a.a, a.a.a]): built values only moved (joined, reshaped) by another call.
      if (!capitalisedCall(m, e) && storedAttribute.empty() && x.childCount > 1 &&
          origin_names::movesData(lastDottedComponent(m.expr(m.child(e, 0)).text))) {
        const CallArgs args = splitCall(m, e);
        return !args.positional.empty() && builtObject(m, fn, at, args.positional[0], hops + 1, {});
      }
      if (!capitalisedCall(m, e)) return false;
      if (storedAttribute.empty()) return true;
      for (const auto& [keyword, value] : splitCall(m, e).keywords)
        if (keyword == storedAttribute) return true;
      return false;
    }
    case ExprKind::Name: {
      StmtId binding = kNone;
      const ExprId value = boundValue(m, fn, at, x.name, binding);
      return value != kNone && builtObject(m, fn, binding, value, hops + 1, storedAttribute);
    }
    case ExprKind::Subscript: return storedAttribute.empty() && builtObject(m, fn, at, m.child(e, 0), hops + 1, {});
    case ExprKind::Attribute:
      if (storedAttribute.empty() && x.childCount > 0 && m.expr(m.child(e, 0)).text == "self")
        if (const StmtId s = setUpBinding(m, fn, x.name); s != kNone)
          return builtObject(m, m.stmts[s].function, s, m.stmts[s].b, hops + 1, {});
      // Only the attribute a keyword of the build stored: any other may be computed on reading.
      if (storedAttribute.empty()) return builtObject(m, fn, at, m.child(e, 0), hops + 1, x.name);
      // `a.a.a` of `Batch(a=Batch(a=x))`: the stored value, itself a build storing the next.
      return storedValue(m, fn, at, e, storedAttribute, hops + 1) != kNone;
    case ExprKind::Tuple:
    case ExprKind::List:
      if (x.childCount == 0 || !storedAttribute.empty()) return false;
      for (uint32_t i = 0; i < x.childCount; ++i)
        if (!builtObject(m, fn, at, m.child(e, i), hops + 1, {})) return false;
      return true;
    default: return false;
  }
}

}  // namespace

bool readsBuiltObject(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (m.language != Language::Python) return false;
  // A slice of a stored value (`point.tensor[:, 1]`) is that value's.
  while (e != kNone && m.expr(e).kind == ExprKind::Subscript) {
    const ExprId value = m.child(e, 0);
    if (m.expr(value).kind != ExprKind::Attribute) break;
    e = value;
  }
  return builtObject(m, fn, at, e, 0, {});
}

bool onlyBuildsLibraryObjects(const OriginSet& s) { return computesWithLibrary(s) && !computesBeyondBuilding(s); }

OriginSet withBuildsAsData(OriginSet s) {
  for (Origin& x : s.items)
    if (OriginTracer::buildsLibraryObject(x)) x.kind = OriginKind::Data;
  return s;
}

}  // namespace oalens::analyzer
