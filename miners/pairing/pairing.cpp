#include "miners/pairing/pairing.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace oalens::miners {

namespace {

// Below this, two statements share too little to be one assertion edited (measured on the
// fixture history: edits of one assertion score >= 0.55, neighbours in one test <= 0.45).
constexpr double kMinScore = 0.4;
constexpr double kMinScoreAcrossTests = 0.7;
// Last resort inside one test case: as many unpaired old as new statements, in the same order,
// sharing at least this much (an assertion rewritten, its neighbours untouched).
constexpr double kMinScoreInOrder = 0.25;

// Where an assertion is: its test case and function.
using ScopeName = std::pair<std::string_view, std::string_view>;
using Scope = std::pair<ScopeName, ScopeName>;  // an old scope and the new one it was renamed to
ScopeName scopeOf(const analyzer::Assertion& a) { return {a.testCase, a.function}; }

// The words of a function's name, its class and "test" left out: `TestNorm.test_mode_1` ->
// {mode, 1}.
std::set<std::string_view> nameWords(std::string_view function) {
  const size_t dot = function.rfind('.');
  if (dot != std::string_view::npos) function.remove_prefix(dot + 1);
  std::set<std::string_view> words;
  for (size_t start = 0; start <= function.size();) {
    size_t end = function.find('_', start);
    if (end == std::string_view::npos) end = function.size();
    const std::string_view word = function.substr(start, end - start);
    if (!word.empty() && word != "test") words.insert(word);
    start = end + 1;
  }
  return words;
}

// Tests gone from the old version paired with tests new in the new one whose names share at
// least half their words (`TestNorm.test_mode_1` -> `test_batchnorm_mode_1`, a class turned into
// module-level functions), best first, each at most once. Their assertions pair as inside one
// test: renamed tests often hold near-identical checks, which pairing across tests would mix up.
std::set<Scope> renamedScopes(const std::vector<AssertionVersion>& olds, const std::vector<AssertionVersion>& news) {
  std::set<ScopeName> oldScopes, newScopes;
  for (const AssertionVersion& v : olds) oldScopes.insert(scopeOf(v.assertion()));
  for (const AssertionVersion& v : news) newScopes.insert(scopeOf(v.assertion()));
  std::vector<std::pair<ScopeName, std::set<std::string_view>>> goneTests, newTests;
  for (const ScopeName& gone : oldScopes)
    if (!gone.second.empty() && !newScopes.count(gone)) goneTests.emplace_back(gone, nameWords(gone.second));
  for (const ScopeName& fresh : newScopes)
    if (!fresh.second.empty() && !oldScopes.count(fresh)) newTests.emplace_back(fresh, nameWords(fresh.second));
  // Every gone test is compared with every new one: a generated file renaming thousands of
  // tests at once is left to the other passes rather than costing millions of comparisons.
  constexpr size_t kMaxComparisons = size_t{1} << 18;
  if (goneTests.size() * newTests.size() > kMaxComparisons) return {};
  std::vector<std::tuple<double, ScopeName, ScopeName>> candidates;
  for (const auto& [gone, goneWords] : goneTests) {
    for (const auto& [fresh, freshWords] : newTests) {
      size_t shared = 0;
      for (std::string_view w : goneWords) shared += freshWords.count(w);
      const size_t all = goneWords.size() + freshWords.size() - shared;
      const double score = all == 0 ? 0 : double(shared) / double(all);
      if (score >= 0.5) candidates.emplace_back(score, gone, fresh);
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const auto& x, const auto& y) {
    if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) > std::get<0>(y);
    return std::tie(std::get<1>(x), std::get<2>(x)) < std::tie(std::get<1>(y), std::get<2>(y));
  });
  std::set<Scope> out;
  std::set<ScopeName> taken;
  for (const auto& [score, gone, fresh] : candidates)
    if (!taken.count(gone) && !taken.count(fresh)) {
      taken.insert(gone);
      taken.insert(fresh);
      out.insert({gone, fresh});
    }
  return out;
}

// Each assertion's place among those of its test (versions are in source order).
std::vector<size_t> ranksInScope(const std::vector<AssertionVersion>& versions) {
  std::map<ScopeName, size_t> seen;
  std::vector<size_t> ranks;
  ranks.reserve(versions.size());
  for (const AssertionVersion& v : versions) ranks.push_back(seen[scopeOf(v.assertion())]++);
  return ranks;
}

std::multiset<std::string> tokens(const std::string& s) {
  std::multiset<std::string> out;
  std::string cur;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      cur += c;
      continue;
    }
    if (!cur.empty()) out.insert(cur);
    cur.clear();
    if (!std::isspace(static_cast<unsigned char>(c))) out.insert(std::string(1, c));
  }
  if (!cur.empty()) out.insert(cur);
  return out;
}

}  // namespace

