#include "miners/gate/change_reach.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/model/code_model.h"
#include "miners/gate/check_sieve.h"
#include "miners/gate/import_bindings.h"

namespace oalens::miners {

void ScopeSide::index() {
  if (starts.empty()) starts = lineStartOffsets(text);
  const int n = static_cast<int>(starts.size()) - 2;  // lines, the last one possibly empty
  unitAt.assign(static_cast<size_t>(n) + 2, -1);
  for (size_t u = 0; u < units.size(); ++u)
    for (int l = units[u].firstLine; l <= units[u].lastLine && l <= n; ++l) unitAt[static_cast<size_t>(l)] = static_cast<int>(u);
  logicalAt.assign(static_cast<size_t>(n) + 2, -1);
  for (size_t k = 0; k < lines.size(); ++k)
    for (int l = lines[k].first; l <= lines[k].last && l <= n; ++l) logicalAt[static_cast<size_t>(l)] = static_cast<int>(k);
}

void ScopeSide::touch(int start, int count, std::set<std::string>& tests) {
  for (int l = start; l < start + count; ++l) {
    const auto i = static_cast<size_t>(l);
    if (l < 0 || i >= unitAt.size()) continue;
    if (unitAt[i] >= 0) tests.insert(units[static_cast<size_t>(unitAt[i])].name);
    else if (i < code.size() && code[i] && logicalAt[i] >= 0) changed.insert(static_cast<size_t>(logicalAt[i]));
  }
}

std::string_view ScopeSide::textOf(const TestUnit& u) const {
  const size_t from = starts[static_cast<size_t>(u.firstLine)];
  return text.substr(from, starts[std::min(static_cast<size_t>(u.lastLine) + 1, starts.size() - 1)] - from);
}

namespace {

// What a line outside the tests belongs to, and so which name a change to it changes.
struct Owner {
  enum Kind { InTest, Import, Function, Method, ClassLevel, Assignment, MainGuard, Module } kind = Module;
  std::string_view name;  // the function, method or assigned name, in the side's text
  std::string_view cls;
};

// The one name a module-level `NAME = value` binds; empty for anything else (several
// targets, annotations, augmented assignment, dunder names the interpreter reads).
std::string_view assignedName(std::string_view t) {
  if (t.empty() || !isIdentifierStart(t[0])) return {};
  const size_t e = identifierEnd(t, 0);
  size_t i = skipBlanks(t, e);
  if (i + 1 >= t.size() || t[i] != '=' || t[i + 1] == '=') return {};
  const size_t v = skipBlanks(t, i + 1);
  if (const size_t ve = identifierEnd(t, v); ve > v) {  // `a = b = 1` binds two names
    const size_t k = skipBlanks(t, ve);
    if (k < t.size() && t[k] == '=' && (k + 1 >= t.size() || t[k + 1] != '=')) return {};
  }
  const std::string_view name = t.substr(0, e);
  return name.starts_with("__") ? std::string_view() : name;
}

bool startsWithWord(std::string_view t, std::string_view w) {
  return t.substr(0, w.size()) == w && (t.size() == w.size() || !isIdentifierChar(t[w.size()]));
}

bool isMainGuard(std::string_view t) {
  if (!startsWithWord(t, "if")) return false;
  const size_t k = skipBlanks(t, 2);
  return t.substr(k, 8) == "__name__";
}

// The first line of what a decorator at `k` decorates.
const LogicalLine& decorated(const std::vector<LogicalLine>& ls, size_t k) {
  size_t d = k;
  while (d + 1 < ls.size() && ls[d].kind == LogicalLine::Decorator && ls[d].indent == ls[k].indent) ++d;
  return ls[d];
}

std::vector<Owner> ownersOf(const ScopeSide& s) {
  std::vector<Owner> out(s.lines.size());
  Owner top;
  int bodyIndent = -1;
  std::string_view method;
  for (size_t k = 0; k < s.lines.size(); ++k) {
    const LogicalLine& l = s.lines[k];
    Owner o;
    if (l.indent == 0) {
      const LogicalLine& head = decorated(s.lines, k);
      top = Owner{};
      bodyIndent = -1;
      method = {};
      if (head.kind == LogicalLine::Import) {
        top.kind = Owner::Import;
      } else if (head.kind == LogicalLine::Def) {
        top.kind = Owner::Function;
        top.name = head.nameIn(s.text);
      } else if (head.kind == LogicalLine::Class) {
        top.kind = Owner::ClassLevel;
        top.cls = head.nameIn(s.text);
      } else if (isMainGuard(s.textOf(l))) {
        top.kind = Owner::MainGuard;  // runs only when the file is executed, never under a test runner
      } else if (std::string_view name = assignedName(s.textOf(l)); !name.empty()) {
        top.kind = Owner::Assignment;
        top.name = name;
      }
      o = top;
    } else if (top.kind == Owner::ClassLevel) {
      if (bodyIndent < 0) bodyIndent = l.indent;
      if (l.indent == bodyIndent) {
        const LogicalLine& head = decorated(s.lines, k);
        method = head.kind == LogicalLine::Def && head.indent == bodyIndent ? head.nameIn(s.text) : std::string_view();
      }
      o.kind = method.empty() ? Owner::ClassLevel : Owner::Method;
      o.name = method;
      o.cls = top.cls;
    } else if (top.kind == Owner::Function || top.kind == Owner::MainGuard) {
      o = top;
    }  // else: inside a module-level `if`, `try`, `for` or `with`: Module
    if (s.inTest(l)) o.kind = Owner::InTest;
    out[k] = o;
  }
  return out;
}

// Methods the test runner calls on every test of the class, or Python calls implicitly.
bool runsForEveryTest(std::string_view method) {
  static const std::set<std::string_view> fixtures = {"setUp",           "tearDown",    "setUpClass",     "tearDownClass", "setup_method",
                                                      "teardown_method", "setup_class", "teardown_class", "setup",         "teardown"};
  return fixtures.count(method) || (method.size() > 4 && method.substr(0, 2) == "__" && method.substr(method.size() - 2) == "__");
}

struct Reach {
  std::unordered_set<std::string> names;
  std::set<std::string> classes;
  std::set<std::string, std::less<>> globalWriters;  // functions and methods with a `global` statement
  // (class, method) -> the attributes the method sets on either side
  std::map<std::pair<std::string, std::string>, std::set<std::string>> methodAttributes;

