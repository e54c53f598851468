// C++ suites that check without an assertion macro: the test aborts when a condition holds
// (Highway's `if (!IsNear(expected, actual, tol)) HWY_ABORT("...")`, gtest's `if (err > tol)
// FAIL() << ...`, `if (diff > eps) throw std::runtime_error(...)`). The `if` is the check, of
// the condition's negation, as `EXPECT_FALSE(cond)` would be.
#include "analyzer/assertions/assertion_finder.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/core/words.h"
#include "analyzer/model/model_memo.h"

namespace oalens::analyzer {

namespace {

// A logging stream that fails as it is written to: `KALDI_ERR << "..."`, `LOG(FATAL) << ...`,
// `PANIC << ...`; the stream's name, or nullopt. Warnings and plain logs (`KALDI_WARN`,
// `LOG(INFO)`) fail nothing.
std::optional<std::string> failingStream(std::string_view text) {
  static const RE2 stream(R"(^\s*((?:[A-Z][A-Z0-9]*_)*(?:ERR|ERROR|FATAL|FAIL|FAILURE|ABORT|DIE|PANIC)|LOG\s*\(\s*FATAL\s*\))\s*<<)");
  std::string name;
  if (!RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), stream, &name)) return std::nullopt;
  return name;
}

// Whether function `fid` declares `flag` a bool that starts true (`bool result = true;`): a
// verdict it reports by returning it.
bool startsTrue(const FileModel& m, FunctionId fid, std::string_view flag) {
  static const RE2 declared(R"(^\s*bool\s+(\w+)\s*(?:=\s*true|\{\s*true\s*\}|\(\s*true\s*\))\s*;?\s*$)");
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    std::string name;
    if (m.stmts[s].function == fid && RE2::FullMatch(re2::StringPiece(m.stmts[s].text.data(), m.stmts[s].text.size()), declared, &name) &&
        name == flag)
      return true;
  }
  return false;
}

// The names a file's calls reach a function by: each callee as written and each part of it after
// a `.` or `:` (`ns::run`, `run`; `self.check`, `check`).
std::set<std::string, std::less<>> calleeNames(const FileModel& m) {
  std::set<std::string, std::less<>> names;
  for (ExprId e = 0; e < m.exprs.size(); ++e) {
    if (m.exprs[e].kind != ExprKind::Call || m.exprs[e].childCount == 0) continue;
    const std::string_view callee = m.expr(m.child(e, 0)).text;
    names.emplace(callee);
    for (size_t at = callee.find_first_of(".:"); at != std::string_view::npos; at = callee.find_first_of(".:", at + 1))
      names.emplace(callee.substr(at + 1));
  }
  return names;
}

// Whether a call of function `fid` by its name is written in its file (`compare_reference(...)`).
// Asked for each return and cleared flag of a file: the file's callees are read once.
bool calledInItsFile(const FileModel& m, FunctionId fid) {
  const std::string_view name = m.functions[fid].name;
  if (name.empty()) return false;
  thread_local ModelMemo<std::optional<std::set<std::string, std::less<>>>> memo;
  std::optional<std::set<std::string, std::less<>>>* kept = memo.of(m);
  if (!kept) return calleeNames(m).contains(name);
  if (!*kept) *kept = calleeNames(m);
  return (*kept)->contains(name);
}

bool isHeaderPath(std::string_view path) {
  static const RE2 header(R"(\.(h|hh|hpp|hxx|cuh|inl|ipp|tcc)$)");
  return RE2::PartialMatch(re2::StringPiece(path.data(), path.size()), header);
}

// A test that reports by its return value (MNN's `bool run(int precision)`, a `main` returning
// its status): `return false;` where the function returns `true` elsewhere, or a verdict that
// starts true (oneMath's `bool result = true; ... return result;`), or a nonzero integer where it
// returns 0 elsewhere, is the test failing.
bool returnsFailure(const FileModel& m, StmtId ret) {
  const Stmt& r = m.stmts[ret];
  if (r.kind != StmtKind::Return || r.a == kNone || r.function == kNone || r.function >= m.functions.size()) return false;
  const bool boolean = m.expr(r.a).text == "false";
  const bool errorStatus = !boolean && isErrorStatus(m, r.a);
  if (!boolean && !errorStatus && !isFailingStatus(m, r.a)) return false;
  const Function& f = m.functions[r.function];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& other = m.stmts[s];
    if (other.function != r.function || other.kind != StmtKind::Return || other.a == kNone) continue;
    const std::string_view answer = m.expr(other.a).text;
    if (boolean       ? (answer == "true" || (m.expr(other.a).kind == ExprKind::Name && startsTrue(m, r.function, answer)))
        : errorStatus ? isOkStatus(m, other.a)
                      : (answer == "0" || answer == "EXIT_SUCCESS"))
      return true;
  }
  return false;
}

