#include "miners/gate/diff_scope.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <map>
#include <set>
#include <unordered_set>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "miners/gate/change_reach.h"
#include "miners/gate/python_lines.h"

namespace oalens::miners {

std::vector<size_t> lineStartOffsets(std::string_view text) {
  // Every text `mine` scopes is split here, some twice, and its lines are short: a memchr call
  // per line was 2% of the instructions. The newlines of 16 bytes are read off one mask, in one
  // pass (counting them first for an exact reserve cost more than it saved: docs/mine.md).
  std::vector<size_t> starts;
  starts.reserve(text.size() / 24 + 4);
  starts.push_back(0);
  starts.push_back(0);
  const char* const data = text.data();
  const size_t n = text.size();
  size_t i = 0;
#ifdef __SSE2__
  const __m128i newline = _mm_set1_epi8('\n');
  for (; i + 16 <= n; i += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, newline))); mask != 0; mask &= mask - 1)
      starts.push_back(i + static_cast<size_t>(__builtin_ctz(mask)) + 1);
  }
#endif
  for (; i < n; ++i)
    if (data[i] == '\n') starts.push_back(i + 1);
  starts.push_back(n);
  return starts;
}

namespace {

bool startsLine(std::string_view t, size_t at) { return at == 0 || t[at - 1] == '\n'; }

// Bytes two buffers share at their start: 64-byte blocks through memcmp (vectorised), then
// bytes; a byte loop was a third of the line diff's instructions.
size_t commonPrefix(const char* a, const char* b, size_t size) {
  constexpr size_t kBlock = 64;
  size_t at = 0;
  while (at + kBlock <= size && std::memcmp(a + at, b + at, kBlock) == 0) at += kBlock;
  while (at < size && a[at] == b[at]) ++at;
  return at;
}

// The same from the ends: bytes two buffers share before `aEnd` and `bEnd`, at most `size`.
size_t commonSuffix(const char* aEnd, const char* bEnd, size_t size) {
  constexpr size_t kBlock = 64;
  size_t at = 0;
  while (at + kBlock <= size && std::memcmp(aEnd - at - kBlock, bEnd - at - kBlock, kBlock) == 0) at += kBlock;
  while (at < size && aEnd[-1 - static_cast<std::ptrdiff_t>(at)] == bEnd[-1 - static_cast<std::ptrdiff_t>(at)]) ++at;
  return at;
}

}  // namespace

std::vector<LineHunk> lineHunks(std::string_view oldText, std::string_view newText) {
  // The lines both texts share at their start and end are cut off before libgit2 sees them,
  // as xdiff would cut them itself: git_diff_buffers hashes both whole buffers (SHA-1 with
  // collision detection) and every line, which took 3-4% of `mine` on files whose edits are a
  // few lines (perf, Keras master).
  const size_t shorter = std::min(oldText.size(), newText.size());
  size_t head = commonPrefix(oldText.data(), newText.data(), shorter);
  while (head > 0 && !startsLine(oldText, head)) --head;
  // The common suffix, within what the prefix left.
  size_t tail = commonSuffix(oldText.data() + oldText.size(), newText.data() + newText.size(), shorter - head);
  while (tail > 0 && !(startsLine(oldText, oldText.size() - tail) && startsLine(newText, newText.size() - tail))) --tail;
  const std::string_view oldMiddle = oldText.substr(head, oldText.size() - tail - head);
  const std::string_view newMiddle = newText.substr(head, newText.size() - tail - head);
  if (oldMiddle == newMiddle) return {};
  const int shift = static_cast<int>(std::count(oldText.begin(), oldText.begin() + static_cast<std::ptrdiff_t>(head), '\n'));
  std::vector<LineHunk> hunks = wholeTextHunks(oldMiddle, newMiddle);
  for (LineHunk& h : hunks) {
    h.oldStart += shift;
    h.newStart += shift;
  }
  return hunks;
}

