#include "analyzer/assertions/condition_macros.h"

#include <re2/re2.h>

#include <algorithm>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

bool failsUnder(const FileModel& m, const AssertionFinder& finder, FunctionId fid, StmtId head) {
  if (finder.abortIn(m, head)) return true;
  // A call named for failing, or for throwing (FasterTransformer's `throwRuntimeError`, which
  // `myAssert` behind its `FT_CHECK(val)` calls when `val` is false).
  static const RE2 failing(R"((?i)(fail|abort|fatal|panic|^die$|^throw))");
  // `for (Halide::Internal::ErrorReport<type> _err; 1; _err.issue()) _err.init(...)` (Halide's
  // `_halide_assert_impl`): a loop that builds an error report and issues it, which throws.
  static const RE2 reportLoop(R"(^\s*for\s*\(\s*(?:[\w:]+::)?\w*(?:Error|Failure|Fatal)\w*\s*(?:<[^;]*>)?\s+\w+\s*;)");
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != fid || st.depth <= h.depth) break;
    if (st.parent == head && RE2::PartialMatch(re2::StringPiece(st.text.data(), st.text.size()), reportLoop)) return true;
    if (st.parent != head || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const std::string_view callee = m.expr(m.child(st.a, 0)).name;
    if (RE2::PartialMatch(re2::StringPiece(callee.data(), callee.size()), failing)) return true;
  }
  return false;
}

namespace {

// `int outcome = call; ...; EXPECT_EQ(outcome, test_passed);` (oneMath's EXPECT_TRUEORSKIP):
// the verdict of the macro's argument kept in a local, asserted to hold or to equal a value
// named for passing (`1`, `true`, `kPassed`, `test_passed`, `SUCCESS`).
bool assertsHeldVerdict(const FileModel& m, FunctionId fid, std::string_view condition) {
  const Function& f = m.functions[fid];
  static const RE2 truthCheck(R"(^(EXPECT|ASSERT)_(EQ|TRUE)$)"), passing(R"((?i)^(1|true)$|pass|succe|^k?ok$)");
  std::string_view local;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    if (st.kind == StmtKind::Assign && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
        unparenthesized(m.expr(st.b).text) == condition) {
      local = m.expr(st.a).name;
      continue;
    }
    if (local.empty() || st.kind != StmtKind::ExprStmt || m.expr(st.a).kind != ExprKind::Call) continue;
    const std::string_view callee = m.expr(m.child(st.a, 0)).name;
    if (!RE2::FullMatch(re2::StringPiece(callee.data(), callee.size()), truthCheck)) continue;
    const CallArgs args = splitCall(m, st.a);
    if (callee.ends_with("TRUE")) {
      if (!args.positional.empty() && m.expr(args.positional[0]).text == local) return true;
      continue;
    }
    if (args.positional.size() != 2) continue;
    for (int i = 0; i < 2; ++i) {
      const std::string_view other = m.expr(args.positional[1 - i]).text;
      if (m.expr(args.positional[i]).text == local && RE2::PartialMatch(re2::StringPiece(other.data(), other.size()), passing)) return true;
    }
  }
  return false;
}

