// What assertion_finder.cpp, assertion_conditions.cpp (reading a condition as a check) and
// assertion_tolerances.cpp (filling a record's values and tolerances) share: the depth cap of
// condition reading, bands around an expected value, and how a record is made exact or its
// bounds inclusive.
#pragma once
#include <optional>
#include <string_view>

#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

// Deeper conditions than this are not written by hand; the cap keeps recursion bounded.
constexpr int kMaxConditionDepth = 12;

// A bound written as a band around an expected value: `e + t`, `e - t`, `e * (1 + t)`,
// `(1 - t) * e`, with `t` a tolerance (by name or a small float literal), or `1.1 * e`, `0.9 * e`,
// the factor written as one number. Gives (e, t), or (e, the factor).
struct Band {
  ExprId first = kNone;   // the expected value
  ExprId second = kNone;  // the tolerance, or the factor written as one number
  int factor = 0;         // +1 or -1: `second` is a factor above or below 1
};

std::optional<Band> bandAround(const FileModel& m, ExprId bound);

// Whether `measure < bound` (`below`) or `measure > bound` bounds a trained model's quality: a
// loss kept below a target, an accuracy above one (a fraction or a named target, not 0 nor a
// count), as the comparison in a condition does (AssertionFinder::conditionCheck).
bool boundsQuality(const FileModel& m, FunctionId scope, ExprId measure, ExprId bound, bool below);

// In assertion_tolerances.cpp, beside applySpec, which uses them first.
void markExact(Assertion& a);
void markInclusiveBounds(const FileModel& m, Assertion& a, ExprId compare, std::string_view api = {});

}  // namespace oalens::analyzer
