// Pairs the OA assertions of a file's old and new version. Identical statements (whitespace
// aside) pair first; then, inside the same test case, the most similar remaining statements
// (token Jaccard similarity, a bonus for the same API, at least kMinScore); then, across test
// cases (a renamed test), near-identical ones. What is left is added or deleted.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "analyzer/scan/scanner.h"

namespace oalens::miners {

// One check as a scan found it. Read-only and shared: mine carries an untouched test's checks
// into every later version of its file, and a record holds a dozen strings, so the versions
// share it and only the position is their own.
struct ScannedCheck {
  analyzer::Assertion assertion;  // its range: where the check stood in the scanned text
  std::string normalized;         // the statement's text without whitespace
  std::string raw;                // the statement's text as written
  // The length of the api's head naming the scanned file's own module ("tests.test_ops." of
  // "tests.test_ops.check"), 0 when the check is not through a helper of its own file.
  size_t ownModuleHead = 0;
};

struct AssertionVersion {
  std::shared_ptr<const ScannedCheck> check;
  analyzer::SourceRange range;  // where the check stands in this version (read this, not assertion().range)

  static AssertionVersion of(ScannedCheck scanned) {
    analyzer::SourceRange at = scanned.assertion.range;
    return {std::make_shared<const ScannedCheck>(std::move(scanned)), at};
  }
  const analyzer::Assertion& assertion() const { return check->assertion; }
  const std::string& normalized() const { return check->normalized; }
  const std::string& raw() const { return check->raw; }
};

// A check its test makes by being what it is, not by a statement: a decorator's (CuPy) or a
// base test case's (Chainer's FunctionTestCase). One per test and API, paired by its test.
bool madeByItsTest(const analyzer::Assertion& a);
// `assert cond` or unittest's truth methods: the check holds a predicate's answer or a comparison
// (`assert np.allclose(a, b)`), where an asserting call would compare by itself.
bool assertsACondition(const analyzer::Assertion& a);

// The same API, or the same helper of each side's own file: a test file moved to another
// package (tinygrad's test/ -> test/backend/) calls its helper by the module it now stands in.
bool sameApi(const AssertionVersion& a, const AssertionVersion& b);

// The statement's source text with all whitespace removed.
std::string normalizeStatement(std::string_view text);

// The assertions of a scan (scanSources; mine and diff scan one file) with their statement
// texts, in source order.
std::vector<AssertionVersion> assertionVersions(analyzer::ScanResult& scan);

struct Pair {
  int oldIndex = -1;  // -1: added
  int newIndex = -1;  // -1: deleted
};

// alignLeftovers: finally pair what is left inside a test case in order, as a line diff would
// (mine, to count rewritten assertions as changes); the diff gate keeps them apart, so that a
// deleted OA assertion is reported rather than hidden behind an unrelated one.
std::vector<Pair> pairAssertions(const std::vector<AssertionVersion>& olds, const std::vector<AssertionVersion>& news,
                                 bool alignLeftovers = true);

double tokenSimilarity(const std::string& a, const std::string& b);

}  // namespace oalens::miners