std::string normalizeStatement(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  // A string between single quotes reads as the same between double quotes (`d['coef']` and
  // `d["coef"]`, a formatter's choice); white space inside a string is layout too, as outside.
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
        continue;
      }
      if (c == quote) {
        quote = 0;
        out += '"';
        continue;
      }
      if (!std::isspace(static_cast<unsigned char>(c))) out += c == '"' ? '\'' : c;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += '"';
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '\\') out += c;
  }
  // A trailing comma before a closing parenthesis is layout, not content.
  std::string clean;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == ',' && i + 1 < out.size() && (out[i + 1] == ')' || out[i + 1] == ']')) continue;
    clean += out[i];
  }
  return clean;
}

std::vector<AssertionVersion> assertionVersions(analyzer::ScanResult& scan) {
  std::vector<AssertionVersion> out;
  const auto& files = scan.project.files;
  for (auto& a : scan.assertions) {
    // A one-file scan's checks are its file's (mine clears their path); a scan of several files
    // finds each check's own, and skips one whose text it does not hold.
    const analyzer::FileModel* file = files.size() == 1 ? &files[0] : nullptr;
    for (size_t i = 0; !file && i < files.size(); ++i)
      if (files[i].path == a.file) file = &files[i];
    if (!file || !file->source || a.range.endByte > file->source->size() || a.range.startByte > a.range.endByte) continue;
    const std::string& src = *file->source;
    const std::string& module = file->moduleName;
    std::string text(src.data() + a.range.startByte, a.range.endByte - a.range.startByte);
    // A decorator's check compares what its test returns: that expression is part of its text,
    // so that returning another value is a parameter change, not an untouched check. So are the
    // two values a harness's check compares (`testing.FunctionTestCase -> y, ~ expected,`).
    if (a.form == "decorator" && !a.actualText.empty()) text += fmt::format(" -> {}", a.actualText);
    if (a.form == "harness") text += fmt::format(" -> {} ~ {}", a.actualText, a.expectedText);
    std::string normalized = normalizeStatement(text);
    const bool own = !module.empty() && a.api.size() > module.size() + 1 && a.api.starts_with(module) && a.api[module.size()] == '.';
    const size_t ownHead = own ? module.size() + 1 : 0;
    out.push_back(AssertionVersion::of({std::move(a), std::move(normalized), std::move(text), ownHead}));
  }
  return out;
}

bool madeByItsTest(const analyzer::Assertion& a) { return a.form == "decorator" || a.form == "harness"; }

bool assertsACondition(const analyzer::Assertion& a) {
  return a.form == "assert" || a.form == "assertTrue" || a.form == "assert_" || a.form == "failUnless";
}

bool sameApi(const AssertionVersion& a, const AssertionVersion& b) {
  const std::string &x = a.assertion().api, &y = b.assertion().api;
  if (x == y) return true;
  // A C++ lambda's entry names its file (`near@tests/a_test.cc`): moved with its file, the same.
  const auto withoutFile = [](std::string_view id) { return id.substr(0, id.find('@')); };
  if (x.find('@') != std::string::npos && y.find('@') != std::string::npos && withoutFile(x) == withoutFile(y)) return true;
  const size_t headX = a.check->ownModuleHead, headY = b.check->ownModuleHead;
  return headX > 0 && headY > 0 && std::string_view(x).substr(headX) == std::string_view(y).substr(headY);
}

double tokenSimilarity(const std::string& a, const std::string& b) {
  auto ta = tokens(a), tb = tokens(b);
  if (ta.empty() && tb.empty()) return 1.0;
  std::vector<std::string> inter;
  std::set_intersection(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(inter));
  const double uni = double(ta.size() + tb.size() - inter.size());
  return uni == 0 ? 1.0 : double(inter.size()) / uni;
}

