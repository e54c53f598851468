#include "miners/gate/check_sieve.h"

#include <algorithm>
#include <cstring>
#include <deque>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "miners/gate/change_reach.h"
#include "miners/gate/import_bindings.h"

namespace oalens::miners {

namespace {

// The assertions whose condition the finder reads for an error bound or an interval
// (AssertionFinder::conditionCheck: `assert`, the truth and falsity forms, assertGreater's bound).
bool isConditionAssertion(std::string_view w) {
  return w == "assert" || analyzer::assertionForm(w, analyzer::Language::Python) != analyzer::AssertionForm::Plain;
}

// A test that writes module globals changes what other code reads; it is never left out.
bool writesOtherScopes(std::string_view w) { return w == "global" || w == "nonlocal"; }

// Calls f with the words of a statement that the finder may take for a check through what the
// file binds them to: a callee's last name (`check(`, `self.check (`), and on a line that maps
// a function over structures, every word. True as soon as f is.
template <typename F>
bool anyCalledWord(std::string_view text, F&& f) {
  // Each name mayMapOverStructures takes holds "map": most lines are let off a second reading.
  const bool maps = text.find("map") != std::string_view::npos &&
                    anyIdentifier(text, [](std::string_view w) { return analyzer::mayMapOverStructures(w); });
  return anyIdentifier(text, [&](std::string_view w) {
    if (!maps) {
      const size_t after = skipBlanks(text, static_cast<size_t>(w.data() + w.size() - text.data()));
      if (after >= text.size() || text[after] != '(') return false;
    }
    return f(w);
  });
}

bool hasComparison(std::string_view text) {
  return std::memchr(text.data(), '<', text.size()) || std::memchr(text.data(), '>', text.size());
}

// Whether a line's own words make a check: a check word or one `alsoNames` takes, or, on a
// line with a comparison, a word `makesComparisonCheck` takes (an assertion's own statement, a
// returned predicate). The comparison's words are looked at only on such a line
// (assertionForm on every word of every line was a quarter of the sieve's cost).
template <typename AlsoNames, typename MakesComparisonCheck>
bool wordsMakeCheck(std::string_view text, const CheckWords& words, AlsoNames&& alsoNames, MakesComparisonCheck&& makesComparisonCheck) {
  const bool comparison = hasComparison(text);
  bool comparisonCheck = false;
  return anyIdentifier(text,
                       [&](std::string_view w) {
                         if (comparison && !comparisonCheck) comparisonCheck = makesComparisonCheck(w);
                         return words.contains(w) || alsoNames(w);
                       }) ||
         comparisonCheck;
}

std::string_view lastWord(std::string_view text) {
  size_t end = text.size();
  while (end > 0 && !isIdentifierChar(text[end - 1])) --end;
  size_t start = end;
  while (start > 0 && isIdentifierChar(text[start - 1])) --start;
  return text.substr(start, end - start);
}

}  // namespace

CheckWords::CheckWords(const analyzer::Catalogue& catalogue) {
  addNamesOf(catalogue);
  // assertGreater(tol, err) bounds an error with no comparison written (assertionForm's GreaterBound).
  add("assertGreater");
  add("assertGreaterEqual");
}

CheckWords::CheckWords(const CheckWords& base, const analyzer::Catalogue* wrappers) : base_(&base), firstChars_(base.firstChars_) {
  if (wrappers) addNamesOf(*wrappers);
}

void CheckWords::add(std::string_view word) {
  if (word.empty()) return;
  words_.insert(word);
  if (word.size() < kMaxLength) firstChars_[static_cast<unsigned char>(word[0])] |= uint64_t{1} << word.size();
}

void CheckWords::addNamesOf(const analyzer::Catalogue& catalogue) {
  for (const analyzer::ApiSpec& spec : catalogue.apis()) {
    if (spec.language != analyzer::Language::Python) continue;
    if (!spec.oa && !spec.approx && spec.category != analyzer::Category::ErrorBound) continue;
    for (const std::string& name : spec.names) add(analyzer::lastDottedComponent(name));
  }
}

bool CheckSieve::mayHoldCheck(const TestUnit& unit) {
  std::vector<size_t> lines;
  for (int l = std::max(unit.firstLine, 0), previous = -1; l <= unit.lastLine && static_cast<size_t>(l) < side_.logicalAt.size(); ++l)
    if (const int k = side_.logicalAt[static_cast<size_t>(l)]; k >= 0 && k != previous) lines.push_back(static_cast<size_t>(previous = k));
  // The words alone first: most tests name a check outright, and the file's bindings are read
  // only for a test that does not.
  for (size_t k : lines)
    if (lineNamesCheck(k, false)) return true;
  for (size_t k : lines)
    if (lineNamesCheck(k, true)) return true;
  return false;
}

bool CheckSieve::lineNamesCheck(size_t line, bool throughBindings) {
  const std::string_view text = side_.textOf(side_.lines[line]);
  if (throughBindings) return anyCalledWord(text, [&](std::string_view w) { return namesCheck(w); });
  return wordsMakeCheck(text, words_, writesOtherScopes, isConditionAssertion);
}

void CheckSieve::indexBindings() {
  indexed_ = true;
  // The finder resolves a callee through imports, functions and methods only (resolveDotted,
  // ApiMatcher::matchCallee): `check = np.testing.assert_allclose` makes no check of `check(...)`,
  // and a wrapper is a function that forwards to a check (wrapper_discovery.h).
  const std::vector<LogicalLine>& lines = side_.lines;
  std::vector<ImportStatementBinding> imports;
  for (size_t k = 0; k < lines.size(); ++k) {
    const LogicalLine& l = lines[k];
    const std::string_view text = side_.textOf(l);
    if (l.kind == LogicalLine::Def) {
      size_t last = k;
      while (last + 1 < lines.size() && lines[last + 1].indent > l.indent) ++last;
      bindings_[l.nameIn(side_.text)].push_back({k, last, true});
    } else if (l.kind == LogicalLine::Import && anyIdentifier(text, [&](std::string_view w) { return words_.contains(w); })) {
      imports.clear();
      if (!readImportBindings(text, imports)) continue;  // a star import binds no name of its own
      // `from numpy.testing import assert_allclose as aac`: the name imported names a check.
      for (const ImportStatementBinding& b : imports)
        if (words_.contains(lastWord(b.target))) bindings_[importNames_.emplace_back(b.name)].push_back({k, k, false});
    }
  }
}

void CheckSieve::explore(std::string_view name) {
  std::vector<std::string_view> stack{name};
  while (!stack.empty()) {
    const std::string_view n = stack.back();
    stack.pop_back();
    if (explored_.count(n)) continue;
    Explored& e = explored_[n];
    for (const Binding& b : bindings_[n]) {
      e.direct |= !b.block;  // an import binds only a name that names a check
      for (size_t k = b.first; k <= b.last && !e.direct; ++k) {
        const std::string_view text = side_.textOf(side_.lines[k]);
        // A comparison makes a predicate or a check where it is returned, asserted or the
        // body of a lambda (`return abs(a - b) < tol`).
        e.direct = wordsMakeCheck(
            text, words_, [](std::string_view) { return false; },
            [](std::string_view w) { return w == "return" || w == "lambda" || w == "yield" || isConditionAssertion(w); });
        if (!e.direct)
          anyCalledWord(text, [&](std::string_view w) {
            if (w != n && bindings_.count(w)) e.mentions.push_back(w);
            return false;
          });
      }
    }
    if (e.direct) continue;
    for (std::string_view m : e.mentions)
      if (!explored_.count(m)) stack.push_back(m);
  }
}

bool CheckSieve::namesCheck(std::string_view word) {
  if (!indexed_) indexBindings();
  if (!bindings_.count(word)) return false;
  if (auto known = answers_.find(word); known != answers_.end()) return known->second;
  explore(word);
  // Whether a name the word's bindings mention, followed as far as they go, names a check.
  std::unordered_set<std::string_view> seen{word};
  std::vector<std::string_view> stack{word};
  bool found = false;
  while (!stack.empty() && !found) {
    const Explored& e = explored_[stack.back()];
    stack.pop_back();
    found = e.direct;
    for (std::string_view m : e.mentions)
      if (seen.insert(m).second) stack.push_back(m);
  }
  answers_[word] = found;
  return found;
}

}  // namespace oalens::miners
