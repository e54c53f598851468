#include "miners/gate/diff_scope.h"

#include <git2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "miners/git/repository.h"

namespace oalens::miners {

std::vector<size_t> lineStartOffsets(std::string_view text) {
  std::vector<size_t> starts{0, 0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  starts.push_back(text.size());
  return starts;
}

std::vector<LineHunk> lineHunks(std::string_view oldText, std::string_view newText) {
  initGit();
  std::vector<LineHunk> hunks;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.context_lines = 0;
  opts.flags |= GIT_DIFF_FORCE_TEXT;
  auto onHunk = [](const git_diff_delta*, const git_diff_hunk* h, void* payload) {
    static_cast<std::vector<LineHunk>*>(payload)->push_back({h->old_start, h->old_lines, h->new_start, h->new_lines});
    return 0;
  };
  git_diff_buffers(oldText.data(), oldText.size(), nullptr, newText.data(), newText.size(), nullptr, &opts, nullptr, nullptr, onHunk,
                   nullptr, &hunks);
  return hunks;
}

namespace {

struct LogicalLine {
  enum Kind { Def, Class, Decorator, Other };
  int first = 0, last = 0, indent = 0;
  Kind kind = Other;
  std::string name;
};

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips the string literal starting at s[j] (a quote); counts the newlines it spans.
bool skipString(std::string_view s, size_t& j, int& line) {
  const char q = s[j];
  const bool triple = j + 2 < s.size() && s[j + 1] == q && s[j + 2] == q;
  j += triple ? 3 : 1;
  while (j < s.size()) {
    const char c = s[j];
    if (c == '\\') {
      if (j + 1 < s.size() && s[j + 1] == '\n') ++line;
      j += 2;
      continue;
    }
    if (c == '\n') {
      if (!triple) return false;  // unterminated single-quoted string
      ++line;
    } else if (c == q && (!triple || (j + 2 < s.size() && s[j + 1] == q && s[j + 2] == q))) {
      j += triple ? 3 : 1;
      return true;
    }
    ++j;
  }
  return false;
}

bool logicalLines(std::string_view s, std::vector<LogicalLine>& out) {
  const size_t n = s.size();
  size_t i = 0;
  int line = 1;
  auto wordAt = [&](size_t k) {
    size_t e = k;
    while (e < n && isWordChar(s[e])) ++e;
    return s.substr(k, e - k);
  };
  auto skipBlanks = [&](size_t k) {
    while (k < n && (s[k] == ' ' || s[k] == '\t')) ++k;
    return k;
  };
  while (i < n) {
    size_t j = i;
    int indent = 0;
    while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f' || s[j] == '\r')) {
      if (s[j] == '\t') return false;  // tab widths are a parser's business, not ours
      indent += s[j] == ' ';
      ++j;
    }
    if (j >= n) break;
    if (s[j] == '\n' || s[j] == '#') {  // blank or comment-only line
      while (j < n && s[j] != '\n') ++j;
      i = j + 1;
      ++line;
      continue;
    }
    LogicalLine ll;
    ll.first = line;
    ll.indent = indent;
    std::string_view w = wordAt(j);
    size_t after = skipBlanks(j + w.size());
    if (w == "async" && wordAt(after) == "def") {
      w = "def";
      after = skipBlanks(after + 3);
    }
    if (w == "def") {
      ll.kind = LogicalLine::Def;
      ll.name = std::string(wordAt(after));
    } else if (w == "class") {
      ll.kind = LogicalLine::Class;
      ll.name = std::string(wordAt(after));
    } else if (s[j] == '@') {
      ll.kind = LogicalLine::Decorator;
    }
    int depth = 0;
    bool ended = false;
    while (j < n) {
      const char c = s[j];
      if (c == '#') {
        while (j < n && s[j] != '\n') ++j;
        continue;
      }
      if (c == '"' || c == '\'') {
        if (!skipString(s, j, line)) return false;
        continue;
      }
      if (c == '\\' && j + 1 < n && s[j + 1] == '\n') {
        j += 2;
        ++line;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      ++j;
      if (c == '\n') {
        if (depth == 0) {
          ll.last = line++;
          ended = true;
          break;
        }
        ++line;
      }
    }
    if (!ended) {
      if (depth > 0) return false;  // an unclosed bracket at the end of the file
      ll.last = line;
    }
    out.push_back(std::move(ll));
    i = j;
  }
  return true;
}

}  // namespace

namespace {

// Test units, and which lines belong to a statement (the others are blank or comments only).
bool layout(std::string_view source, std::vector<TestUnit>& out, std::vector<bool>* codeLines) {
  std::vector<LogicalLine> ls;
  if (!logicalLines(source, ls)) return false;
  if (codeLines)
    for (const LogicalLine& l : ls) {
      if (codeLines->size() <= static_cast<size_t>(l.last)) codeLines->resize(static_cast<size_t>(l.last) + 1, false);
      for (int k = l.first; k <= l.last; ++k) (*codeLines)[static_cast<size_t>(k)] = true;
    }
  std::string cls;
  int bodyIndent = -1;
  for (size_t a = 0; a < ls.size(); ++a) {
    const LogicalLine& l = ls[a];
    if (l.indent == 0) {
      cls = l.kind == LogicalLine::Class ? l.name : std::string();
      bodyIndent = -1;
    } else if (!cls.empty() && bodyIndent < 0) {
      bodyIndent = l.indent;
    }
    if (l.kind != LogicalLine::Def || l.name.rfind("test", 0) != 0) continue;
    const bool topLevel = l.indent == 0;
    const bool method = !cls.empty() && l.indent == bodyIndent;
    if (!topLevel && !method) continue;  // nested: part of whatever holds it
    size_t first = a;
    while (first > 0 && ls[first - 1].kind == LogicalLine::Decorator && ls[first - 1].indent == l.indent) --first;
    size_t last = a;
    while (last + 1 < ls.size() && ls[last + 1].indent > l.indent) ++last;
    out.push_back({topLevel ? l.name : cls + "." + l.name, ls[first].first, ls[last].last, l.indent});
  }
  return true;
}

}  // namespace

bool findTestUnits(std::string_view source, std::vector<TestUnit>& out) { return layout(source, out, nullptr); }

namespace {

// unit index per line (1-based; -1 outside every test unit)
std::vector<int> unitOfLine(const std::vector<TestUnit>& units, int lines) {
  std::vector<int> at(static_cast<size_t>(lines) + 2, -1);
  for (size_t u = 0; u < units.size(); ++u)
    for (int l = units[u].firstLine; l <= units[u].lastLine && l <= lines; ++l) at[static_cast<size_t>(l)] = static_cast<int>(u);
  return at;
}

int lineCount(std::string_view s) {
  int n = 1;
  for (char c : s) n += c == '\n';
  return n;
}

// False when a changed line is code outside every test; blank and comment-only lines outside
// tests change nothing the gate reports.
bool touchedTests(int start, int count, const std::vector<int>& at, const std::vector<bool>& codeLines, const std::vector<TestUnit>& units,
                  std::set<std::string>& names) {
  for (int l = start; l < start + count; ++l) {
    const auto i = static_cast<size_t>(l);
    const int u = l >= 0 && i < at.size() ? at[i] : -1;
    if (u >= 0) names.insert(units[static_cast<size_t>(u)].name);
    else if (i < codeLines.size() && codeLines[i]) return false;
  }
  return true;
}

std::string blankUntouched(const std::string& text, const std::vector<TestUnit>& units, const std::set<std::string>& keep, size_t& kept,
                           size_t& dropped) {
  // per line: -2 keep it, -1 blank it, >= 0 replace it by `pass` at that indent
  std::vector<int> action(static_cast<size_t>(lineCount(text)) + 2, -2);
  for (const TestUnit& u : units) {
    if (keep.count(u.name)) {
      ++kept;
      continue;
    }
    ++dropped;
    action[static_cast<size_t>(u.firstLine)] = u.indent;
    for (int l = u.firstLine + 1; l <= u.lastLine; ++l) action[static_cast<size_t>(l)] = -1;
  }
  std::string out;
  out.reserve(text.size());
  int line = 1;
  for (size_t start = 0; start <= text.size();) {
    size_t nl = text.find('\n', start);
    const bool last = nl == std::string::npos;
    if (last) nl = text.size();
    const int a = action[static_cast<size_t>(line)];
    if (a == -2) out.append(text, start, nl - start);
    else if (a >= 0) out.append(static_cast<size_t>(a), ' ').append("pass");
    if (last) break;
    out += '\n';
    start = nl + 1;
    ++line;
  }
  return out;
}

// Each test's text, by (name, how many tests of that name come before it).
std::map<std::pair<std::string, int>, std::string_view> unitTexts(std::string_view text, const std::vector<TestUnit>& units) {
  const std::vector<size_t> starts = lineStartOffsets(text);
  std::map<std::string, int> seen;
  std::map<std::pair<std::string, int>, std::string_view> out;
  for (const TestUnit& u : units) {
    const size_t from = starts[static_cast<size_t>(u.firstLine)];
    const size_t to = starts[std::min(static_cast<size_t>(u.lastLine) + 1, starts.size() - 1)];
    out[{u.name, seen[u.name]++}] = text.substr(from, to - from);
  }
  return out;
}

}  // namespace

ScopedPair scopeToChangedTests(const std::string& oldText, const std::string& newText) {
  ScopedPair r;
  std::vector<TestUnit> oldUnits, newUnits;
  std::vector<bool> oldCode, newCode;
  if (!layout(oldText, oldUnits, &oldCode) || !layout(newText, newUnits, &newCode)) return r;
  const std::vector<LineHunk> hunks = lineHunks(oldText, newText);
  if (hunks.empty()) return r;
  const std::vector<int> oldAt = unitOfLine(oldUnits, lineCount(oldText)), newAt = unitOfLine(newUnits, lineCount(newText));
  std::set<std::string> touched;
  for (const LineHunk& h : hunks)
    if (!touchedTests(h.oldStart, h.oldLines, oldAt, oldCode, oldUnits, touched) ||
        !touchedTests(h.newStart, h.newLines, newAt, newCode, newUnits, touched))
      return r;
  // A test left alone by every hunk can still differ: lines the diff aligned may now belong to
  // another test (one test merged into its neighbour). Only a test whose text is the same on
  // both sides, under the same name and position among its namesakes, may be left out.
  const auto oldSpans = unitTexts(oldText, oldUnits), newSpans = unitTexts(newText, newUnits);
  for (const auto& [key, text] : oldSpans)
    if (auto it = newSpans.find(key); it == newSpans.end() || it->second != text) touched.insert(key.first);
  for (const auto& [key, text] : newSpans)
    if (!oldSpans.count(key)) touched.insert(key.first);
  size_t keptOld = 0, droppedOld = 0;
  r.oldText = blankUntouched(oldText, oldUnits, touched, keptOld, droppedOld);
  r.newText = blankUntouched(newText, newUnits, touched, r.keptTests, r.droppedTests);
  r.oldUnits = std::move(oldUnits);
  r.newUnits = std::move(newUnits);
  r.touched = std::move(touched);
  r.scoped = true;
  return r;
}

}  // namespace oalens::miners
