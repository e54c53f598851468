#include "analyzer/assertions/declared_checks.h"

#include <re2/re2.h>

#include <vector>

namespace oalens::analyzer {

namespace {

re2::StringPiece piece(std::string_view s) { return {s.data(), s.size()}; }

bool namedForCloseness(std::string_view name) {
  static const RE2 close(R"((?i)(near|close|approx))");
  // Neighbour searches and closures are no closeness checks.
  static const RE2 other(R"((?i)(nearest|closest|closure|closed|closing|enclose))");
  return RE2::PartialMatch(piece(name), close) && !RE2::PartialMatch(piece(name), other);
}

bool namedForAsserting(std::string_view name) {
  static const RE2 asserting(R"((?i)(assert|expect|check|verify|require|compare))");
  return RE2::PartialMatch(piece(name), asserting);
}

bool floatingType(std::string_view type) {
  static const RE2 floating(R"(^\s*(const\s+)?(float|double|long double|half|T|U|Scalar|scalar_t|real|Real|value_type)\s*&?\s*$)");
  return RE2::FullMatch(piece(type), floating);
}

bool namedAsTolerance(std::string_view name) {
  static const RE2 tolerance(R"((?i)(tol|eps|thresh|margin|precision|delta|ulp|max_?abs_?diff|max_?diff|max_?err|abs_?err|rel_?err))");
  return RE2::PartialMatch(piece(name), tolerance);
}

// Names, messages and shapes (`std::string aName`, `af::dim4 aDims`) are no compared values.
bool describesAValue(std::string_view type) {
  static const RE2 description(R"((?i)(string|char|dim|shape|size_t|\bint\b|bool))");
  return RE2::PartialMatch(piece(type), description);
}

bool namedAsExpected(std::string_view name) {
  static const RE2 expected(R"((?i)(expect|ref|gold|want|desired|truth|baseline))");
  return RE2::PartialMatch(piece(name), expected);
}

}  // namespace

std::optional<DeclaredCloseness> declaredCloseness(const FileModel& m, FunctionId fid) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.isTestCase || f.cls != kNone || !namedForCloseness(f.name)) return std::nullopt;
  std::string_view tolerance;
  std::vector<std::string_view> values;
  for (const Param& p : f.params) {
    if (p.varArgs || p.type.empty()) return std::nullopt;
    if (tolerance.empty() && floatingType(p.type) && namedAsTolerance(p.name)) tolerance = p.name;
    else if (!describesAValue(p.type)) values.push_back(p.name);
  }
  // Two values and a tolerance; more values (shapes, counts, flags) leave the sides unclear.
  if (tolerance.empty() || values.size() != 2) return std::nullopt;
  // gtest's order, expected first (`ASSERT_ARRAYS_NEAR(EXPECTED, ACTUAL, ...)`), unless only the
  // second is named as the expected one.
  const bool expectedSecond = namedAsExpected(values[1]) && !namedAsExpected(values[0]);
  DeclaredCloseness out;
  out.expected = values[expectedSecond ? 1 : 0];
  out.actual = values[expectedSecond ? 0 : 1];
  out.tolerance = tolerance;
  out.predicate = !namedForAsserting(f.name);
  return out;
}

}  // namespace oalens::analyzer
