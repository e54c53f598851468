// What the diff gate must scan of a changed Python test file. When every changed line lies in
// test functions or test methods (`def test*`, with their decorators) or in module-level
// imports, the tests the change cannot reach cannot change any finding: they are identical on
// both sides, nothing kept calls them, they mention no name whose import binding changed (nor
// a helper, method or class attribute that does), and whatever they depend on (imports,
// constants, helpers, setUp, base classes) is kept. Their lines are blanked on both sides (a
// `pass` keeps the syntax whole), so line numbers stay and the parser only sees what the
// change can affect. Any other change (a constant, a helper, a class header, a module-level
// statement using a rebound name) means the whole file is scanned, because a tolerance
// changed there reaches every assertion that uses it.
//
// The split is lexical (strings, comments, brackets and continuations are tracked, not
// parsed): anything it is not sure of (tabs in indentation, an unterminated string, a star
// import) also means the whole file.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace oalens::miners {

struct LineHunk {  // as git reports them: 1-based starts; a side with 0 lines is an insertion point
  int oldStart = 0, oldLines = 0, newStart = 0, newLines = 0;
};

// Byte offset where each line starts, indexed by 1-based line number, with one entry past the
// last line holding the text's size.
std::vector<size_t> lineStartOffsets(std::string_view text);

// Line hunks between two texts (libgit2's xdiff, no context lines).
std::vector<LineHunk> lineHunks(std::string_view oldText, std::string_view newText);

struct TestUnit {
  std::string name;  // "test_x" or "Class.test_x"
  int firstLine = 0, lastLine = 0;  // 1-based, decorators included
  int indent = 0;
};

// The test functions and methods of a Python source; false when the lexical split is unsure.
bool findTestUnits(std::string_view source, std::vector<TestUnit>& out);

struct ScopedPair {
  bool scoped = false;       // false: scan both texts whole
  std::string oldText, newText;  // with the untouched tests blanked (when scoped)
  size_t keptTests = 0, droppedTests = 0;
  std::vector<TestUnit> oldUnits, newUnits;  // every test unit of each side
  std::set<std::string> touched;             // names of the kept (changed) tests
};

ScopedPair scopeToChangedTests(const std::string& oldText, const std::string& newText);

}  // namespace oalens::miners
