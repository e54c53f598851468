#include "analyzer/scan/library_sources.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/approx_equality.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/parallel.h"
#include "analyzer/core/words.h"
#include "analyzer/frontend/cpp/cpp_test_macros.h"
#include "analyzer/frontend/frontends.h"

namespace oalens::analyzer {

namespace {

// The outermost call of a condition, through `!`, `not` and `== true`: what decides it.
ExprId outermostCall(const FileModel& m, ExprId e) {
  for (int hops = 0; e != kNone && hops < 8; ++hops) {
    const Expr& x = m.expr(e);
    // allclose(a, b).item<bool>(), isclose(a, b).all(): the boolean array's call, read out.
    if (x.kind == ExprKind::Call && x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Attribute &&
        m.expr(m.child(m.child(e, 0), 0)).kind == ExprKind::Call && isReduction(m.expr(m.child(e, 0)).name)) {
      e = m.child(m.child(e, 0), 0);
      continue;
    }
    // isclose(a, b)(0, 0): an element of what the check returns.
    if (x.kind == ExprKind::Call && x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Call) {
      e = m.child(e, 0);
      continue;
    }
    if (x.kind == ExprKind::Call) return e;
    if (x.kind == ExprKind::UnaryOp && x.childCount == 1) {
      e = m.child(e, 0);
      continue;
    }
    if (x.kind == ExprKind::Compare && m.childCount(e) == 2) {
      const std::string_view other = m.expr(m.child(e, 1)).text;
      if (other != "true" && other != "false") return kNone;
      e = m.child(e, 0);
      continue;
    }
    return kNone;
  }
  return kNone;
}

// The name a call is made by, when it is given at least two values: a check compares two, or
// one with a bound (`q.is_member(x)`, `good()` and `s.contains(k)` compare nothing; a method
// compares its object with one argument only without a tolerance, `a.equals(b, tol)`).
std::string_view calleeName(const FileModel& m, ExprId call) {
  if (call == kNone || m.expr(call).childCount == 0) return {};
  const ExprId callee = m.child(call, 0);
  const Expr& c = m.expr(callee);
  if (c.kind != ExprKind::Name && c.kind != ExprKind::Attribute) return {};
  if (splitCall(m, call).positional.size() < 2) return {};
  return c.name;
}

// Whether the block `head` opens fails the test: an aborting call or a `throw` directly in it.
bool blockAborts(const FileModel& m, const ApiMatcher& matcher, StmtId head) {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;
    if (st.kind == StmtKind::Raise) return true;
    if (st.kind == StmtKind::ExprStmt && st.a != kNone && m.expr(st.a).kind == ExprKind::Call)
      if (failsTheTest(m, matcher.match(m, st.function, st.a), st.a)) return true;
  }
  return false;
}

}  // namespace

