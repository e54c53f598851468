#include "analyzer/assertions/api_matcher.h"

#include "analyzer/scan/project.h"

namespace oalens::analyzer {

bool isExceptionCheck(std::string_view n) {
  for (std::string_view part : {"Raises", "raises", "Warns", "warns", "Logs"})
    if (n.find(part) != std::string_view::npos) return true;
  return false;
}

bool looksLikeAssertionName(std::string_view n) {
  // Exception and warning checks test control flow, not values; the study does not count
  // them (docs/counting.md), and neither do we.
  if (isExceptionCheck(n)) return false;
  if (n.rfind("assert", 0) == 0) {
    if (n.size() == 6) return false;  // a function literally named `assert` does not exist in Python
    char next = n[6];
    return next == '_' || (next >= 'A' && next <= 'Z');
  }
  if (n.rfind("failUnless", 0) == 0 || n.rfind("failIf", 0) == 0) return true;
  return false;
}

ApiMatch ApiMatcher::match(const FileModel& m, FunctionId scope, ExprId call) const {
  ApiMatch out;
  const Expr& c = m.expr(call);
  if (c.kind != ExprKind::Call || c.childCount == 0) return out;
  ExprId callee = m.child(call, 0);
  const Expr& ce = m.expr(callee);
  if (ce.kind == ExprKind::Name) out.lastName = ce.name;
  else if (ce.kind == ExprKind::Attribute) out.lastName = ce.name;
  else return out;

  std::string dotted = dottedName(m, callee);
  bool viaImport = false;
  if (!dotted.empty()) {
    out.name = resolveDotted(m, scope, dotted, &viaImport);
    if ((out.spec = catalogue_.byQualifiedName(out.name))) return out;
    if ((out.spec = wrappers_.byQualifiedName(out.name))) return out;
  } else {
    out.name = std::string(out.lastName);
  }
  if (ce.kind == ExprKind::Attribute) {
    if ((out.spec = catalogue_.byMethodName(out.lastName))) return out;
    ExprId recv = m.child(callee, 0);
    std::string_view recvText = recv == kNone ? "" : m.expr(recv).text;
    if (recvText == "self" || recvText == "cls") {
      if ((out.spec = wrappers_.byMethodName(out.lastName))) return out;
    }
  } else if (!viaImport && !definedAtModuleLevel(m, out.lastName)) {
    // A bare name bound by nothing we can see: `from numpy.testing import *`.
    if ((out.spec = catalogue_.byShortName(out.lastName))) return out;
  }
  out.generic = looksLikeAssertionName(out.lastName);
  return out;
}

}  // namespace oalens::analyzer