// Whether `f` fails unless its parameter `condition` holds: the shapes of conditionMacroSpec.
bool failsUnlessHolds(const FileModel& m, FunctionId fid, const AssertionFinder& finder, std::string_view condition) {
  const Function& f = m.functions[fid];
  // `cond == false`, `false == cond`, `cond != true`: the condition's falsity.
  const auto negated = [&](std::string_view written) {
    std::string tested;
    for (const char c : written)
      if (c != ' ' && c != '\t' && c != '\n') tested += c;
    for (const std::string_view no : {"==false", "!=true"})
      if (tested.ends_with(no) && std::string_view(tested).substr(0, tested.size() - no.size()) == condition) return true;
    for (const std::string_view no : {"false==", "true!="})
      if (tested.starts_with(no) && std::string_view(tested).substr(no.size()) == condition) return true;
    return false;
  };
  const auto isParameter = [&](std::string_view name) {
    return std::any_of(f.params.begin(), f.params.end(), [&](const Param& p) { return p.name == name && p.name != condition; });
  };
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    const auto isFalsity = [&](std::string_view tested) {
      return (tested.starts_with('!') && unparenthesized(tested.substr(1)) == condition) || negated(tested);
    };
    if (st.kind == StmtKind::While && f.isMacro) {
      // `while (!(x)) Fatal(...)` (OpenSpiel's SPIEL_CHECK_TRUE): fails for as long as it does not hold.
      if (isFalsity(unparenthesized(m.expr(st.a).text)) && failsUnder(m, finder, fid, s)) return true;
    } else if (st.kind == StmtKind::If) {
      const std::string_view tested = unparenthesized(m.expr(st.a).text);
      if (tested == condition) {
        // if (cond) (void)0; else fail(...);
        const StmtId otherwise = nextSibling(m, s);
        if (otherwise != kNone && m.stmts[otherwise].kind == StmtKind::Else && failsUnder(m, finder, fid, otherwise)) return true;
      } else if (isFalsity(tested) && failsUnder(m, finder, fid, s)) {
        return true;  // if (!(cond)) { report(...); abort(); }
      }
    } else if (f.isMacro && st.kind == StmtKind::Assign && st.b != kNone) {
      // `(RETURN_VALUE) = !(STATEMENT);`: the status the caller hands in, set to failure unless
      // the condition holds (cuGraph's C tests return it).
      const std::string_view status = unparenthesized(m.expr(st.a).text), value = unparenthesized(m.expr(st.b).text);
      if (isParameter(status) && value.starts_with('!') && unparenthesized(value.substr(1)) == condition) return true;
    }
  }
  if (assertsHeldVerdict(m, fid, condition)) return true;
  // `#define _halide_user_assert(c) _halide_assert_impl(c, Halide::CompileError)`: the condition
  // handed on as the first argument of a check macro of the same kind.
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const ApiMatch match = finder.matcher().match(m, fid, st.a);
    const CallArgs args = splitCall(m, st.a);
    if (match.spec && !match.spec->oa && match.spec->condition == ConditionCheck::Truth &&
        match.spec->conditionArgument < args.positional.size() &&
        unparenthesized(m.expr(args.positional[match.spec->conditionArgument]).text) == condition)
      return true;
  }
  return false;
}

}  // namespace

std::optional<ApiSpec> conditionMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.empty()) return std::nullopt;
  // A function given the condition as a `bool` (Fastor's `FASTOR_DOES_CHECK_PASS(bool cond, const
  // char* msg)`, throwing when it is false) checks it as a macro does; a macro's condition may
  // follow the status it sets (`TEST_ASSERT(status, cond, message)`).
  if (!f.isMacro && f.params[0].type != "bool") return std::nullopt;
  const size_t candidates = f.isMacro ? std::min<size_t>(f.params.size(), 2) : 1;
  for (size_t k = 0; k < candidates; ++k) {
    if (!failsUnlessHolds(m, fid, finder, f.params[k].name)) continue;
    ApiSpec w;
    nameDiscovered(m, f, w);
    w.category = Category::Exact;
    w.oa = false;
    w.condition = ConditionCheck::Truth;
    w.conditionArgument = static_cast<uint8_t>(k);
    return w;
  }
  return std::nullopt;
}