// Whether function `fid` takes parameter `name` by reference: `int & retval`, `int& retval`, `int
// &retval` in its signature.
bool takenByReference(const FileModel& m, FunctionId fid, std::string_view name) {
  const Function& f = m.functions[fid];
  if (std::none_of(f.params.begin(), f.params.end(), [&](const Param& p) { return p.name == name; }) || !m.source ||
      f.range.startByte >= m.source->size())
    return false;
  const std::string_view signature = std::string_view(*m.source).substr(f.range.startByte, 400);
  const std::string_view head = signature.substr(0, signature.find('{'));
  for (size_t at = head.find(name); at != std::string_view::npos; at = head.find(name, at + 1)) {
    size_t before = at;
    while (before > 0 && (head[before - 1] == ' ' || head[before - 1] == '\t')) --before;
    const bool word = (at + name.size() >= head.size() ||
                       !(std::isalnum(static_cast<unsigned char>(head[at + name.size()])) || head[at + name.size()] == '_'));
    if (word && before > 0 && head[before - 1] == '&') return true;
  }
  return false;
}

// `retval = EXIT_FAILURE;` where `retval` is a parameter the function takes by reference
// (ViennaCL's `run_solver_check(ref, result, int & retval, epsilon)`): the caller's status, which
// it returns, is set to failing. So is a verdict flag cleared (`passed = false;`) that a macro is
// handed (Sophus's `SOPHUS_TEST_APPROX(passed, left, right, thr, ...)`) or a function takes by
// reference (`bool& passed`).
bool setsFailureThroughParameter(const FileModel& m, StmtId s) {
  const Stmt& st = m.stmts[s];
  if (st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone || st.function == kNone || st.function >= m.functions.size())
    return false;
  const std::string_view value = m.expr(st.b).text;
  if (m.expr(st.a).kind != ExprKind::Name || (value != "EXIT_FAILURE" && value != "false")) return false;
  const Function& f = m.functions[st.function];
  if (value == "false" && f.isMacro) return f.hasParam(m.expr(st.a).name);
  return takenByReference(m, st.function, m.expr(st.a).name);
}

// The statements of `m` running a reduction over functor class `cls` (`Kokkos::parallel_reduce(policy,
// *this, failures)` in a method of it, or `parallel_reduce("spmv", policy, fSPMV(want, got, eps),
// num_errors)`), each with the name of the local the reduction's result goes to.
std::vector<std::pair<StmtId, std::string_view>> reductionsOver(const FileModel& m, ClassId cls) {
  std::vector<std::pair<StmtId, std::string_view>> out;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
      const Expr& call = m.expr(e);
      if (call.kind != ExprKind::Call || call.childCount < 3 || m.expr(m.child(e, 0)).name != "parallel_reduce") continue;
      const Expr& result = m.expr(m.child(e, call.childCount - 1));
      if (result.kind == ExprKind::Name && parallelFunctor(m, st.function, e) == m.classes[cls].name) out.emplace_back(s, result.name);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> AssertionFinder::abortIn(const FileModel& m, StmtId head) const {
  if (std::optional<std::string> failure = failureIn(m, head)) return failure;
  if (m.language == Language::Cpp) return countedFailureIn(m, head);
  return std::nullopt;
}

std::optional<std::string> AssertionFinder::failureIn(const FileModel& m, StmtId head) const {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;  // nested deeper: not what the condition alone decides
    if (st.kind == StmtKind::Raise) return std::string("throw");
    if (m.language == Language::Cpp && returnsFailure(m, e)) return std::string("return");
    // Not a predicate's answer: the caller's status fails at this call, which checks by itself.
    if (m.language == Language::Cpp && setsFailureThroughParameter(m, e)) return std::string("status");
    if (st.kind != StmtKind::ExprStmt || st.a == kNone) continue;
    if (std::optional<std::string> stream = failingStream(m.expr(st.a).text)) return stream;
    if (m.expr(st.a).kind != ExprKind::Call) continue;
    const ApiMatch match = matcher_.match(m, st.function, st.a);
    if (failsTheTest(m, match, st.a)) return match.spec ? match.spec->id : std::string(match.lastName);
  }
  return std::nullopt;
}

