#include "analyzer/assertions/declared_checks.h"

#include <re2/re2.h>

#include "analyzer/core/words.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace oalens::analyzer {

namespace {

re2::StringPiece piece(std::string_view s) { return {s.data(), s.size()}; }

bool namedForCloseness(std::string_view name) {
  static const RE2 close(R"((?i)(near|close|approx|almost_?equal))");
  // Neighbour searches and closures are no closeness checks.
  static const RE2 other(R"((?i)(nearest|closest|closure|closed|closing|enclose))");
  return RE2::PartialMatch(piece(name), close) && !RE2::PartialMatch(piece(name), other);
}

// `assert_equal(expected, actual, double tol = 1e-9)`, `equal_with_abs_tol`, `a.equals(b, tol)`
// (GTSAM's checks): equality within the tolerance the signature takes; never `assert_inequal`.
bool namedForEquality(std::string_view name) {
  static const RE2 equal(R"((?i)equal)"), unequal(R"((?i)(not_?equal|inequal|unequal|differ))");
  return RE2::PartialMatch(piece(name), equal) && !RE2::PartialMatch(piece(name), unequal);
}

// Whether the body of `f` (when the model holds one) mentions `param`: an overload that compares
// exactly and ignores the tolerance it takes (GTSAM's `assert_equal(const Key&, const Key&,
// double tol = 0.0)`, `if (expected != actual)`) checks nothing within it.
bool bodyUses(const FileModel& m, const Function& f, std::string_view param) {
  if (!m.source || f.range.endByte > m.source->size() || f.range.startByte >= f.range.endByte) return true;
  const std::string_view text = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  const size_t open = f.isMacro ? text.find(')') : text.find('{');
  if (open == std::string_view::npos) return true;
  return mentionsWord(text.substr(open + 1), param);
}

// Whether the signature of `f` declares it to return `bool` (`inline bool assert_equal(...)`,
// GTSAM's checks, asserted where they are called: `EXPECT(assert_equal(a, b, 1e-9))`).
bool returnsBool(const FileModel& m, const Function& f) {
  if (f.isMacro || !m.source || f.range.startByte >= m.source->size()) return false;
  std::string_view text = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  const size_t name = findWord(text, f.name);
  if (name == std::string_view::npos) return false;
  return mentionsWord(text.substr(0, name), "bool");
}

bool namedForAsserting(std::string_view name) {
  static const RE2 asserting(R"((?i)(assert|expect|check|verify|require|compare))");
  return RE2::PartialMatch(piece(name), asserting);
}

bool floatingType(std::string_view type) {
  static const RE2 floating(R"(^\s*(const\s+)?(float|double|long double|half|T|U|Scalar|scalar_t|real|Real|value_type)\s*&?\s*$)");
  return RE2::FullMatch(piece(type), floating);
}

// Names, messages, shapes and where or how to run (`std::string aName`, `af::dim4 aDims`,
// `StreamOrDevice s`) are no compared values.
bool describesAValue(std::string_view type) {
  static const RE2 description(R"((?i)(string|char|dim|shape|size_t|\bint\b|bool|stream|device|context|options?\b|config))");
  return RE2::PartialMatch(piece(type), description);
}

bool namedAsExpected(std::string_view name) {
  static const RE2 expected(R"((?i)(expect|ref|gold|want|desired|truth|baseline))");
  return RE2::PartialMatch(piece(name), expected);
}

}  // namespace

bool namedAsTolerance(std::string_view name) {
  static const RE2 tolerance(
      R"((?i)(tol|eps|thresh|margin|precision|delta|ulp|max_?abs_?diff|max_?diff|max_?err|abs_?err|rel_?err|(^|_)rel(_|$)|relative))");
  return RE2::PartialMatch(withoutEpsLookalikes(name), tolerance);
}

