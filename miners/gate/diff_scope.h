// What the diff gate must scan of a changed Python test file: the tests a hunk touches, and
// the tests a change outside them can reach (change_reach.h: a changed helper reaches the
// tests that call it, a class attribute the tests of its class, an import the tests that use
// a rebound name). The other tests are identical on both sides and nothing kept depends on
// them, so they cannot change any finding. Their lines are blanked on both sides (a `pass`
// keeps the syntax whole), so line numbers stay and the parser only sees what the change can
// affect; imports, constants, setUp and base classes always stay, and so do the module-level
// helpers that are changed, reached or mentioned by kept code (the others are left out the
// same way: change_reach.h, scopeHelpers). When the reach cannot be bounded (a module-level
// `if` or call, a star import), the whole file is scanned.
//
// The split is lexical (strings, comments, brackets and continuations are tracked, not
// parsed): anything it is not sure of (tabs in indentation, an unterminated string) also
// means the whole file.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "miners/gate/python_lines.h"
#include "miners/git/text_hunks.h"

namespace oalens::miners {

// Byte offset where each line starts, indexed by 1-based line number, with one entry past the
// last line holding the text's size.
std::vector<size_t> lineStartOffsets(std::string_view text);

// The logical lines of `newText` (python_lines.h) from those of the old text and the hunks
// between them: the new text is lexed again from before each hunk until one of its logical
// lines lies between two hunks where the old text has the same one (same place, same extent:
// both lexers began it at a line start and read the same bytes), and from there the old
// lines are taken, moved. The result is logicalLines(newText)'s, at a fraction of the cost
// when a large file changes in a few places (lexing the new side was 5% of `mine` on Keras 3's
// history). `oldStarts` and `newStarts` are lineStartOffsets of the two texts.
bool logicalLinesAfterEdit(const std::vector<LogicalLine>& oldLines, const std::vector<size_t>& oldStarts, std::string_view newText,
                           const std::vector<size_t>& newStarts, const std::vector<LineHunk>& hunks, std::vector<LogicalLine>& out);

// Line hunks between two texts (libgit2's xdiff, no context lines), the lines both share at
// either end cut off first; the same hunks as wholeTextHunks, for less hashing.
std::vector<LineHunk> lineHunks(std::string_view oldText, std::string_view newText);

// A test, or (in ScopedPair) a module-level helper function the scan may leave out.
struct TestUnit {
  std::string name;                 // "test_x" or "Class.test_x"; a helper's own name
  int firstLine = 0, lastLine = 0;  // 1-based, decorators included
  int indent = 0;
  int bodyIndent = -1;  // of the statements of its body; -1 when the body is on the def's line
};

// The test functions and methods of a Python source; false when the lexical split is unsure.
bool findTestUnits(std::string_view source, std::vector<TestUnit>& out);

struct ScopedPair {
  bool scoped = false;           // false: scan both texts whole
  std::string oldText, newText;  // with the untouched tests and unneeded helpers blanked (when scoped)
  size_t keptUnits = 0, droppedUnits = 0;
  std::vector<TestUnit> oldUnits, newUnits;  // every test and module-level helper of each side
  // The new side's other methods of module-level classes (setUp, helpers), which the scoped
  // text always keeps: the splice parses them as pieces too, so the skeleton, which every
  // change to it parses again, holds less that changes.
  std::vector<TestUnit> newMethods;
  std::set<std::string> touched;  // names of the kept ones (changed, reached or mentioned)
  // The names of the units the new text keeps: the touched ones, but for the tests that can
  // hold no OA check (check_sieve.h), when the scoping was given the words that name one.
  std::set<std::string> newKept;
  std::vector<size_t> oldStarts, newStarts;  // lineStartOffsets of the whole texts
  // Every dedent of the new text returns to the indentation of an enclosing block. A dedent to
  // another column is no syntax error to tree-sitter-python, but how it recovers depends on
  // the code after it, so a model of the text cannot be spliced from parts.
  bool newDedentsAligned = false;
};

// A text's tests, logical lines and lines of code, as the scoping reads them before any hunk:
// what a version's scoping as the new side leaves for its scoping as the old side of the next
// change (miners/walk/layout_handoff.h). `text` is filled by whoever keeps the layout.
struct TextLayout {
  bool valid = false;  // false: the lexical split was unsure
  std::string text;
  std::vector<TestUnit> tests;
  std::vector<bool> code;
  std::vector<LogicalLine> lines;
};

class CheckWords;

// `oldLayout`, when given and valid, is the old text's layout and is consumed; `newLayout`,
// when given, receives the new text's. With `checkWords`, the new text also leaves out the
// touched tests that can hold no OA check (for `mine`, which looks for nothing else).
ScopedPair scopeToChangedTests(const std::string& oldText, const std::string& newText, TextLayout* oldLayout = nullptr,
                               TextLayout* newLayout = nullptr, const CheckWords* checkWords = nullptr);

// A whole text as a ScopedPair whose every test and module-level helper is kept (with
// `checkWords`, but the tests that can hold no OA check), for building its model from parts as
// a scoped one's (miners/walk/piece_models.h); not scoped when the lexical split is unsure
// (newText holds the text either way).
ScopedPair unscopedUnits(std::string text, const CheckWords* checkWords = nullptr);

// Whether each logical line's indentation is a block's: a dedent lands on an enclosing indent.
bool dedentsAligned(const std::vector<LogicalLine>& lines);

}  // namespace oalens::miners