std::optional<std::string> AssertionFinder::countedFailureIn(const FileModel& m, StmtId head) const {
  // Or what failed kept in a local list (ChainerX's gradient check: `if (!AllClose(...))
  // failed_input_indices.emplace_back(i);`, later `if (!failed_input_indices.empty()) throw ...`).
  static const RE2 recorded(R"(^\s*(\w+)\s*(?:\.|->)\s*(?:push_back|emplace_back|insert|emplace|append)\s*\(.*\)\s*;?\s*$)");
  // Or a flag cleared (`if (std::fabs(y[i] - ref[i]) > tol) passed = false;`, then
  // `EXPECT_TRUE(passed)`): kept as "!passed", the name the later failure reads.
  static const RE2 cleared(R"(^\s*(\w+)\s*=\s*false\s*;?\s*$)");
  // Or a program's status set to failure (`if (tol < ABS(x - want)) result = EXIT_FAILURE;`, later
  // `return result;` from main: libxsmm's test programs): read as a count that must stay zero.
  static const RE2 failedStatus(R"(^\s*(\w+)\s*=\s*EXIT_FAILURE\s*;?\s*$)");
  const Stmt& h = m.stmts[head];
  std::string counter;
  for (StmtId e = head + 1; e < m.stmts.size() && counter.empty(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;
    std::string a;
    if (std::string counted = incrementedName(st.text); !counted.empty()) counter = std::move(counted);
    else if (RE2::FullMatch(re2::StringPiece(st.text.data(), st.text.size()), recorded, &a)) counter = a;
    else if (RE2::FullMatch(re2::StringPiece(st.text.data(), st.text.size()), cleared, &a)) counter = "!" + a;
    else if (RE2::FullMatch(re2::StringPiece(st.text.data(), st.text.size()), failedStatus, &a)) counter = a;
  }
  if (counter.empty()) return std::nullopt;
  // One answer per file and counter: a file of many counting `if`s reads the rest of itself once.
  thread_local ModelMemo<std::map<std::string, std::optional<std::string>, std::less<>>> memo;
  auto* found = memo.of(m);
  if (!found) return laterFailureOnCount(m, head, counter);
  // A flag may be a verdict its own function returns, and a functor's count the value of a reduction
  // over its class (laterFailureOnCount): one answer per function.
  const bool functorCount = h.function != kNone && h.function < m.functions.size() && m.functions[h.function].name == "operator()";
  const std::string key = counter.starts_with('!') || functorCount ? fmt::format("{}@{}", counter, h.function) : counter;
  if (const auto hit = found->find(key); hit != found->end()) return hit->second;
  std::optional<std::string> failure = laterFailureOnCount(m, head, counter);
  found->emplace(key, failure);
  return failure;
}

std::optional<std::string> AssertionFinder::laterFailureOnCount(const FileModel& m, StmtId head, const std::string& counter) const {
  // Where the count is read: a test of it that fails, a check that it is zero, or main's status.
  static const RE2 nonzero(
      R"(^\(?\s*(?:(\w+)\s*(?:>\s*0|!=\s*0|>=\s*1)?|!\s*(\w+)\s*(?:\.|->)\s*empty\s*\(\s*\)|(\w+)\s*(?:\.|->)\s*size\s*\(\s*\)\s*(?:>\s*0|!=\s*0|>=\s*1))\s*\)?$)");
  static const RE2 zeroCheck(
      R"(^(?:(?:EXPECT|ASSERT)_(?:EQ|LE)\s*\(\s*(?:(\w+)\s*,\s*0\s*|0\s*,\s*(\w+)\s*)|(?:EXPECT|ASSERT)_TRUE\s*\(\s*(?:(\w+)\s*==\s*0|0\s*==\s*(\w+))\s*)\))");
  // A cleared flag fails where the test asserts it holds, or where its negation fails.
  static const RE2 holdsCheck(R"(^(?:EXPECT_TRUE|ASSERT_TRUE|CHECK|REQUIRE|BOOST_CHECK|BOOST_REQUIRE|BOOST_TEST)\s*\(\s*(\w+)\s*\))");
  static const RE2 negation(R"(^\(?\s*!\s*(\w+)\s*\)?$)");
  if (counter.starts_with('!')) {
    const std::string_view flag = std::string_view(counter).substr(1);
    // Returned as the function's verdict, a flag that starts true: the test reports by it. Not in
    // a helper the file calls (cutlass's `passed = compare_reference(...)`) nor one of a header
    // (`all_near(got, want, n)`, for other files to call): there the check is its caller's. A
    // function of a source file that nothing in it calls is a test run by a harness (oneMath's
    // `accuracy`, handed on by pointer).
    if (const FunctionId fid = m.stmts[head].function;
        fid != kNone && fid < m.functions.size() && startsTrue(m, fid, flag) && !calledInItsFile(m, fid) && !isHeaderPath(m.path))
      for (StmtId s = m.functions[fid].firstStmt; s < m.functions[fid].endStmt && s < m.stmts.size(); ++s)
        if (const Stmt& st = m.stmts[s]; st.function == fid && st.kind == StmtKind::Return && st.a != kNone && m.expr(st.a).text == flag)
          return std::string("return");
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (s == head || st.a == kNone) continue;
      std::string name;
      const std::string_view text = m.expr(st.a).text;
      if (st.kind == StmtKind::If && RE2::FullMatch(re2::StringPiece(text.data(), text.size()), negation, &name) && name == flag)
        if (std::optional<std::string> failure = failureIn(m, s)) return failure;
      const std::string_view whole = st.text;
      if (st.kind == StmtKind::ExprStmt && RE2::PartialMatch(re2::StringPiece(whole.data(), whole.size()), holdsCheck, &name) &&
          name == flag)
        return std::string(whole.substr(0, whole.find('(')));
    }
    return std::nullopt;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (s == head || st.a == kNone) continue;
    std::string name, emptied, sized;
    const std::string_view text = m.expr(st.a).text;
    if (st.kind == StmtKind::If && RE2::FullMatch(re2::StringPiece(text.data(), text.size()), nonzero, &name, &emptied, &sized) &&
        name + emptied + sized == counter) {
      // Its block fails directly (no second count: the failure is this `if`'s own).
      if (std::optional<std::string> failure = failureIn(m, s)) return failure;
      continue;
    }
    std::string first, second, third, fourth;
    const std::string_view whole = st.text;
    if (st.kind == StmtKind::ExprStmt &&
        RE2::PartialMatch(re2::StringPiece(whole.data(), whole.size()), zeroCheck, &first, &second, &third, &fourth) &&
        (first + second + third + fourth) == counter)
      return std::string(whole.substr(0, whole.find('(')));
    if (st.kind == StmtKind::Return && st.function != kNone && m.functions[st.function].name == "main" && text == counter)
      return std::string("return");
  }
  // `void operator()(int i, int& errors) const { ... if (!ok) ++errors; }`: the count of a functor
  // a reduction of the file runs, whose result the file checks where the reduction stores it
  // (Kokkos's device-side checks, which cannot call the test framework).
  if (const FunctionId fid = m.stmts[head].function; fid != kNone && fid < m.functions.size()) {
    const Function& f = m.functions[fid];
    if (f.name == "operator()" && f.cls != kNone && !f.params.empty() && f.params.back().name == counter &&
        takenByReference(m, fid, counter))
      for (const auto& [reduction, result] : reductionsOver(m, f.cls))
        if (std::optional<std::string> failure = laterFailureOnCount(m, reduction, std::string(result))) return failure;
  }
  return std::nullopt;
}