CheckedNames namesTestsCheckWith(const std::vector<const FileModel*>& tests, const std::vector<const FileModel*>& parsed,
                                 const Catalogue& catalogue) {
  // What a test file can call without the library: its own functions and those the other parsed
  // files define, except a test source's `static` ones: Kaldi's cu-packed-matrix-test.cc
  // `static void AssertEqual(...)` is not seen by another test, which calls the library's.
  std::unordered_set<std::string_view> defined, assigned, definedClasses;
  // A header under a test folder (testHelpers.hpp) is included by the tests: its functions count.
  std::unordered_set<const FileModel*> testSources;
  for (const FileModel* t : tests)
    if (!isCppHeaderPath(t->path)) testSources.insert(t);
  // `static` before the name: a function of its own source file only.
  const auto fileLocal = [](const FileModel& m, const Function& f) {
    if (!m.source || f.cls != kNone || f.range.startByte >= m.source->size()) return false;
    const std::string_view text = std::string_view(*m.source).substr(f.range.startByte, 200);
    const size_t name = text.find(f.name);
    return name != std::string_view::npos && mentionsWord(text.substr(0, name), "static");
  };
  // The qualified names a test source defines a name as (`allClose` at file level in one test,
  // `fl.allClose` in the library): a call qualified otherwise is not to them.
  std::unordered_map<std::string_view, std::vector<std::string_view>> definedInTests;
  for (const FileModel* m : parsed) {
    if (m->language == Language::Cpp)
      for (const ClassDef& c : m->classes) definedClasses.insert(c.name);
    for (const Function& f : m->functions) {
      // A test case names no function a check can call (`TEST_P(NumericTest, AllClose)` beside
      // calls of the library's `AllClose`).
      if (f.isTestCase) continue;
      if (!testSources.count(m) || !fileLocal(*m, f)) defined.insert(f.name);
      if (testSources.count(m)) definedInTests[f.name].push_back(f.qualifiedName);
    }
    // A constant at namespace scope; a function's local of the name (`auto constexpr kRtEps =
    // xgboost::kRtEps;` in one test) defines nothing the other tests read.
    for (const Stmt& st : m->stmts)
      if (st.kind == StmtKind::Assign && st.function == kNone && st.a != kNone && m->expr(st.a).kind == ExprKind::Name)
        assigned.insert(m->expr(st.a).name);
  }
  std::unordered_set<std::string_view> ownFunctions;
  static const RE2 checkLike(R"((?i)(assert|expect|check|verify|compare|near|close|equal|approx|similar|match))");
  const Catalogue noWrappers;
  const ApiMatcher matcher(catalogue, noWrappers);
  std::set<std::string> functions, constants, types;
  // `(Arc{0, 2, 10, -2.2f})`, `k2::Arc(1, 2)`: the class a value is built as, named in capitals
  // (not `std::vector<int>{1, 2}`).
  auto wantType = [&](const FileModel& m, ExprId e) {
    const std::string dotted = cppDottedName(builtClassName(m.expr(e).text));
    const std::string_view type = lastDottedComponent(dotted);
    if (!type.empty() && std::isupper(static_cast<unsigned char>(type.front())) && !definedClasses.count(type)) types.emplace(type);
  };
  // `libraryQualified`: the call names it in a namespace where no parsed test file defines it.
  auto wantFunction = [&](std::string_view name, bool libraryQualified = false) {
    if (name.empty() || (defined.count(name) && !libraryQualified) || ownFunctions.count(name)) return;
    if (catalogue.byShortName(name, Language::Cpp) || catalogue.byQualifiedName(name, Language::Cpp)) return;
    functions.emplace(name);
  };
  // `fl::allClose(a, b)` where another test file defines an `allClose` of its own outside `fl`
  // (Flashlight's ArrayFire backend test): the call names the library's, which is read.
  auto wantCall = [&](const FileModel& m, ExprId call) {
    const std::string_view name = calleeName(m, call);
    const auto tests = name.empty() ? definedInTests.end() : definedInTests.find(name);
    const std::string_view written = tests == definedInTests.end() ? std::string_view{} : m.expr(m.child(call, 0)).text;
    const std::string dotted = written.find("::") == std::string_view::npos ? std::string{} : cppDottedName(written);
    if (!dotted.empty() && std::ranges::any_of(tests->second, [&](std::string_view q) { return endsWithDotted(q, dotted); })) return;
    wantFunction(name, !dotted.empty());
  };
  auto wantConstant = [&](const FileModel& m, ExprId e) {
    if (e == kNone) return;
    if (m.expr(e).kind == ExprKind::Call && m.childCount(e) == 2) e = m.child(e, 1);  // type(EPSILON)
    if (m.expr(e).kind == ExprKind::Name && !assigned.count(m.expr(e).name)) constants.emplace(m.expr(e).name);
  };
  for (const FileModel* file : tests) {
    const FileModel& m = *file;
    if (m.language != Language::Cpp) continue;
    ownFunctions.clear();
    for (const Function& f : m.functions)
      if (!f.isTestCase) ownFunctions.insert(f.name);
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.a == kNone) continue;
      if (st.kind == StmtKind::If && blockAborts(m, matcher, s)) {
        wantCall(m, outermostCall(m, st.a));
        continue;
      }
      if (st.kind != StmtKind::ExprStmt || m.expr(st.a).kind != ExprKind::Call) continue;
      const ApiMatch match = matcher.match(m, st.function, st.a);
      const AssertionForm form = assertionFormOf(match, m.language);
      const CallArgs args = splitCall(m, st.a);
      if (match.spec && match.spec->oa) {
        for (ExprId a : args.positional) wantConstant(m, a);
        for (const auto& [key, a] : args.keywords) wantConstant(m, a);
      }
      if ((match.lastName.ends_with("_EQ") || match.lastName.ends_with("_NE")) && args.positional.size() == 2)
        for (ExprId a : args.positional) wantType(m, a);
      if (form == AssertionForm::Truth || form == AssertionForm::Falsity) {
        if (!args.positional.empty()) wantCall(m, outermostCall(m, args.positional[0]));
      } else if (!match.spec) {
        std::string_view name = calleeName(m, st.a);
        // A check macro given one condition (`KALDI_ASSERT(ApproxEqual(a, b))`): its definition,
        // maybe the library's, says whether it checks it (condition_macros.h), and the condition's
        // call is what it checks with.
        // Also one in lower case named for asserting and given a comparison (Halide's
        // `_halide_user_assert(diff < eps) << "..."`, defined in its src/Error.h).
        static const RE2 assertName(R"((?i)assert)");
        const ExprId callee = m.child(st.a, 0);
        const auto conditionMacro = [&] {
          if (m.expr(callee).kind != ExprKind::Name) return false;
          const std::string_view called = m.expr(callee).name;
          if (looksLikeMacroName(called)) return true;
          const ExprKind argument = m.expr(args.positional[0]).kind;
          return RE2::PartialMatch(re2::StringPiece(called.data(), called.size()), assertName) &&
                 (argument == ExprKind::Compare || argument == ExprKind::BoolOp || argument == ExprKind::Not);
        };
        if (name.empty() && args.positional.size() == 1 && conditionMacro()) {
          name = m.expr(callee).name;
          // Only a condition's call named like a check: `ASSERT_SUCCESS(af_resize(...))` checks
          // a status, and the library's functions would all be read.
          const std::string_view inner = calleeName(m, outermostCall(m, args.positional[0]));
          if (RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), checkLike) &&
              RE2::PartialMatch(re2::StringPiece(inner.data(), inner.size()), checkLike))
            wantFunction(inner);
        }
        if (RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), checkLike)) wantFunction(name);
      }
    }
  }
  return {{functions.begin(), functions.end()}, {constants.begin(), constants.end()}, {types.begin(), types.end()}};
}

