// Names that read as checks (`assertAllClose`, `EXPECT_NEAR`, `ExpectTensorEqual`), the form a
// generic check takes (truth, falsity, bound, matcher), and whether a call fails the test.
#include <string_view>

#include "analyzer/assertions/api_matcher.h"

namespace oalens::analyzer {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool isOneOf(std::string_view n, std::initializer_list<std::string_view> names) {
  for (auto x : names)
    if (n == x) return true;
  return false;
}

bool looksLikeCppAssertionName(std::string_view n) {
  for (std::string_view prefix : {"EXPECT_", "ASSERT_", "CHECK_", "REQUIRE_", "BOOST_CHECK", "BOOST_REQUIRE", "BOOST_WARN", "BOOST_TEST",
                                  "VERIFY_", "CPPUNIT_ASSERT", "TEST_ASSERT"})
    if (startsWith(n, prefix)) return true;
  if (isOneOf(n, {"CHECK", "REQUIRE", "VERIFY", "assert", "WARN"})) return true;
  // Helpers named as checks: test::ExpectTensorEqual, ExpectAllClose, AssertNear.
  for (std::string_view prefix : {"Expect", "Assert"})
    if (startsWith(n, prefix) && n.size() > prefix.size() && n[prefix.size()] >= 'A' && n[prefix.size()] <= 'Z') return true;
  return false;
}

}  // namespace

bool isExceptionCheck(std::string_view n, Language language) {
  if (language == Language::Cpp) {
    // Control flow, death tests, mock expectations and Boost.Test's logging macros.
    for (std::string_view part : {"THROW", "DEATH", "EXIT", "_CALL", "FATAL_FAILURE", "NOTHROW", "Throw", "_MESSAGE_ONLY"})
      if (n.find(part) != std::string_view::npos) return true;
    return isOneOf(n, {"BOOST_TEST_MESSAGE", "BOOST_TEST_CHECKPOINT", "BOOST_TEST_PASSPOINT", "BOOST_TEST_INFO", "BOOST_TEST_CONTEXT",
                       "BOOST_TEST_DECORATOR", "BOOST_TEST_SUITE", "BOOST_TEST_CASE", "BOOST_TEST_DONT_PRINT_LOG_VALUE",
                       "BOOST_TEST_GLOBAL_FIXTURE", "BOOST_TEST_MODULE"});
  }
  for (std::string_view part : {"Raises", "raises", "Warns", "warns", "Logs"})
    if (n.find(part) != std::string_view::npos) return true;
  return false;
}

AssertionForm assertionForm(std::string_view n, Language language) {
  if (language == Language::Cpp) {
    if (isOneOf(n, {"EXPECT_TRUE",
                    "ASSERT_TRUE",
                    "CHECK",
                    "REQUIRE",
                    "WARN",
                    "CHECK_MESSAGE",
                    "REQUIRE_MESSAGE",
                    "CHECK_UNARY",
                    "REQUIRE_UNARY",
                    "BOOST_CHECK",
                    "BOOST_REQUIRE",
                    "BOOST_WARN",
                    "BOOST_TEST",
                    "BOOST_TEST_CHECK",
                    "BOOST_TEST_REQUIRE",
                    "BOOST_TEST_WARN",
                    "BOOST_CHECK_MESSAGE",
                    "BOOST_REQUIRE_MESSAGE",
                    "BOOST_WARN_MESSAGE",
                    "assert",
                    "VERIFY",
                    "CPPUNIT_ASSERT",
                    "CHECK_TRUE",
                    "TEST_ASSERT",
                    "TEST_ASSERT_TRUE"}))
      return AssertionForm::Truth;
    // Status checks (`ASSERT_OK(s)`, TensorFlow's `TF_EXPECT_OK`, `LITERT_ASSERT_OK`, `CHECK_OK`):
    // the status must be the success one, as `EXPECT_TRUE(s.ok())` asks.
    if (n.ends_with("ASSERT_OK") || n.ends_with("EXPECT_OK") || n.ends_with("CHECK_OK")) return AssertionForm::Truth;
    if (isOneOf(n, {"EXPECT_FALSE", "ASSERT_FALSE", "CHECK_FALSE", "REQUIRE_FALSE", "WARN_FALSE", "CHECK_UNARY_FALSE",
                    "REQUIRE_UNARY_FALSE", "TEST_ASSERT_FALSE"}))
      return AssertionForm::Falsity;
    if (isOneOf(n, {"EXPECT_THAT", "ASSERT_THAT", "CHECK_THAT", "REQUIRE_THAT"})) return AssertionForm::Matcher;
    if (isOneOf(n, {"EXPECT_GT", "EXPECT_GE", "ASSERT_GT", "ASSERT_GE", "BOOST_CHECK_GT", "BOOST_CHECK_GE", "BOOST_REQUIRE_GT",
                    "BOOST_REQUIRE_GE", "CHECK_GT", "CHECK_GE"}))
      return AssertionForm::GreaterBound;
    return AssertionForm::Plain;
  }
  if (isOneOf(n, {"assertTrue", "assert_", "failUnless", "assertTrue_"})) return AssertionForm::Truth;
  if (isOneOf(n, {"assertFalse", "failIf"})) return AssertionForm::Falsity;
  if (isOneOf(n, {"assertGreater", "assertGreaterEqual"})) return AssertionForm::GreaterBound;
  return AssertionForm::Plain;
}

AssertionForm assertionFormOf(const ApiMatch& match, Language language) {
  if (match.spec) {
    if (match.spec->condition == ConditionCheck::Truth) return AssertionForm::Truth;
    if (match.spec->condition == ConditionCheck::Falsity) return AssertionForm::Falsity;
    return AssertionForm::Plain;
  }
  return match.generic ? assertionForm(match.lastName, language) : AssertionForm::Plain;
}

bool failsTheTest(const FileModel& m, const ApiMatch& match, ExprId call) {
  if (match.spec && match.spec->condition == ConditionCheck::Abort) return true;
  if (assertionFormOf(match, m.language) != AssertionForm::Truth) return false;
  const CallArgs args = splitCall(m, call);
  if (args.positional.empty()) return false;
  const std::string_view condition = m.expr(args.positional[0]).text;
  return condition == "false" || condition == "False" || condition == "0";
}

// Each name holds "map": the check sieve (miners/gate/check_sieve.cpp) looks for that first.
bool mayMapOverStructures(std::string_view n) { return n == "tree_map" || n == "tree_multimap" || n == "map_structure" || n == "map"; }

bool looksLikeAssertionName(std::string_view n, Language language) {
  // Exception and warning checks test control flow, not values; the study does not count
  // them (docs/counting.md), and neither do we.
  if (isExceptionCheck(n, language)) return false;
  if (language == Language::Cpp) return looksLikeCppAssertionName(n);
  if (n.rfind("assert", 0) == 0) {
    if (n.size() == 6) return false;  // a function literally named `assert` does not exist in Python
    char next = n[6];
    return next == '_' || (next >= 'A' && next <= 'Z');
  }
  if (n.rfind("failUnless", 0) == 0 || n.rfind("failIf", 0) == 0) return true;
  return false;
}

}  // namespace oalens::analyzer