void AssertionFinder::fromAbortingIf(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  if (m.language != Language::Cpp || st.kind != StmtKind::If || st.a == kNone) return;
  std::optional<std::string> abort = abortIn(m, s);
  // `if (close(a, b, eps) && close(c, d, eps)) puts("PASSED"); else { ...; return EXIT_FAILURE; }`:
  // the `else` fails, so the condition itself is checked.
  bool failsOtherwise = false;
  if (!abort)
    if (const StmtId otherwise = nextSibling(m, s); otherwise != kNone && m.stmts[otherwise].kind == StmtKind::Else) {
      abort = failureIn(m, otherwise);
      failsOtherwise = abort.has_value();
    }
  if (!abort) return;
  Assertion a = newAssertion(m, s);
  // The check is the condition; the block that reports and fails is not (its lines print).
  a.range.end = m.expr(st.a).range.end;
  a.api = *abort;
  a.apiText = *abort;
  a.form = "if";
  fromCondition(m, a, st.a);
  if (!a.isOa)
    if (const std::optional<OaCheck> held = heldVerdictCheck(m, st.function, s, st.a)) fromCheck(m, a, *held);
  if (!a.isOa) return;
  // `if (fabs(result[i] - expected[i]) > tol) return false;` in a helper comparing its two
  // parameters: the helper is the check (a predicate, wrapper discovery's), at its call sites.
  if (abort->starts_with("return") && a.actualExpr != kNone && a.expectedExpr != kNone &&
      !originParam(m, st.function, a.actualExpr, 0, false).empty() && !originParam(m, st.function, a.expectedExpr, 0, false).empty())
    return;
  if (!failsOtherwise) a.negated = !a.negated;
  out.push_back(std::move(a));
}

