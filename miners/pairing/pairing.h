// Pairs the OA assertions of a file's old and new version. Identical statements (whitespace
// aside) pair first; then, inside the same test case, the most similar remaining statements
// (token Jaccard similarity, a bonus for the same API, at least kMinScore); then, across test
// cases (a renamed test), near-identical ones. What is left is added or deleted.
#pragma once
#include <string>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "analyzer/scan/scanner.h"

namespace oalens::miners {

struct AssertionVersion {
  analyzer::Assertion assertion;
  std::string normalized;  // the statement's text without whitespace
  std::string raw;         // the statement's text as written
};

// The statement's source text with all whitespace removed.
std::string normalizeStatement(std::string_view text);

// The assertions of a one-file scan (scanSources) with their statement texts, in source order.
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
