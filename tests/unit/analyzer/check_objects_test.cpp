// Helpers that answer with an object whose truth is a check (check_objects.h): the helper is a
// predicate of the check its class's `operator bool` runs, its sides the parameters that fill the
// members that check compares.
#include <gtest/gtest.h>

#include <algorithm>

#include "analyzer/assertions/check_objects.h"
#include "analyzer/frontend/frontends.h"
#include "analyzer/scan/scanner.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::inFileAt;
using oalens::testing::scanPython;

namespace {

FileModel parseHeader(const char* code) {
  Frontends frontends;
  return frontends.parse(Language::Cpp, "test/verdicts.h", code);
}

// A closeness predicate, an object whose truth is that predicate on its members (declared in the
// opposite order to the predicate's sides), a wrapper the assertion macro reports through, and
// an object whose truth is exact equality.
const char* kVerdicts =
    "#include <cmath>\n"
    "bool roughly(double got, double want) { return std::abs(got - want) <= 1e-6; }\n"
    "template <class V> V reported(V v) { return v; }\n"
    "struct rough_verdict {\n"
    "  double want;\n"
    "  double got = 0;\n"
    "  static int made;\n"
    "  explicit operator bool() const { return roughly(got, want); }\n"
    "  bool operator!() const { return !bool(*this); }\n"
    "};\n"
    "struct exact_verdict {\n"
    "  double a, b;\n"
    "  operator bool() const { return a == b; }\n"
    "};\n"
    "template <class T> auto near_enough(T actual, T expected) { return reported(rough_verdict{expected, actual}); }\n"
    "template <class T> auto same(T x, T y) { return exact_verdict{x, y}; }\n";

}  // namespace

TEST(CheckObjects, AHelperAnsweringWithACheckingObjectIsThatCheck) {
  auto r = scanPython({{"test/verdicts.h", kVerdicts},
                       {"test/sums_test.cpp",
                        "#include \"verdicts.h\"\n"
                        "TEST(Sums, Close) {\n"
                        "  EXPECT_TRUE(near_enough(0.1 + 0.2, 0.3));\n"  // 3
                        "  EXPECT_FALSE(near_enough(1.0, 2.0));\n"       // 4
                        "  EXPECT_TRUE(same(1.0, 1.0));\n"               // 5
                        "}\n"}});
  const Assertion* close = inFileAt(r, "test/sums_test.cpp", 3);
  ASSERT_NE(close, nullptr);
  EXPECT_TRUE(close->isOa);
  EXPECT_EQ(close->api, "near_enough");
  // The members are filled in declaration order: `want` from `expected`, `got` from `actual`.
  EXPECT_EQ(close->actualText, "0.1 + 0.2");
  EXPECT_EQ(close->expectedText, "0.3");
  EXPECT_NE(std::ranges::find(close->checkSites, "test/verdicts.h:8"), close->checkSites.end());
  const Assertion* apart = inFileAt(r, "test/sums_test.cpp", 4);
  ASSERT_NE(apart, nullptr);
  EXPECT_TRUE(apart->isOa);
  const Assertion* exact = inFileAt(r, "test/sums_test.cpp", 5);
  EXPECT_TRUE(exact == nullptr || !exact->isOa);
}

TEST(CheckObjects, MembersAreReadInDeclarationOrder) {
  const FileModel m = parseHeader(kVerdicts);
  std::vector<std::vector<std::string_view>> orders;
  for (const ClassDef& c : m.classes) orders.push_back(memberOrder(m, c));
  ASSERT_EQ(orders.size(), 2u);
  EXPECT_EQ(orders[0], (std::vector<std::string_view>{"want", "got"}));
  EXPECT_EQ(orders[1], (std::vector<std::string_view>{"a", "b"}));
}

TEST(CheckObjects, AConversionOperatorIsAMethodOfItsClass) {
  const FileModel m = parseHeader(kVerdicts);
  const auto op = std::ranges::find_if(m.functions, [](const Function& f) { return f.name == "operator bool"; });
  ASSERT_NE(op, m.functions.end());
  ASSERT_NE(op->cls, kNone);
  EXPECT_EQ(m.classes[op->cls].name, "rough_verdict");
  EXPECT_TRUE(op->params.empty());
}