// `return rel_mat_err_check(m, n, A, lda, A_ref, lda, 30.0);` ending a test that reports by its
// return value (a `bool` function of a source file that never calls it, run by a harness through a
// pointer: oneMath's `accuracy`): the check returned is the test's verdict.
void AssertionFinder::fromReturnedVerdict(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  if (m.language != Language::Cpp || st.kind != StmtKind::Return || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) return;
  const FunctionId fid = st.function;
  if (fid == kNone || fid >= m.functions.size() || !m.source || isHeaderPath(m.path)) return;
  const Function& f = m.functions[fid];
  if (f.range.startByte >= m.source->size()) return;
  const std::string_view signature = std::string_view(*m.source).substr(f.range.startByte, 400);
  const std::string_view head = signature.substr(0, std::min(signature.find('('), signature.size()));
  if (!mentionsWord(head, "bool") || calledInItsFile(m, fid)) return;
  Assertion a = newAssertion(m, s);
  a.api = "return";
  a.apiText = "return";
  a.form = "return";
  fromCondition(m, a, st.a);
  if (!a.isOa) return;
  // A helper comparing its own two parameters is a predicate, checked at its call sites.
  if (a.actualExpr != kNone && a.expectedExpr != kNone && !originParam(m, fid, a.actualExpr, 0, false).empty() &&
      !originParam(m, fid, a.expectedExpr, 0, false).empty())
    return;
  out.push_back(std::move(a));
}

// Whether `e` is a chain of `&&` with the name `flag` among its operands (`ok && a && b`).
static bool andChainHolds(const FileModel& m, ExprId e, std::string_view flag, int depth = 0) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) return x.name == flag;
  if (x.kind != ExprKind::BoolOp || x.name != "and" || depth > kMaxConditionDepth) return false;
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (andChainHolds(m, m.child(e, i), flag, depth + 1)) return true;
  return false;
}