bool isMethod(const Function& f) {
  if (f.cls != kNone) return true;
  const size_t last = f.qualifiedName.rfind('.');
  if (last == std::string::npos || last == 0) return false;
  const size_t before = f.qualifiedName.rfind('.', last - 1);
  std::string_view owner = std::string_view(f.qualifiedName).substr(before == std::string::npos ? 0 : before + 1);
  owner = owner.substr(0, owner.find('.'));
  // A name in capitals is a namespace a macro names (Highway's `HWY_NAMESPACE`, `N_AVX2`), not a class.
  const bool macroNamed = owner.size() > 1 && std::ranges::all_of(owner, [](char c) {
                            return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_';
                          });
  return !owner.empty() && !macroNamed && (std::isupper(static_cast<unsigned char>(owner[0])) || owner.find('<') < last);
}

std::string_view comparedValueParam(const Function& f) {
  std::string_view value;
  for (const Param& p : f.params) {
    if (p.varArgs || p.type.empty()) return {};
    if ((floatingType(p.type) && namedAsTolerance(p.name)) || describesAValue(p.type)) continue;
    if (!value.empty()) return {};
    value = p.name;
  }
  return value;
}

std::optional<DeclaredCloseness> declaredCloseness(const FileModel& m, FunctionId fid) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.isTestCase || !(namedForCloseness(f.name) || namedForEquality(f.name))) return std::nullopt;
  const bool method = isMethod(f);
  std::string_view tolerance, relative;
  std::vector<std::string_view> values;
  static const RE2 relativeName(R"((?i)(rtol|rel))");
  for (const Param& p : f.params) {
    if (p.varArgs || p.type.empty()) return std::nullopt;
    // `double* relative_error` after the values and the tolerance (Ceres's IsClose): where the
    // check writes what it measured, no value it compares.
    if (p.pointer && !values.empty() && (!tolerance.empty() || !relative.empty())) continue;
    // `double max_abs_relative_difference` (Ceres's AreAlmostEqual): the most the values may differ.
    static const RE2 largestAllowed(R"((?i)^max_?\w*(diff|err|dev))");
    const bool isTolerance = floatingType(p.type) && (namedAsTolerance(p.name) || RE2::PartialMatch(piece(p.name), largestAllowed));
    // The relative one by its name (`allclose(a, b, rtol, atol)`), else the second
    // (`floatCloseAll(a, b, atol, rtol)`).
    if (isTolerance && relative.empty() && RE2::PartialMatch(piece(p.name), relativeName)) relative = p.name;
    else if (isTolerance && tolerance.empty()) tolerance = p.name;
    else if (isTolerance && relative.empty()) relative = p.name;
    // A parameter with a default (`StreamOrDevice s = {}`, `bool equal_nan = false`) is a setting,
    // not a compared value.
    else if (!describesAValue(p.type) && p.defaultValue == kNone) values.push_back(p.name);
  }
  // A method's object and one value, answering whether they are close (`Vector::ApproxEqual(other,
  // tol)`, 0.01 of the norm in Kaldi's headers).
  if (!tolerance.empty() && !bodyUses(m, f, tolerance)) return std::nullopt;
  if (method && !tolerance.empty() && values.size() == 1 && !namedForAsserting(f.name)) {
    DeclaredCloseness out;
    out.actual = "self";
    out.expected = values[0];
    out.tolerance = tolerance;
    out.predicate = true;
    out.method = true;
    return out;
  }
  // A relative tolerance alone (`IsClose(x, y, relative_precision)`).
  if (tolerance.empty() && !relative.empty() && !method) std::swap(tolerance, relative);
  const bool relativeOnly = !tolerance.empty() && RE2::PartialMatch(piece(tolerance), relativeName) && relative.empty();
  // Two values and a tolerance; more values (shapes, counts, flags) leave the sides unclear.
  if (method || tolerance.empty() || values.size() != 2) return std::nullopt;
  // gtest's order, expected first (`ASSERT_ARRAYS_NEAR(EXPECTED, ACTUAL, ...)`), unless only the
  // second is named as the expected one.
  const bool expectedSecond = namedAsExpected(values[1]) && !namedAsExpected(values[0]);
  DeclaredCloseness out;
  out.expected = values[expectedSecond ? 1 : 0];
  out.actual = values[expectedSecond ? 0 : 1];
  out.tolerance = relativeOnly ? std::string_view{} : tolerance;
  out.relative = relativeOnly ? tolerance : relative;
  out.predicate = !namedForAsserting(f.name) || returnsBool(m, f);
  return out;
}

}  // namespace oalens::analyzer