namespace {

// Test units (and, when asked, the other methods of module-level classes), and which lines
// belong to a statement (the others are blank or comments only).
void layoutOfLines(std::string_view text, std::vector<LogicalLine> ls, std::vector<TestUnit>& tests, std::vector<bool>* codeLines,
                   std::vector<LogicalLine>* logical = nullptr, std::vector<TestUnit>* otherMethods = nullptr) {
  if (codeLines && !ls.empty()) {
    // Logical lines come in order, so the last one ends last.
    codeLines->assign(static_cast<size_t>(ls.back().last) + 1, false);
    for (const LogicalLine& l : ls)
      for (int k = l.first; k <= l.last; ++k) (*codeLines)[static_cast<size_t>(k)] = true;
  }
  std::string_view cls;
  int bodyIndent = -1;
  for (size_t a = 0; a < ls.size(); ++a) {
    const LogicalLine& l = ls[a];
    const std::string_view name = l.nameIn(text);
    if (l.indent == 0) {
      cls = l.kind == LogicalLine::Class ? name : std::string_view();
      bodyIndent = -1;
    } else if (!cls.empty() && bodyIndent < 0) {
      bodyIndent = l.indent;
    }
    const bool topLevel = l.indent == 0;
    const bool method = !cls.empty() && l.indent == bodyIndent;
    if (l.kind != LogicalLine::Def || (!topLevel && !method)) continue;  // nested: part of whatever holds it
    // A module-level def that is no test is a helper (helperUnits).
    std::vector<TestUnit>* into = name.starts_with("test") ? &tests : method ? otherMethods : nullptr;
    if (!into) continue;
    size_t first = a;
    while (first > 0 && ls[first - 1].kind == LogicalLine::Decorator && ls[first - 1].indent == l.indent) --first;
    size_t last = a;
    while (last + 1 < ls.size() && ls[last + 1].indent > l.indent) ++last;
    into->push_back({topLevel ? std::string(name) : std::string(cls).append(".").append(name), ls[first].first, ls[last].last, l.indent,
                     blockIndentAfter(ls, a)});
  }
  if (logical) *logical = std::move(ls);
}

bool layout(std::string_view source, std::vector<TestUnit>& tests, std::vector<bool>* codeLines,
            std::vector<LogicalLine>* logical = nullptr, std::vector<TestUnit>* otherMethods = nullptr) {
  std::vector<LogicalLine> ls;
  if (!logicalLines(source, ls)) return false;
  layoutOfLines(source, std::move(ls), tests, codeLines, logical, otherMethods);
  return true;
}

}  // namespace

bool logicalLinesAfterEdit(const std::vector<LogicalLine>& oldLines, const std::vector<size_t>& oldStarts, std::string_view newText,
                           const std::vector<size_t>& newStarts, const std::vector<LineHunk>& hunks, std::vector<LogicalLine>& out) {
  out.clear();
  out.reserve(oldLines.size() + 8);
  // After hunk g the texts agree line for line until the next hunk, the new one moved by these.
  struct Shift {
    int lines = 0;
    int64_t bytes = 0;
    int newAfter = 0;  // the new text's first line after the hunk
  };
  std::vector<Shift> shifts;
  shifts.reserve(hunks.size());
  const int oldLineCount = static_cast<int>(oldStarts.size()) - 1, newLineCount = static_cast<int>(newStarts.size()) - 1;
  for (const LineHunk& h : hunks) {
    const int oldAfter = h.oldLines > 0 ? h.oldStart + h.oldLines : h.oldStart + 1;
    const int newAfter = h.newLines > 0 ? h.newStart + h.newLines : h.newStart + 1;
    if (oldAfter < 1 || newAfter < 1 || oldAfter > oldLineCount || newAfter > newLineCount) return logicalLines(newText, out);
    shifts.push_back(
        {newAfter - oldAfter,
         static_cast<int64_t>(newStarts[static_cast<size_t>(newAfter)]) - static_cast<int64_t>(oldStarts[static_cast<size_t>(oldAfter)]),
         newAfter});
  }
  auto moved = [](const LogicalLine& l, const Shift& by) {
    LogicalLine m = l;
    m.first += by.lines;
    m.last += by.lines;
    m.begin = static_cast<size_t>(static_cast<int64_t>(m.begin) + by.bytes);
    m.end = static_cast<size_t>(static_cast<int64_t>(m.end) + by.bytes);
    return m;
  };
  size_t i = 0;  // where the new text's lexer stands, and its line
  int line = 1;
  size_t next = 0;  // the next old line that may be taken
  Shift shift;
  for (size_t h = 0;; ++h) {
    // In step: the old lines wholly before hunk h are the new text's, moved.
    const int stop = h < hunks.size() ? hunks[h].oldStart : INT_MAX;
    const size_t taken = out.size();
    for (; next < oldLines.size() && oldLines[next].last < stop; ++next) out.push_back(moved(oldLines[next], shift));
    if (out.size() > taken) {
      i = out.back().end;
      line = out.back().last + 1;
    }
    if (h == hunks.size()) return true;
    // Out of step: lex the new text through the hunk until a logical line lies between two hunks
    // where the old text has the same one: both lexers started it at a line start and read the
    // same bytes, so from its end on they agree again.
    size_t g = h;  // the last hunk the lexer is past
    for (;;) {
      const size_t lexed = out.size();
      if (!logicalLinesFrom(newText, i, line, out, 1)) return false;
      if (out.size() == lexed || i >= newText.size()) return true;  // the rest of the text was lexed
      const LogicalLine& ll = out.back();
      while (g + 1 < hunks.size() && shifts[g + 1].newAfter <= ll.first) ++g;
      if (shifts[g].newAfter > ll.first || (g + 1 < hunks.size() && ll.last >= hunks[g + 1].newStart)) continue;
      const int64_t oldBegin = static_cast<int64_t>(ll.begin) - shifts[g].bytes;
      auto same = std::lower_bound(oldLines.begin(), oldLines.end(), oldBegin,
                                   [](const LogicalLine& l, int64_t b) { return static_cast<int64_t>(l.begin) < b; });
      if (same == oldLines.end() || static_cast<int64_t>(same->begin) != oldBegin) continue;
      const LogicalLine expected = moved(*same, shifts[g]);
      if (expected.first != ll.first || expected.last != ll.last || expected.end != ll.end) continue;
      next = static_cast<size_t>(same - oldLines.begin()) + 1;
      shift = shifts[g];
      h = g;
      break;
    }
  }
}