namespace {

std::string escapedAlternation(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += '|';
    out += RE2::QuoteMeta(n);
  }
  return out;
}

// Whether the text before a name on its line reads as the start of a definition or a
// declaration (`inline bool`, `template <class T> bool`, `void Tensor::`), not as a use.
bool definitionPrefix(std::string_view prefix, std::string_view lineBefore) {
  auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\r')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
    return t;
  };
  prefix = trim(prefix);
  if (prefix.empty()) {
    // The return type on the line before (`template <class T>\ninline bool\nequal(`): a line
    // ending in a name or a declarator, not a statement, a block or an argument list.
    lineBefore = trim(lineBefore);
    if (lineBefore.empty() || lineBefore.starts_with("//") || lineBefore.starts_with("*") || lineBefore.starts_with("#")) return false;
    const char last = lineBefore.back();
    return std::isalnum(static_cast<unsigned char>(last)) || last == '_' || last == '>' || last == '*' || last == '&';
  }
  // Template arguments may hold anything (`enable_if<is_complex<T>, bool>::type equal (`).
  std::string outside;
  int angle = 0;
  for (char c : prefix) {
    if (c == '<') ++angle;
    else if (c == '>' && angle > 0) --angle;
    else if (angle == 0) outside += c;
  }
  if (outside.find_first_of(";(){}=,\"") != std::string::npos) return false;
  if (prefix.ends_with(".") || prefix.ends_with("->")) return false;
  const size_t wordEnd = prefix.find_first_of(" \t<:*&");
  const std::string_view first = prefix.substr(0, wordEnd);
  for (std::string_view use :
       {"return", "else", "case", "if", "while", "for", "do", "throw", "new", "delete", "sizeof", "co_return", "goto", "using", "typedef"})
    if (first == use) return false;
  return true;
}

}  // namespace