// `subtest_ok = subtest_ok && almost_equal(g, 1.0, atol);`, `ok &= close(a, b);`, or `const bool ok
// = almost_equal(w, 0.5, 1e-10);` then `report(..., ok, ...)` (ggml's test programs, which count the
// flag's passes and failures when they report it): each statement that folds a check into a flag the
// test reports is that check. Not where the flag is asserted later (`EXPECT_TRUE(ok)`, one check read
// through the flag) or returned (a predicate, checked at its call sites); a flag set once only where
// the test hands it to a call and decides nothing by it (`if (ok)`).
void AssertionFinder::fromAccumulatedFlag(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  if (m.language != Language::Cpp || st.a == kNone || st.b == kNone || st.function == kNone || m.expr(st.a).kind != ExprKind::Name) return;
  const std::string_view flag = m.expr(st.a).name;
  // `int ret = test_layer("ReLU", pd, weights, a); if (ret != 0) fprintf(...); return ret;` (ncnn's
  // layer tests): the answer of a helper that checks, kept and handed up as the function's own
  // status, is the check where it is called: a status that is nonzero when the values differ, or
  // that of a helper asserting inside (its status is whatever it answers). Not in a helper handing
  // up the status of a check of two of its own parameters (`int r = CompareMat(a[i], b[i], eps);
  // ... return r;`): that helper is the predicate, checked at its call sites.
  if (st.kind == StmtKind::Assign && m.expr(st.b).kind == ExprKind::Call && st.function < m.functions.size()) {
    const ApiMatch match = matcher_.match(m, st.function, st.b);
    const ApiSpec* spec = match.spec;
    const bool status = spec && spec->discovered && spec->oa && spec->isPredicate() && spec->negated;
    const bool assertsInside = spec && spec->discovered && spec->oa && spec->kind == ApiKind::Function && !spec->approx;
    if (status || assertsInside) {
      const Function& f = m.functions[st.function];
      bool handedUp = false;
      for (StmtId t = s + 1; t < f.endStmt && t < m.stmts.size() && !handedUp; ++t) {
        const Stmt& later = m.stmts[t];
        handedUp = later.function == st.function && later.kind == StmtKind::Return && later.a != kNone &&
                   m.expr(later.a).kind == ExprKind::Name && m.expr(later.a).name == flag;
      }
      const CallArgs args = splitCall(m, st.b);
      const auto fromParameter = [&](const std::string& param) {
        if (param.empty()) return false;
        const ExprId arg = argumentFor(m, *spec, args, param);
        return arg != kNone && !originParam(m, st.function, arg, 0, false).empty();
      };
      if (handedUp && !(fromParameter(spec->actual) && fromParameter(spec->expected))) {
        Assertion a = newAssertion(m, s);
        fromCheck(m, a, OaCheck{spec, st.b});
        a.form = "status";
        a.negated = false;  // handed up, the status fails the test where the values differ
        if (a.isOa) out.push_back(std::move(a));
      }
      return;
    }
  }
  const bool folded = (st.kind == StmtKind::AugAssign && st.op == "&=") ||
                      (st.kind == StmtKind::Assign && m.expr(st.b).kind == ExprKind::BoolOp && andChainHolds(m, st.b, flag));
  // Set once: a `bool` the statement declares (not a count a helper returns, `size_t n = nMismatches(a, b)`).
  const auto declaresBool = [&] {
    std::string_view t = st.text;
    const auto skipBlanks = [&] {
      while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    };
    skipBlanks();
    if (t.starts_with("const ")) {
      t.remove_prefix(6);
      skipBlanks();
    }
    if (!t.starts_with("bool ")) return false;
    t.remove_prefix(5);
    skipBlanks();
    return t.starts_with(flag) &&
           (t.size() == flag.size() || !(std::isalnum(static_cast<unsigned char>(t[flag.size()])) || t[flag.size()] == '_'));
  };
  const bool setOnce = !folded && st.kind == StmtKind::Assign && m.expr(st.b).kind == ExprKind::Call && declaresBool();
  if (!folded && !setOnce) return;
  // What answers a verdict: a predicate's call or a comparison; not a helper computing a value
  // (`abs_tol = get_abs_tolerance(x, rel_tol)`, a count of mismatches).
  const std::optional<OaCheck> decided = conditionCheck(m, st.function, st.b);
  if (!decided || (decided->spec && !decided->spec->isPredicate())) return;
  const Function& f = m.functions[st.function];
  bool handedOn = false;
  for (StmtId t = s + 1; t < f.endStmt && t < m.stmts.size(); ++t) {
    const Stmt& later = m.stmts[t];
    if (later.function != st.function || later.a == kNone) continue;
    // The flag bound anew (a block's own `const bool subtest_ok = ...`): what follows reads that one.
    if (later.kind == StmtKind::Assign && m.expr(later.a).kind == ExprKind::Name && m.expr(later.a).name == flag && later.b != kNone &&
        !andChainHolds(m, later.b, flag))
      break;
    if (later.kind == StmtKind::Return && mentionsWord(m.expr(later.a).text, flag)) return;
    if (later.kind == StmtKind::If && mentionsWord(m.expr(later.a).text, flag) && setOnce) return;
    if (later.kind == StmtKind::Assign && later.b != kNone && mentionsWord(m.expr(later.b).text, flag) && setOnce) return;
    if (later.kind != StmtKind::ExprStmt || m.expr(later.a).kind != ExprKind::Call) continue;
    const ApiMatch match = matcher_.match(m, later.function, later.a);
    const AssertionForm form = assertionFormOf(match, m.language);
    if ((form == AssertionForm::Truth || form == AssertionForm::Falsity) && mentionsWord(m.expr(later.a).text, flag)) return;
    for (ExprId arg : splitCall(m, later.a).positional) handedOn |= m.expr(arg).kind == ExprKind::Name && m.expr(arg).name == flag;
  }
  if (setOnce && !handedOn) return;
  Assertion a = newAssertion(m, s);
  a.api = "flag";
  a.apiText = std::string(flag);
  a.form = "flag";
  fromCheck(m, a, *decided);
  if (a.isOa) out.push_back(std::move(a));
}

}  // namespace oalens::analyzer