bool findTestUnits(std::string_view source, std::vector<TestUnit>& out) { return layout(source, out, nullptr); }

namespace {
std::string blankUntouched(const std::string& text, const std::vector<size_t>& starts, const std::vector<TestUnit>& units,
                           const std::set<std::string>& keep, size_t& kept, size_t& dropped);
}  // namespace

ScopedPair unscopedUnits(std::string text, const CheckWords* checkWords) {
  ScopedPair r;
  {
    ScopeSide side(text);
    if (!layout(text, side.units, nullptr, &side.lines, &r.newMethods)) {
      r.newText = std::move(text);
      return r;
    }
    const size_t tests = side.units.size();
    if (checkWords) side.index();  // before the helpers join the units: they are not tests
    std::vector<TestUnit> helpers = helperUnits(side);
    side.units.insert(side.units.end(), helpers.begin(), helpers.end());
    for (const TestUnit& u : side.units) r.touched.insert(u.name);
    r.newKept = r.touched;
    if (checkWords) {
      leaveOutChecklessTests(side, tests, *checkWords, r.newKept);
      size_t kept = 0, dropped = 0;
      if (r.newKept.size() != r.touched.size()) r.newText = blankUntouched(text, side.starts, side.units, r.newKept, kept, dropped);
    }
    r.newDedentsAligned = dedentsAligned(side.lines);
    r.newUnits = std::move(side.units);
  }
  if (r.newText.empty()) r.newText = std::move(text);
  r.scoped = true;
  return r;
}

bool dedentsAligned(const std::vector<LogicalLine>& lines) {
  std::vector<int> open{0};  // the indentation of each enclosing block, innermost last
  for (const LogicalLine& l : lines) {
    if (l.indent > open.back()) {  // a block opens (deeper than the line before)
      open.push_back(l.indent);
      continue;
    }
    while (l.indent < open.back()) open.pop_back();
    if (l.indent != open.back()) return false;
  }
  return true;
}

namespace {

std::string blankUntouched(const std::string& text, const std::vector<size_t>& starts, const std::vector<TestUnit>& units,
                           const std::set<std::string>& keep, size_t& kept, size_t& dropped) {
  // Whole stretches of kept lines are copied at once; each left-out unit becomes `pass` at its
  // indent on its first line and empty lines after it (line numbers stay).
  std::string out;
  out.reserve(text.size());
  const int lines = static_cast<int>(starts.size()) - 2;
  size_t copiedTo = 0;
  std::vector<const TestUnit*> left;
  for (const TestUnit& u : units) {
    if (keep.count(u.name)) ++kept;
    else if (u.firstLine >= 1 && u.firstLine <= u.lastLine && u.lastLine <= lines) left.push_back(&u);
  }
  dropped += left.size();
  std::sort(left.begin(), left.end(), [](const TestUnit* a, const TestUnit* b) { return a->firstLine < b->firstLine; });
  for (const TestUnit* u : left) {
    const size_t start = starts[static_cast<size_t>(u->firstLine)];
    if (start < copiedTo) continue;  // overlapping units: the first one's blank stands
    out.append(text, copiedTo, start - copiedTo);
    out.append(static_cast<size_t>(u->indent), ' ').append("pass");
    // Its other lines are empty. Every line ends in a newline but the text's last, which
    // lineStartOffsets counts as one more line after the last newline.
    out.append(static_cast<size_t>(std::min(u->lastLine, lines - 1) - u->firstLine + 1), '\n');
    const size_t end = starts[static_cast<size_t>(u->lastLine) + 1];
    copiedTo = end;
  }
  out.append(text, copiedTo, std::string::npos);
  return out;
}

}  // namespace