std::vector<Pair> pairAssertions(const std::vector<AssertionVersion>& olds, const std::vector<AssertionVersion>& news,
                                 bool alignLeftovers) {
  std::vector<bool> oldUsed(olds.size(), false), newUsed(news.size(), false);
  std::vector<Pair> pairs;
  // 1. Unchanged statements, preferring the same function, then the same test case, in order:
  // each new statement takes the first unused old one with its text (found through the text,
  // not by a search of every old statement: a large test file has thousands). Helpers outside
  // any test share one (empty) test case, and their identical checks (Keras's backend helpers
  // each end in `assert_allclose(z_list[i], z_list[i + 1], atol=1e-05)`) must not pair across
  // helpers while the helper of the same name still holds one.
  std::unordered_map<std::string_view, std::vector<size_t>> oldsByText;
  for (size_t o = 0; o < olds.size(); ++o) oldsByText[olds[o].normalized()].push_back(o);
  for (int pass = 0; pass < 3; ++pass)
    for (size_t n = 0; n < news.size(); ++n) {
      if (newUsed[n]) continue;
      auto same = oldsByText.find(news[n].normalized());
      if (same == oldsByText.end()) continue;
      for (size_t o : same->second) {
        if (oldUsed[o]) continue;
        if (pass == 0 && scopeOf(olds[o].assertion()) != scopeOf(news[n].assertion())) continue;
        // A decorator's or a harness's check is its test's: its text (`... -> m + n`) recurs in
        // other tests, and a renamed test is paired below.
        if (pass > 0 && madeByItsTest(olds[o].assertion())) continue;
        if (pass == 1 && olds[o].assertion().testCase != news[n].assertion().testCase) continue;
        oldUsed[o] = newUsed[n] = true;
        pairs.push_back({int(o), int(n)});
        break;
      }
    }
  // 2. Edited statements: best scores first, inside one test case; then across tests, where a
  // test that is gone and one that is new with a name like it count as one renamed test
  // (`TestNorm.test_mode_1` -> `test_batchnorm_mode_1`: Keras moved its unittest classes to
  // pytest functions, rewriting `self.assertAlmostEqual` as `assert_allclose` on the way) and
  // pair as inside one test, in one pool with the near-identical statements of any other tests
  // (a renamed test's loose match must not take a statement that another test holds verbatim).
  std::set<Scope> renamed;
  std::vector<size_t> oldRank, newRank;
  for (int pass = 0; pass < 2; ++pass) {
    // Most changes leave nothing unpaired on one side or the other by now: the renamed tests
    // and the checks' places in them are only worked out when both sides have some left.
    const auto anyLeft = [](const std::vector<bool>& used) { return std::find(used.begin(), used.end(), false) != used.end(); };
    if (pass == 1 && anyLeft(oldUsed) && anyLeft(newUsed)) {
      renamed = renamedScopes(olds, news);
      oldRank = ranksInScope(olds), newRank = ranksInScope(news);
    }
    std::vector<std::tuple<double, size_t, size_t>> candidates;
    for (size_t o = 0; o < olds.size(); ++o) {
      if (oldUsed[o]) continue;
      for (size_t n = 0; n < news.size(); ++n) {
        if (newUsed[n]) continue;
        const auto& a = olds[o].assertion();
        const auto& b = news[n].assertion();
        const bool sameScope = a.testCase == b.testCase && a.function == b.function;
        if (pass == 0 && !sameScope) continue;
        const bool renamedTest = pass == 1 && renamed.count({scopeOf(a), scopeOf(b)}) > 0;
        double score = tokenSimilarity(olds[o].normalized(), news[n].normalized()) + (sameApi(olds[o], news[n]) ? 0.15 : 0.0);
        // A decorator or a base test case makes one check of its test: in the same test, the
        // same API is the same check however its arguments changed (`numpy_cupy_allclose()` ->
        // `(rtol={...})`) or whatever it compares now.
        if (sameScope && madeByItsTest(a) && a.form == b.form && sameApi(olds[o], news[n])) score = std::max(score, 1.0);
        // Nearer statements win ties: an edit rarely moves an assertion far. A renamed test
        // moves with its checks, so there the place among its checks counts, not the line.
        const double distance = renamedTest ? std::abs(double(oldRank[o]) - double(newRank[n]))
                                            : std::abs(double(olds[o].range.start.line) - double(news[n].range.start.line));
        score -= std::min(0.1, distance / 1000.0);
        if (score >= (pass == 0 || renamedTest ? kMinScore : kMinScoreAcrossTests)) candidates.emplace_back(score, o, n);
      }
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto& x, const auto& y) {
      if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) > std::get<0>(y);
      return std::tie(std::get<1>(x), std::get<2>(x)) < std::tie(std::get<1>(y), std::get<2>(y));
    });
    for (const auto& [score, o, n] : candidates) {
      if (oldUsed[o] || newUsed[n]) continue;
      oldUsed[o] = newUsed[n] = true;
      pairs.push_back({int(o), int(n)});
    }
  }
  // 3. In order, per test case: what is left on both sides was rewritten in place, as a line
  // diff would align it (assert_allclose(zth, ztf) -> assert_list_pairwise(z_list)).
  std::map<std::string, std::pair<std::vector<size_t>, std::vector<size_t>>> left;
  for (size_t o = 0; o < olds.size(); ++o)
    if (!oldUsed[o]) left[olds[o].assertion().testCase + "\n" + olds[o].assertion().function].first.push_back(o);
  for (size_t n = 0; n < news.size(); ++n)
    if (!newUsed[n]) left[news[n].assertion().testCase + "\n" + news[n].assertion().function].second.push_back(n);
  for (auto& [scope, sides] : left) {
    if (!alignLeftovers) break;
    const bool sameCount = sides.first.size() == sides.second.size();
    for (size_t i = 0; i < std::min(sides.first.size(), sides.second.size()); ++i) {
      size_t o = sides.first[i], n = sides.second[i];
      const bool oneApi = sameApi(olds[o], news[n]);
      if (sameCount && oneApi && tokenSimilarity(olds[o].normalized(), news[n].normalized()) < kMinScoreInOrder) continue;
      oldUsed[o] = newUsed[n] = true;
      pairs.push_back({int(o), int(n)});
    }
  }
  for (size_t o = 0; o < olds.size(); ++o)
    if (!oldUsed[o]) pairs.push_back({int(o), -1});
  for (size_t n = 0; n < news.size(); ++n)
    if (!newUsed[n]) pairs.push_back({-1, int(n)});
  return pairs;
}

}  // namespace oalens::miners
