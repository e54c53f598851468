// How far a change to a Python test file reaches, read lexically. A changed helper, method,
// class attribute, class header, module-level `NAME = ...` or import changes the meaning of a
// name (the helper's, the class's, the rebound one); that name reaches whatever mentions it
// outside the tests (a helper calling the helper, a class attribute built from a constant),
// and so on until nothing new is reached. A test is reached when it mentions a reached name or
// belongs to a reached class; the tests nothing reaches keep their analysis, so the scan can
// leave them out. Mentions are whole identifier words, in strings and comments too: a false
// mention only keeps a test in the scan. The reach cannot be bounded (the whole file is
// scanned) when a changed or reached statement runs at module level with effects a name does
// not carry (`if`, `try`, a call, a star import, a function writing globals).
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "miners/gate/diff_scope.h"
#include "miners/gate/python_lines.h"

namespace oalens::miners {

// One side of the change, indexed by line.
struct ScopeSide {
  explicit ScopeSide(std::string_view t) : text(t) {}
  std::string_view text;
  std::vector<TestUnit> units;
  std::vector<bool> code;  // per line: part of a statement (not blank or comment only)
  std::vector<LogicalLine> lines;
  std::vector<int> unitAt;     // per line: the test unit holding it, or -1
  std::vector<int> logicalAt;  // per line: the logical line holding it, or -1
  std::vector<size_t> starts;  // per line: its first byte (index() fills it when empty)
  std::set<size_t> changed;    // logical lines outside tests that a hunk changed

  void index();
  // Records what the changed lines fall in: tests by name, other code by logical line.
  void touch(int start, int count, std::set<std::string>& tests);
  bool inTest(const LogicalLine& l) const { return unitAt[static_cast<size_t>(l.first)] >= 0; }
  std::string_view textOf(const LogicalLine& l) const { return text.substr(l.begin, l.end - l.begin); }
  std::string_view textOf(const TestUnit& u) const;
};

// Adds to `touched` every test the changes outside tests reach, and every test that kept code
// mentions by name (a helper or another test calls it). False when the reach cannot be bounded.
// `reached` receives the names whose meaning the change may alter. `touched` must already hold
// every test whose text differs between the sides (insertUnitsThatDiffer): a new-side test not
// in it has its old namesake's text, so only the old one is read.
bool reachOfChange(const ScopeSide& oldSide, const ScopeSide& newSide, std::set<std::string>& touched,
                   std::unordered_set<std::string>& reached);

// Adds the names of the units whose text differs between the sides, under the same name and
// position among their namesakes, or that one side lacks. `hunks`, when given (the line diff
// of the two texts, in order), spares comparing the text of a unit whose lines the diff left
// alone and aligned with its namesake's: those lines are the same.
void insertUnitsThatDiffer(const ScopeSide& oldSide, const std::vector<TestUnit>& oldUnits, const ScopeSide& newSide,
                           const std::vector<TestUnit>& newUnits, std::set<std::string>& names,
                           const std::vector<LineHunk>* hunks = nullptr);

class CheckWords;

// Takes out of `kept` the names of the side's tests (its first `tests` units) that can hold
// no OA check (check_sieve.h) and that no code still kept needs: none mentions the test by
// name or reads an attribute it sets. Namesakes go together: a name stays while one of its
// tests may hold a check. `mine` then parses what is left; the tests taken out are still
// touched, so their checks in the previous version are not carried over.
void leaveOutChecklessTests(const ScopeSide& side, size_t tests, const CheckWords& words, std::set<std::string>& kept);

// Module-level functions that are not tests, with their decorators, as units.
std::vector<TestUnit> helperUnits(const ScopeSide& s);

// Module-level helper functions the scan can leave out, like untouched tests: the same text on
// both sides, not reached by the change, and mentioned by no code the scan keeps (module-level
// statements, class bodies, the kept tests and the kept helpers). Appends every helper to each
// side's `units` and the names of the kept ones to `touched`, so that the left-out helpers'
// assertions are taken from the previous version as an untouched test's are.
void scopeHelpers(ScopeSide& oldSide, ScopeSide& newSide, const std::unordered_set<std::string>& reached, std::set<std::string>& touched);

}  // namespace oalens::miners