ScopedPair scopeToChangedTests(const std::string& oldText, const std::string& newText, TextLayout* oldLayout, TextLayout* newLayout,
                               const CheckWords* checkWords) {
  ScopedPair r;
  ScopeSide oldSide(oldText), newSide(newText);
  std::vector<TestUnit> newMethods;
  if (oldLayout && oldLayout->valid) {
    oldSide.units = std::move(oldLayout->tests);
    oldSide.code = std::move(oldLayout->code);
    oldSide.lines = std::move(oldLayout->lines);
  } else if (!layout(oldText, oldSide.units, &oldSide.code, &oldSide.lines)) {
    return r;
  }
  // The new side's logical lines are the old side's away from the hunks, lexed again near them.
  const std::vector<LineHunk> hunks = lineHunks(oldText, newText);
  if (!hunks.empty()) {  // the same text has the same lines; index() would make these anyway
    oldSide.starts = lineStartOffsets(oldText);
    newSide.starts = lineStartOffsets(newText);
  }
  {
    std::vector<LogicalLine> newLines;
    if (!logicalLinesAfterEdit(oldSide.lines, oldSide.starts, newText, newSide.starts, hunks, newLines)) return r;
    layoutOfLines(newText, std::move(newLines), newSide.units, &newSide.code, &newSide.lines, &newMethods);
  }
  // The new side's layout is handed on whatever the scoping decides below; its tests before
  // the helpers join them, its lines once the dedent check has read them.
  struct HandOn {
    TextLayout* into;
    ScopeSide& side;
    std::vector<TestUnit> tests;
    ~HandOn() {
      if (!into) return;
      into->tests = std::move(tests);
      into->code = std::move(side.code);
      into->lines = std::move(side.lines);
      into->valid = true;
    }
  } handOn{newLayout, newSide, newLayout ? newSide.units : std::vector<TestUnit>{}};
  if (hunks.empty()) return r;
  oldSide.index();
  newSide.index();
  std::set<std::string> touched;
  for (const LineHunk& h : hunks) {
    oldSide.touch(h.oldStart, h.oldLines, touched);
    newSide.touch(h.newStart, h.newLines, touched);
  }
  // A test left alone by every hunk can still differ: lines the diff aligned may now belong to
  // another test (one test merged into its neighbour). Only a test whose text is the same on
  // both sides, under the same name and position among its namesakes, may be left out.
  insertUnitsThatDiffer(oldSide, oldSide.units, newSide, newSide.units, touched, &hunks);
  std::unordered_set<std::string> reached;
  if (!reachOfChange(oldSide, newSide, touched, reached)) return r;
  const size_t newTests = newSide.units.size();
  scopeHelpers(oldSide, newSide, reached, touched);
  size_t keptOld = 0, droppedOld = 0;
  r.oldText = blankUntouched(oldText, oldSide.starts, oldSide.units, touched, keptOld, droppedOld);
  r.newKept = touched;
  if (checkWords) leaveOutChecklessTests(newSide, newTests, *checkWords, r.newKept);
  r.newText = blankUntouched(newText, newSide.starts, newSide.units, r.newKept, r.keptUnits, r.droppedUnits);
  r.oldUnits = std::move(oldSide.units);
  r.newUnits = std::move(newSide.units);
  r.oldStarts = std::move(oldSide.starts);
  r.newStarts = std::move(newSide.starts);
  r.newDedentsAligned = dedentsAligned(newSide.lines);
  r.newMethods = std::move(newMethods);
  r.touched = std::move(touched);
  r.scoped = true;
  return r;
}

}  // namespace oalens::miners
