#include "miners/gate/diff_scope.h"

#include <git2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_set>

#include "miners/gate/import_bindings.h"
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
  enum Kind { Def, Class, Decorator, Import, Other };
  int first = 0, last = 0, indent = 0;
  size_t begin = 0, end = 0;  // bytes, from the first non-blank character
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
    ll.begin = j;
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
    } else if (w == "import" || w == "from") {
      ll.kind = LogicalLine::Import;
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
    ll.end = j;
    out.push_back(std::move(ll));
    i = j;
  }
  return true;
}

}  // namespace

namespace {

// Test units, and which lines belong to a statement (the others are blank or comments only).
bool layout(std::string_view source, std::vector<TestUnit>& out, std::vector<bool>* codeLines,
            std::vector<LogicalLine>* logical = nullptr) {
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
  if (logical) *logical = std::move(ls);
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

// One side of the change, indexed by line.
struct Side {
  explicit Side(std::string_view t) : text(t) {}
  std::string_view text;
  std::vector<TestUnit> units;
  std::vector<bool> code;            // per line: part of a statement (not blank or comment only)
  std::vector<LogicalLine> lines;
  std::vector<int> unitAt;           // per line: the test unit holding it, or -1
  std::vector<int> logicalAt;        // per line: the logical line holding it, or -1
  std::vector<size_t> starts;        // per line: its first byte
  std::set<size_t> changedImports;   // logical lines: module-level imports a hunk changed

  void index() {
    const int n = lineCount(text);
    unitAt = unitOfLine(units, n);
    logicalAt.assign(static_cast<size_t>(n) + 2, -1);
    for (size_t k = 0; k < lines.size(); ++k)
      for (int l = lines[k].first; l <= lines[k].last && l <= n; ++l) logicalAt[static_cast<size_t>(l)] = static_cast<int>(k);
    starts = lineStartOffsets(text);
  }
  bool inTest(const LogicalLine& l) const { return unitAt[static_cast<size_t>(l.first)] >= 0; }
  std::string_view textOf(const LogicalLine& l) const { return text.substr(l.begin, l.end - l.begin); }
  std::string_view textOf(const TestUnit& u) const {
    const size_t from = starts[static_cast<size_t>(u.firstLine)];
    return text.substr(from, starts[std::min(static_cast<size_t>(u.lastLine) + 1, starts.size() - 1)] - from);
  }
  // Records the tests the changed lines fall in. False when one is code outside every test
  // other than a module-level import; blank and comment-only lines change nothing.
  bool touch(int start, int count, std::set<std::string>& names) {
    for (int l = start; l < start + count; ++l) {
      const auto i = static_cast<size_t>(l);
      const int u = l >= 0 && i < unitAt.size() ? unitAt[i] : -1;
      if (u >= 0) {
        names.insert(units[static_cast<size_t>(u)].name);
        continue;
      }
      if (i >= code.size() || !code[i]) continue;
      const int k = i < logicalAt.size() ? logicalAt[i] : -1;
      if (k < 0 || lines[static_cast<size_t>(k)].kind != LogicalLine::Import || lines[static_cast<size_t>(k)].indent != 0) return false;
      changedImports.insert(static_cast<size_t>(k));
    }
    return true;
  }
};

// name -> every module-level import binding it, each with the number of other module-level
// statements before it: a name means the same on both sides when this list is the same
// (same imports, same order against the assignments and definitions that could rebind it).
using ImportSignatures = std::map<std::string, std::vector<std::pair<int, std::string>>>;

bool importSignatures(const Side& s, ImportSignatures& out) {
  int slot = 0;
  for (const LogicalLine& l : s.lines) {
    if (l.indent != 0 || s.inTest(l)) continue;
    if (l.kind != LogicalLine::Import) {
      ++slot;
      continue;
    }
    std::vector<ImportBinding> bindings;
    if (!readImportBindings(s.textOf(l), bindings)) return false;  // a star import: unknown names
    for (auto& b : bindings) out[b.name].emplace_back(slot, std::move(b.target));
  }
  return true;
}

// Where a line outside the tests sits: what a change in its meaning reaches.
struct Owner {
  enum Kind { None, Module, Function, ClassLevel, Method } kind = None;
  std::string name;  // the function or method
  std::string cls;
};

std::vector<std::pair<size_t, Owner>> ownersOutsideTests(const Side& s) {
  std::vector<std::pair<size_t, Owner>> out;
  LogicalLine::Kind top = LogicalLine::Other;
  std::string topName, method;
  int bodyIndent = -1;
  for (size_t k = 0; k < s.lines.size(); ++k) {
    const LogicalLine& l = s.lines[k];
    Owner o;
    if (l.indent == 0) {
      top = l.kind;
      topName = l.name;
      bodyIndent = -1;
      method.clear();
      o.kind = top == LogicalLine::Import ? Owner::None
               : top == LogicalLine::Def  ? Owner::Function
               : top == LogicalLine::Class ? Owner::ClassLevel
                                           : Owner::Module;
    } else if (top == LogicalLine::Def) {
      o.kind = Owner::Function;
    } else if (top == LogicalLine::Class) {
      if (bodyIndent < 0) bodyIndent = l.indent;
      if (l.indent == bodyIndent) method = l.kind == LogicalLine::Def ? l.name : std::string();
      o.kind = method.empty() ? Owner::ClassLevel : Owner::Method;
    } else {
      o.kind = Owner::Module;
    }
    if (o.kind == Owner::None || s.inTest(l)) continue;
    o.name = o.kind == Owner::Method ? method : topName;
    if (top == LogicalLine::Class) o.cls = topName;
    out.emplace_back(k, std::move(o));
  }
  return out;
}

// Module-level imports changed: the names whose binding differs reach the helpers, methods and
// classes that mention them, and those reach whatever mentions their names in turn; every
// test that mentions a reached name, or belongs to a reached class, is kept. False when the
// reach cannot be bounded: an import it cannot read, or a module-level statement that uses a
// changed name (a constant computed from it may be used anywhere).
bool reachOfChangedImports(const Side& oldSide, const Side& newSide, std::set<std::string>& touched) {
  if (oldSide.changedImports.empty() && newSide.changedImports.empty()) return true;
  ImportSignatures before, after;
  if (!importSignatures(oldSide, before) || !importSignatures(newSide, after)) return false;
  std::unordered_set<std::string> reached;
  for (const Side* s : {&oldSide, &newSide})
    for (size_t k : s->changedImports) {
      std::vector<ImportBinding> bindings;
      if (!readImportBindings(s->textOf(s->lines[k]), bindings)) return false;
      for (const auto& b : bindings)
        if (before[b.name] != after[b.name]) reached.insert(b.name);
    }
  if (reached.empty()) return true;  // reordered or reformatted: every name means what it meant
  const auto owners = ownersOutsideTests(newSide);  // outside tests and imports both sides are the same
  std::set<std::string> classes;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [k, o] : owners) {
      if (!mentionsAny(newSide.textOf(newSide.lines[k]), reached)) continue;
      if (o.kind == Owner::Module) return false;
      if (o.kind == Owner::ClassLevel) {
        classes.insert(o.cls);
        grew |= reached.insert(o.cls).second;
      } else {
        grew |= reached.insert(o.name).second;
      }
    }
  }
  for (const Side* s : {&oldSide, &newSide})
    for (const TestUnit& u : s->units) {
      if (touched.count(u.name)) continue;
      const auto dot = u.name.find('.');
      if ((dot != std::string::npos && classes.count(u.name.substr(0, dot))) || mentionsAny(s->textOf(u), reached)) touched.insert(u.name);
    }
  return true;
}

