// Which tests of a Python test file can hold no OA check, read lexically, so that `mine` need
// not parse them: a test a change touches is scanned for its checks, yet many hold none (they
// check shapes, equality, exceptions); on Keras master since mid-2023, leaving those out cut
// the parts parsed by 40% (docs/mine.md). The sieve must never say "none" of a test that holds one, so it reads the
// assertion finder's ways to find a check (analyzer/assertions/assertion_finder.cpp and assertion_conditions.cpp) from the
// other side: every OA check names a catalogued API or a wrapper by its last name (as written,
// or through an import or function of the file that names one), or compares with `<`/`>` in an assertion's own
// statement (an error bound, an interval). A test that mentions none of those holds none.
// Words are read in strings and comments too: a false mention only keeps a test.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace oalens::analyzer {
class Catalogue;
}

namespace oalens::miners {

struct ScopeSide;
struct TestUnit;

// The last names of the Python APIs that can make an OA check: the catalogue's OA APIs,
// approximate values and error bounds, and the wrappers a version borrows from its suite's
// helpers. Views into the catalogues, which must outlive it.
class CheckWords {
 public:
  explicit CheckWords(const analyzer::Catalogue& catalogue);
  // The base's words and a suite's wrappers' (null: none). The base must outlive it.
  CheckWords(const CheckWords& base, const analyzer::Catalogue* wrappers);
  bool contains(std::string_view word) const {
    if (word.empty()) return false;
    if (word.size() < kMaxLength && !(firstChars_[static_cast<unsigned char>(word[0])] & (uint64_t{1} << word.size())))
      return false;  // most words of a test: no hash taken
    return words_.count(word) > 0 || (base_ && base_->words_.count(word) > 0);
  }

 private:
  static constexpr size_t kMaxLength = 64;
  void add(std::string_view word);
  void addNamesOf(const analyzer::Catalogue& catalogue);
  const CheckWords* base_ = nullptr;
  std::unordered_set<std::string_view> words_;
  std::array<uint64_t, 256> firstChars_{};  // per first byte, a bit per length a word has
};

// Reads one version (a ScopeSide whose logical lines are indexed) for the tests that may hold a
// check. The names the file binds to checks (`def close(a, b): ...`, `from numpy.testing import
// assert_allclose as aac`; the finder resolves a callee through nothing else) are read once a
// test needs them, and followed through the functions that call each other.
class CheckSieve {
 public:
  CheckSieve(const ScopeSide& side, const CheckWords& words) : side_(side), words_(words) {}
  // False when the test can hold no OA check; true too for a test that writes `global` or
  // `nonlocal` names, which other code reads.
  bool mayHoldCheck(const TestUnit& unit);

 private:
  // Logical lines [first, last] that bind a name: its def or class block, or one statement.
  struct Binding {
    size_t first = 0, last = 0;
    bool block = false;
  };
  // Whether a logical line names a check: by the catalogue's words and a comparison in an
  // assertion, or (`throughBindings`) by a name the file binds to a check.
  bool lineNamesCheck(size_t line, bool throughBindings);
  bool namesCheck(std::string_view word);
  void indexBindings();
  void explore(std::string_view name);

  const ScopeSide& side_;
  const CheckWords& words_;
  bool indexed_ = false;
  std::unordered_map<std::string_view, std::vector<Binding>> bindings_;
  std::deque<std::string> importNames_;  // the names imports bind, read into strings of their own
  // The names explored so far: whether a binding of theirs names a check directly, and the
  // bound names their bindings mention.
  struct Explored {
    bool direct = false;
    std::vector<std::string_view> mentions;
  };
  std::unordered_map<std::string_view, Explored> explored_;
  std::unordered_map<std::string_view, bool> answers_;
};

}  // namespace oalens::miners