  // False when what the owner's change affects cannot be named.
  bool add(const Owner& o) {
    switch (o.kind) {
      case Owner::InTest:
      case Owner::Import:
      case Owner::MainGuard: return true;
      case Owner::Module: return false;
      case Owner::Assignment: names.emplace(o.name); return true;
      case Owner::Function: names.emplace(o.name); return !globalWriters.count(o.name);
      case Owner::Method:
        // A helper method reaches what calls it by name and what reads an attribute it sets;
        // setUp and the like run for every test of the class.
        names.emplace(o.name);
        if (!runsForEveryTest(o.name)) {
          if (auto it = methodAttributes.find({std::string(o.cls), std::string(o.name)}); it != methodAttributes.end())
            names.insert(it->second.begin(), it->second.end());
          return !globalWriters.count(o.name);
        }
        [[fallthrough]];
      case Owner::ClassLevel:  // an attribute, setUp or a base class: every test of the class may see it
        classes.emplace(o.cls);
        names.emplace(o.cls);
        return o.kind != Owner::Method || !globalWriters.count(o.name);
    }
    return false;
  }
};

// name -> every module-level import binding it, each with the first line of the module-level
// statement before it: a name means the same on both sides when this list is the same (same
// imports, same order against the assignments and definitions that could rebind it).
using ImportSignatures = std::map<std::string, std::vector<std::pair<std::string_view, std::string>>>;

bool importSignatures(const ScopeSide& s, ImportSignatures& out) {
  std::string_view after;
  for (const LogicalLine& l : s.lines) {
    if (l.indent != 0 || s.inTest(l)) continue;
    if (l.kind != LogicalLine::Import) {
      const std::string_view t = s.textOf(l);
      after = t.substr(0, t.find('\n'));
      continue;
    }
    std::vector<ImportStatementBinding> bindings;
    if (!readImportBindings(s.textOf(l), bindings)) return false;  // a star import: unknown names
    for (auto& b : bindings) out[b.name].emplace_back(after, std::move(b.target));
  }
  return true;
}

bool seedChangedImports(const ScopeSide& oldSide, const ScopeSide& newSide, const std::vector<Owner>& oldOwners,
                        const std::vector<Owner>& newOwners, Reach& reach) {
  bool any = false;
  for (const auto& [s, owners] : {std::pair{&oldSide, &oldOwners}, std::pair{&newSide, &newOwners}})
    for (size_t k : s->changed) any |= (*owners)[k].kind == Owner::Import;
  if (!any) return true;
  ImportSignatures before, after;
  if (!importSignatures(oldSide, before) || !importSignatures(newSide, after)) return false;
  for (const auto& [s, owners] : {std::pair{&oldSide, &oldOwners}, std::pair{&newSide, &newOwners}})
    for (size_t k : s->changed) {
      if ((*owners)[k].kind != Owner::Import) continue;
      std::vector<ImportStatementBinding> bindings;
      if (!readImportBindings(s->textOf(s->lines[k]), bindings)) return false;
      for (const auto& b : bindings)
        if (before[b.name] != after[b.name]) reach.names.insert(b.name);
    }
  return true;
}

// Calls f(X, assigned) for every `self.X` and `cls.X` in the code. It counts as assigned when
// followed by `=` or an augmented assignment, also through subscripts (`self.x[k] = v` fills
// it), or by a comma at the start of a line (`self.a, self.b = f()`; not a call's argument).
template <typename F>
void forEachSelfAttribute(std::string_view code, F&& f) {
  for (size_t i = 0; i < code.size();) {
    size_t dot = code.find('.', i);
    if (dot == std::string_view::npos) break;
    i = dot + 1;
    size_t head = dot;
    while (head > 0 && isIdentifierChar(code[head - 1])) --head;
    const std::string_view object = code.substr(head, dot - head);
    if ((object != "self" && object != "cls") || (head > 0 && code[head - 1] == '.')) continue;
    const size_t end = identifierEnd(code, dot + 1);
    if (end == dot + 1) continue;
    const std::string_view attribute = code.substr(dot + 1, end - dot - 1);
    size_t k = skipBlanks(code, end);
    while (k < code.size() && code[k] == '[') {  // self.x[k] = v, self.x[i][j] += v
      int depth = 0;
      for (; k < code.size(); ++k) {
        depth += code[k] == '[' ? 1 : code[k] == ']' ? -1 : 0;
        if (depth == 0) break;
      }
      k = skipBlanks(code, k + 1);
    }
    if (k < code.size() && code[k] == ',') {
      size_t lineStart = head;
      while (lineStart > 0 && (code[lineStart - 1] == ' ' || code[lineStart - 1] == '(' || code[lineStart - 1] == '[')) --lineStart;
      f(attribute, lineStart == 0 || code[lineStart - 1] == '\n');
      continue;
    }
    size_t op = k;
    while (op < code.size() && std::string_view("+-*/%&|^<>@").find(code[op]) != std::string_view::npos) ++op;
    const std::string_view before = code.substr(k, op - k);
    f(attribute, op < code.size() && code[op] == '=' && (op + 1 >= code.size() || code[op + 1] != '=') && before != "<" && before != ">" &&
                     (k == op || code[k] != '='));
  }
}

void noteGlobalWritersAndMethodAttributes(const ScopeSide& s, const std::vector<Owner>& owners, Reach& reach) {
  for (size_t k = 0; k < s.lines.size(); ++k) {
    const Owner& o = owners[k];
    if ((o.kind == Owner::Function || o.kind == Owner::Method) && startsWithWord(s.textOf(s.lines[k]), "global"))
      reach.globalWriters.emplace(o.name);
    if (o.kind == Owner::Method)
      forEachSelfAttribute(s.textOf(s.lines[k]), [&](std::string_view a, bool assigned) {
        if (assigned) reach.methodAttributes[{std::string(o.cls), std::string(o.name)}].emplace(a);
      });
  }
}

// Units left out so far, by a word that kept code would mention them by.
using UnitsByWord = std::unordered_map<std::string_view, std::vector<std::pair<const ScopeSide*, const TestUnit*>>>;

// When two texts count as one: the same bytes, or (`byPlace`) the same view of them. Both the
// set's hash and its equality, so that one set serves either way.
struct TextIdentity {
  bool byPlace = false;
  size_t operator()(std::string_view t) const {
    return byPlace ? std::hash<const char*>()(t.data()) ^ (t.size() * 0x9E3779B97F4A7C15ull) : std::hash<std::string_view>()(t);
  }
  bool operator()(std::string_view a, std::string_view b) const { return byPlace ? a.data() == b.data() && a.size() == b.size() : a == b; }
};

// Adds to `touched` every unit the code mentions (by name, or by `self.X` of an attribute it
// sets), and whatever their own text mentions in turn. The code is searched for those few
// words, not all its words collected: that took 2% of `mine`. When every name holds "test"
// (tests, not helpers, are left out), only the words around "test" are read.
void keepWhatKeptCodeMentions(std::vector<std::string_view> code, UnitsByWord& byName, UnitsByWord& bySetAttribute,
                              std::set<std::string>& touched) {
  const bool namesHoldTest =
      std::all_of(byName.begin(), byName.end(), [](const auto& entry) { return entry.first.find("test") != std::string_view::npos; });
  // The two sides share most of their code: a text is read once, however often it is kept.
  // Reading every word costs more than hashing a text to see it again; a byte search for
  // "test" costs less, and then a text is skipped only when it is the same view.
  const TextIdentity same{namesHoldTest};
  std::unordered_set<std::string_view, TextIdentity, TextIdentity> read(16, same, same);
  auto firstRead = [&](std::string_view t) { return read.insert(t).second; };
  code.erase(std::remove_if(code.begin(), code.end(), [&](std::string_view t) { return !firstRead(t); }), code.end());
  auto keep = [&](UnitsByWord& units, std::string_view word) {
    auto it = units.find(word);
    if (it == units.end()) return;
    for (const auto& [side, unit] : it->second) {
      touched.insert(unit->name);
      if (const std::string_view text = side->textOf(*unit); firstRead(text)) code.push_back(text);
    }
    units.erase(it);
  };
  auto keepNamed = [&](std::string_view word) {
    keep(byName, word);
    return byName.empty();
  };
  while (!code.empty() && !(byName.empty() && bySetAttribute.empty())) {
    const std::string_view text = code.back();
    code.pop_back();
    if (!byName.empty()) namesHoldTest ? anyIdentifierHolding(text, "test", keepNamed) : anyIdentifier(text, keepNamed);
    if (!bySetAttribute.empty()) forEachSelfAttribute(text, [&](std::string_view a, bool) { keep(bySetAttribute, a); });
  }
}

// Indexes a test left out of the scan by the words kept code would need it by: its name, and
// for a method the attributes it sets.
void indexLeftOutTest(const ScopeSide& side, const TestUnit& u, UnitsByWord& byName, UnitsByWord& bySetAttribute) {
  const std::string_view bare = analyzer::lastDottedComponent(u.name);  // as kept code calls it
  byName[bare].emplace_back(&side, &u);
  if (bare.size() != u.name.size())  // a method
    forEachSelfAttribute(side.textOf(u), [&](std::string_view a, bool assigned) {
      if (assigned) bySetAttribute[a].emplace_back(&side, &u);
    });
}

// A test that other kept code mentions (a helper or another test calls it, a module-level
// statement wraps it) is kept too: leaving it out would change what that code sees. So is a
// test method that sets an attribute kept code reads: where `self.tol` comes from, and whether
// it is set in one place or several, is read from every method of the class.
void keepMentionedTests(const ScopeSide& oldSide, const ScopeSide& newSide, std::set<std::string>& touched) {
  UnitsByWord byName, bySetAttribute;
  // The tests left out so far: a new-side one has its old namesake's text (reachOfChange).
  for (const TestUnit& u : oldSide.units) {
    if (!touched.count(u.name)) indexLeftOutTest(oldSide, u, byName, bySetAttribute);
  }
  if (byName.empty()) return;
  std::vector<std::string_view> kept;
  for (const ScopeSide* s : {&oldSide, &newSide}) {
    for (const LogicalLine& l : s->lines)
      if (!s->inTest(l)) kept.push_back(s->textOf(l));
    for (const TestUnit& u : s->units)
      if (touched.count(u.name)) kept.push_back(s->textOf(u));
  }
  keepWhatKeptCodeMentions(std::move(kept), byName, bySetAttribute, touched);
}

}  // namespace

bool reachOfChange(const ScopeSide& oldSide, const ScopeSide& newSide, std::set<std::string>& touched,
                   std::unordered_set<std::string>& reached) {
  if (!oldSide.changed.empty() || !newSide.changed.empty()) {
    const std::vector<Owner> oldOwners = ownersOf(oldSide), newOwners = ownersOf(newSide);
    Reach reach;
    noteGlobalWritersAndMethodAttributes(oldSide, oldOwners, reach);
    noteGlobalWritersAndMethodAttributes(newSide, newOwners, reach);
    for (const auto& [s, owners] : {std::pair{&oldSide, &oldOwners}, std::pair{&newSide, &newOwners}})
      for (size_t k : s->changed)
        if (!reach.add((*owners)[k])) return false;
    if (!seedChangedImports(oldSide, newSide, oldOwners, newOwners, reach)) return false;
    // What mentions a reached name is reached in turn.
    std::vector<bool> oldDone(oldSide.lines.size()), newDone(newSide.lines.size());
    for (bool grew = true; grew && !reach.names.empty();) {
      grew = false;
      for (const auto& [s, owners, done] : {std::tuple{&oldSide, &oldOwners, &oldDone}, std::tuple{&newSide, &newOwners, &newDone}})
        for (size_t k = 0; k < s->lines.size(); ++k) {
          const Owner& o = (*owners)[k];
          if ((*done)[k] || o.kind == Owner::InTest || o.kind == Owner::Import || o.kind == Owner::MainGuard) continue;
          if (!mentionsAny(s->textOf(s->lines[k]), reach.names)) continue;
          (*done)[k] = true;
          const size_t before = reach.names.size();
          if (!reach.add(o)) return false;
          grew |= reach.names.size() != before;
        }
    }
    // The tests left out so far; a new-side one has its old namesake's text.
    for (const TestUnit& u : oldSide.units) {
      if (touched.count(u.name)) continue;
      const auto dot = u.name.find('.');
      if ((dot != std::string::npos && reach.classes.count(u.name.substr(0, dot))) || mentionsAny(oldSide.textOf(u), reach.names))
        touched.insert(u.name);
    }
    reached = std::move(reach.names);
  }
  keepMentionedTests(oldSide, newSide, touched);
  return true;
}

namespace {

// Whether old lines [a, b] are outside every hunk, and if so the new line of a. Hunks come in
// order, and so do the calls' lines; `next` is the first hunk not yet wholly before them,
// `shift` what the hunks before it add. A hunk with no old lines inserts after its oldStart
// (xdiff's headers).
std::optional<int> newLineOutsideHunks(const std::vector<LineHunk>& hunks, size_t& next, int& shift, int a, int b) {
  auto whollyBefore = [](const LineHunk& h, int line) { return h.oldLines == 0 ? h.oldStart < line : h.oldStart + h.oldLines - 1 < line; };
  while (next < hunks.size() && whollyBefore(hunks[next], a)) {
    shift += hunks[next].newLines - hunks[next].oldLines;
    ++next;
  }
  if (next < hunks.size() && (hunks[next].oldLines == 0 ? hunks[next].oldStart < b : hunks[next].oldStart <= b)) return std::nullopt;
  return a + shift;
}

}  // namespace

void insertUnitsThatDiffer(const ScopeSide& oldSide, const std::vector<TestUnit>& oldUnits, const ScopeSide& newSide,
                           const std::vector<TestUnit>& newUnits, std::set<std::string>& names, const std::vector<LineHunk>* hunks) {
  // Where the diff took each old unit's lines when it left them alone (-1: it did not): a new
  // unit on exactly those lines has the same text, and is not compared.
  std::vector<int> movedTo(oldUnits.size(), -1);
  if (hunks) {
    size_t next = 0;
    int shift = 0, lastFirst = 0;
    for (size_t u = 0; u < oldUnits.size(); ++u) {
      const TestUnit& o = oldUnits[u];
      if (o.firstLine < lastFirst || o.firstLine > o.lastLine) continue;  // out of order: the walk cannot go back
      lastFirst = o.firstLine;
      if (auto to = newLineOutsideHunks(*hunks, next, shift, o.firstLine, o.lastLine)) movedTo[u] = *to;
    }
  }
  auto same = [&](size_t u, const TestUnit& n) {
    const TestUnit& o = oldUnits[u];
    if (movedTo[u] == n.firstLine && n.lastLine - n.firstLine == o.lastLine - o.firstLine) return true;
    return oldSide.textOf(o) == newSide.textOf(n);
  };
  // The usual case, the same names in the same order: units pair by position.
  if (std::equal(oldUnits.begin(), oldUnits.end(), newUnits.begin(), newUnits.end(),
                 [](const TestUnit& a, const TestUnit& b) { return a.name == b.name; })) {
    for (size_t u = 0; u < oldUnits.size(); ++u)
      if (!same(u, newUnits[u])) names.insert(oldUnits[u].name);
    return;
  }
  // Otherwise by name and how many units of that name come before it.
  std::unordered_map<std::string_view, std::vector<size_t>> oldByName;
  for (size_t u = 0; u < oldUnits.size(); ++u) oldByName[oldUnits[u].name].push_back(u);
  std::unordered_map<std::string_view, size_t> seen;
  for (const TestUnit& n : newUnits) {
    const size_t k = seen[n.name]++;
    auto it = oldByName.find(n.name);
    if (it == oldByName.end() || k >= it->second.size() || !same(it->second[k], n)) names.insert(n.name);
  }
  for (const auto& [name, olds] : oldByName) {
    auto it = seen.find(name);
    if (olds.size() > (it == seen.end() ? 0 : it->second)) names.insert(std::string(name));
  }
}

void leaveOutChecklessTests(const ScopeSide& side, size_t tests, const CheckWords& words, std::set<std::string>& kept) {
  tests = std::min(tests, side.units.size());
  CheckSieve sieve(side, words);
  std::unordered_set<std::string_view> holding, checkless;
  for (size_t i = 0; i < tests; ++i) {
    const TestUnit& u = side.units[i];
    if (!kept.count(u.name) || holding.count(u.name)) continue;
    if (sieve.mayHoldCheck(u)) {
      holding.insert(u.name);
      checkless.erase(u.name);
    } else {
      checkless.insert(u.name);
    }
  }
  if (checkless.empty()) return;
  // What kept code needs stays (keepMentionedTests' rule): a test it names, one that sets an
  // attribute it reads.
  UnitsByWord byName, bySetAttribute;
  for (size_t i = 0; i < tests; ++i)
    if (const TestUnit& u = side.units[i]; checkless.count(u.name)) indexLeftOutTest(side, u, byName, bySetAttribute);
  std::vector<std::string_view> keptCode;
  for (const LogicalLine& l : side.lines)
    if (!side.inTest(l)) keptCode.push_back(side.textOf(l));
  for (size_t i = 0; i < tests; ++i)
    if (kept.count(side.units[i].name) && !checkless.count(side.units[i].name)) keptCode.push_back(side.textOf(side.units[i]));
  std::set<std::string> needed;
  keepWhatKeptCodeMentions(std::move(keptCode), byName, bySetAttribute, needed);
  for (std::string_view name : checkless)
    if (!needed.count(std::string(name))) kept.erase(std::string(name));
}

std::vector<TestUnit> helperUnits(const ScopeSide& s) {
  std::vector<TestUnit> out;
  const std::vector<LogicalLine>& ls = s.lines;
  for (size_t a = 0; a < ls.size(); ++a) {
    const LogicalLine& l = ls[a];
    if (l.indent != 0 || l.kind != LogicalLine::Def || l.nameIn(s.text).starts_with("test")) continue;
    size_t first = a;
    while (first > 0 && ls[first - 1].kind == LogicalLine::Decorator && ls[first - 1].indent == 0) --first;
    size_t last = a;
    while (last + 1 < ls.size() && ls[last + 1].indent > 0) ++last;
    out.push_back({std::string(l.nameIn(s.text)), ls[first].first, ls[last].last, 0, blockIndentAfter(ls, a)});
  }
  return out;
}

void scopeHelpers(ScopeSide& oldSide, ScopeSide& newSide, const std::unordered_set<std::string>& reached, std::set<std::string>& touched) {
  std::vector<TestUnit> helpers[2] = {helperUnits(oldSide), helperUnits(newSide)};
  ScopeSide* sides[2] = {&oldSide, &newSide};
  if (helpers[0].empty() && helpers[1].empty()) return;
  // A helper changed, added, removed or reached is kept; so is every one of its namesakes.
  // Helper names never start with "test", so they cannot be taken for a test's.
  insertUnitsThatDiffer(oldSide, helpers[0], newSide, helpers[1], touched);
  for (const auto& side : helpers)
    for (const TestUnit& u : side)
      if (reached.count(u.name)) touched.insert(u.name);
  // The kept code is searched for the names of the helpers left out so far, as for tests.
  UnitsByWord leftOut, noAttributes;
  std::vector<std::string_view> code;
  for (int side = 0; side < 2; ++side) {
    const ScopeSide& s = *sides[side];
    std::vector<bool> inLeftOut(s.starts.size());
    for (const TestUnit& u : helpers[side]) {
      if (touched.count(u.name)) continue;
      leftOut[u.name].emplace_back(&s, &u);
      for (int l = u.firstLine; l <= u.lastLine; ++l) inLeftOut[static_cast<size_t>(l)] = true;
    }
    for (const LogicalLine& l : s.lines)
      if (!s.inTest(l) && !inLeftOut[static_cast<size_t>(l.first)]) code.push_back(s.textOf(l));
    for (const TestUnit& u : s.units)
      if (touched.count(u.name)) code.push_back(s.textOf(u));
  }
  keepWhatKeptCodeMentions(std::move(code), leftOut, noAttributes, touched);
  for (int side = 0; side < 2; ++side) sides[side]->units.insert(sides[side]->units.end(), helpers[side].begin(), helpers[side].end());
}

}  // namespace oalens::miners