// A test that other kept code mentions (a helper or another test calls it, a module-level
// statement wraps it) is kept too: leaving it out would change what that code sees.
void keepMentionedTests(const Side& oldSide, const Side& newSide, std::set<std::string>& touched) {
  std::unordered_set<std::string> words;
  for (const Side* s : {&oldSide, &newSide}) {
    for (const LogicalLine& l : s->lines)
      if (!s->inTest(l)) identifierWords(s->textOf(l), words);
    for (const TestUnit& u : s->units)
      if (touched.count(u.name)) identifierWords(s->textOf(u), words);
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (const Side* s : {&oldSide, &newSide})
      for (const TestUnit& u : s->units) {
        if (touched.count(u.name)) continue;
        const auto dot = u.name.rfind('.');
        if (!words.count(dot == std::string::npos ? u.name : u.name.substr(dot + 1))) continue;
        touched.insert(u.name);
        identifierWords(s->textOf(u), words);
        grew = true;
      }
  }
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
  Side oldSide(oldText), newSide(newText);
  if (!layout(oldText, oldSide.units, &oldSide.code, &oldSide.lines) || !layout(newText, newSide.units, &newSide.code, &newSide.lines))
    return r;
  const std::vector<LineHunk> hunks = lineHunks(oldText, newText);
  if (hunks.empty()) return r;
  oldSide.index();
  newSide.index();
  std::set<std::string> touched;
  for (const LineHunk& h : hunks)
    if (!oldSide.touch(h.oldStart, h.oldLines, touched) || !newSide.touch(h.newStart, h.newLines, touched)) return r;
  // A test left alone by every hunk can still differ: lines the diff aligned may now belong to
  // another test (one test merged into its neighbour). Only a test whose text is the same on
  // both sides, under the same name and position among its namesakes, may be left out.
  const auto oldSpans = unitTexts(oldText, oldSide.units), newSpans = unitTexts(newText, newSide.units);
  for (const auto& [key, text] : oldSpans)
    if (auto it = newSpans.find(key); it == newSpans.end() || it->second != text) touched.insert(key.first);
  for (const auto& [key, text] : newSpans)
    if (!oldSpans.count(key)) touched.insert(key.first);
  if (!reachOfChangedImports(oldSide, newSide, touched)) return r;
  keepMentionedTests(oldSide, newSide, touched);
  size_t keptOld = 0, droppedOld = 0;
  r.oldText = blankUntouched(oldText, oldSide.units, touched, keptOld, droppedOld);
  r.newText = blankUntouched(newText, newSide.units, touched, r.keptTests, r.droppedTests);
  r.oldUnits = std::move(oldSide.units);
  r.newUnits = std::move(newSide.units);
  r.touched = std::move(touched);
  r.scoped = true;
  return r;
}

}  // namespace oalens::miners