std::vector<size_t> filesDefining(const std::vector<SourcePath>& candidates, const std::vector<std::string>& names,
                                  const InputLimits& limits, unsigned threads, const std::vector<std::string>& constants,
                                  const std::vector<std::string>& types) {
  if ((names.empty() && constants.empty() && types.empty()) || candidates.empty()) return {};
  // A match without a submatch runs on RE2's DFA alone: most files mention no name at all.
  // An empty list matches nothing: a NUL byte is in no file read (input_guard.h).
  const std::string functions = names.empty() ? std::string("\\x00") : escapedAlternation(names);
  const RE2 anyMention("(?:" + functions + ")\\s*\\(");
  const RE2 mention("\\b(" + functions + ")\\s*\\(");
  const RE2 macro("(?m)^[ \\t]*#[ \\t]*define[ \\t]+(" + functions + ")\\(");
  // `static constexpr float_equal_fn float_equal{};`: a function object called by the name.
  const RE2 functionObject("(?m)^[ \\t]*(?:(?:static|inline|constexpr|const)[ \\t]+)+\\w+[ \\t]+(?:" + functions +
                           ")[ \\t]*\\{[ \\t]*\\}[ \\t]*;");
  const std::string values = constants.empty() ? std::string("\\x00") : escapedAlternation(constants);
  const RE2 constant("(?m)^[ \\t]*(?:(?:static|inline|extern|constexpr|const|constinit)[ \\t]+)+[\\w:<>, \\t]*?\\b(?:" + values +
                     ")[ \\t]*(?:=|\\{)|^[ \\t]*#[ \\t]*define[ \\t]+(?:" + values + ")[ \\t]");
  const std::string classes = types.empty() ? std::string("\\x00") : escapedAlternation(types);
  const RE2 classDefinition("\\b(?:struct|class)[ \\t]+(?:\\w+[ \\t]+)*(?:" + classes + ")\\b[^;{]*\\{");
  std::vector<char> defines(candidates.size(), 0);
  parallelFor(candidates.size(), threadCount(threads, candidates.size()), [&](size_t i, unsigned) {
    const SourceInput src = readSourceFile(candidates[i].absolute, limits);
    if (src.error != ReadError::None) return;
    const re2::StringPiece text(src.text.data(), src.text.size());
    if (!constants.empty() && RE2::PartialMatch(text, constant)) {
      defines[i] = 1;
      return;
    }
    if (!types.empty() && src.text.find("operator==") != std::string::npos && RE2::PartialMatch(text, classDefinition)) {
      defines[i] = 1;
      return;
    }
    if (!names.empty() && RE2::PartialMatch(text, functionObject)) {
      defines[i] = 1;
      return;
    }
    if (names.empty() || !RE2::PartialMatch(text, anyMention)) return;
    if (RE2::PartialMatch(text, macro)) {
      defines[i] = 1;
      return;
    }
    re2::StringPiece rest = text;
    re2::StringPiece name;
    while (RE2::FindAndConsume(&rest, mention, &name)) {
      const size_t at = static_cast<size_t>(name.data() - text.data());
      const size_t lineStart = src.text.rfind('\n', at == 0 ? 0 : at - 1);
      const size_t from = lineStart == std::string::npos ? 0 : lineStart + 1;
      std::string_view before;
      if (from >= 2) {
        const size_t previousStart = src.text.rfind('\n', from - 2);
        const size_t begin = previousStart == std::string::npos ? 0 : previousStart + 1;
        before = std::string_view(src.text).substr(begin, from - 1 - begin);
      }
      if (from <= at && definitionPrefix(std::string_view(src.text).substr(from, at - from), before)) {
        defines[i] = 1;
        return;
      }
    }
  });
  std::vector<size_t> out;
  for (size_t i = 0; i < candidates.size(); ++i)
    if (defines[i]) out.push_back(i);
  return out;
}

}  // namespace oalens::analyzer