std::optional<ApiSpec> predicateMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || !f.isMacro || f.params.size() < 2) return std::nullopt;
  const auto paramIndex = [&](std::string_view name) -> int {
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].name == name) return static_cast<int>(i);
    return -1;
  };
  // `auto x = x_exp;`: locals standing for parameters.
  std::vector<std::pair<std::string_view, int>> standsFor;
  const auto operandIndex = [&](std::string_view text) -> int {
    text = unparenthesized(text);
    if (const int i = paramIndex(text); i >= 0) return i;
    for (const auto& [local, i] : standsFor)
      if (local == text) return i;
    return -1;
  };
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    if (st.kind == StmtKind::Assign && st.b != kNone && m.expr(st.a).kind == ExprKind::Name) {
      if (const int i = paramIndex(unparenthesized(m.expr(st.b).text)); i >= 0) standsFor.emplace_back(m.expr(st.a).name, i);
      continue;
    }
    if (st.kind != StmtKind::If) continue;
    // if (!fn(x, y, z)) Fatal(...): the parameter `fn` applied to the others.
    std::string_view tested = unparenthesized(m.expr(st.a).text);
    if (!tested.starts_with('!')) continue;
    ExprId cond = st.a;
    while (cond != kNone && m.expr(cond).kind != ExprKind::Call && m.expr(cond).childCount == 1) cond = m.child(cond, 0);
    if (cond == kNone || m.expr(cond).kind != ExprKind::Call) continue;
    const CallArgs args = splitCall(m, cond);
    const int predicate = paramIndex(m.expr(args.callee).text);
    if (predicate < 0 || args.positional.empty() || !args.keywords.empty()) continue;
    std::vector<uint8_t> operands;
    for (ExprId a : args.positional) {
      const int i = operandIndex(m.expr(a).text);
      if (i < 0 || i == predicate) break;
      operands.push_back(static_cast<uint8_t>(i));
    }
    if (operands.size() != args.positional.size() || !failsUnder(m, finder, fid, s)) continue;
    ApiSpec w;
    nameDiscovered(m, f, w);
    w.category = Category::Exact;
    w.oa = false;
    w.predicateArgument = static_cast<int8_t>(predicate);
    w.predicateOperands = std::move(operands);
    return w;
  }
  return std::nullopt;
}

std::optional<ApiSpec> operatorMacroSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || !f.isMacro || f.params.size() != 2 || !m.source) return std::nullopt;
  // The define's text, its line splices and line comments removed.
  const auto defineText = [&](const Function& d) {
    std::string text;
    if (d.range.endByte > m.source->size() || d.range.startByte >= d.range.endByte) return text;
    const std::string_view raw = std::string_view(*m.source).substr(d.range.startByte, d.range.endByte - d.range.startByte);
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\\' && i + 1 < raw.size() && raw[i + 1] == '\n') {
        ++i;
        continue;
      }
      if (raw[i] == '/' && i + 1 < raw.size() && raw[i + 1] == '/') {
        while (i < raw.size() && raw[i] != '\n') ++i;
        continue;
      }
      text += raw[i];
    }
    return text;
  };
  // #define CHECK_LT(x, y) CHECK_OP(x, <, y)
  static const RE2 handsOperator(R"(#\s*define\s+\w+\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*(\w+)\s*\(\s*(\w+)\s*,\s*(<=|<)\s*,\s*(\w+)\s*\)\s*)");
  std::string left, right, inner, first, op, second;
  if (!RE2::FullMatch(defineText(f), handsOperator, &left, &right, &inner, &first, &op, &second) || left != first || right != second ||
      left != f.params[0].name || right != f.params[1].name)
    return std::nullopt;
  // The macro handed the operator applies it between its operands and fails unless it holds:
  // `if (!((x)op(y))) SpielFatalError(...)` (OpenSpiel's SPIEL_CHECK_OP).
  static const RE2 failing(R"((?i)fatal|fail|abort|throw)");
  for (const Function& d : m.functions) {
    if (!d.isMacro || d.name != inner || d.params.size() != 3) continue;
    const std::string body = defineText(d);
    if (!RE2::PartialMatch(body, RE2("\\)\\s*" + std::string(d.params[1].name) + "\\s*\\(")) || !RE2::PartialMatch(body, failing)) continue;
    // GoogleTest's EXPECT_LT and EXPECT_LE share one entry: the value bounded, then the bound.
    const ApiSpec* catalogued = finder.matcher().catalogue().byId("EXPECT_LT");
    if (!catalogued) return std::nullopt;
    ApiSpec w = *catalogued;
    nameDiscovered(m, f, w);
    return w;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
