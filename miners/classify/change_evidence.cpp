#include "miners/classify/change_evidence.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "analyzer/core/text_lines.h"

namespace oalens::miners {

namespace {

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `def name` / `async def name` / `class name` at the start of a line: the name, or empty.
std::string_view definedName(std::string_view trimmed) {
  for (std::string_view prefix : {"def ", "async def ", "class "})
    if (trimmed.substr(0, prefix.size()) == prefix) {
      std::string_view rest = trimmed.substr(prefix.size());
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      size_t n = 0;
      while (n < rest.size() && isNameChar(rest[n])) ++n;
      return rest.substr(0, n);
    }
  return {};
}

// The triple quote still open after `line` ("" when none), given the one open before it: each
// `"""` or `'''` outside a comment opens or closes a string. Single-quoted strings are read
// only as far as a `#` or a triple quote inside them goes.
std::string_view stringOpenAfter(std::string_view line, std::string_view open) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (open.empty() && line[i] == '#') break;
    for (std::string_view q : {std::string_view(R"(""")"), std::string_view("\'\'\'")})
      if (line.substr(i, 3) == q && (open.empty() || open == q)) {
        open = open.empty() ? q : std::string_view();
        i += 2;
        break;
      }
  }
  return open;
}

// For each 1-based line, the definitions enclosing it (outermost first), read from indentation:
// a definition holds the lines indented deeper than its own line until a code line is not.
std::vector<std::vector<std::string>> enclosingDefinitions(std::string_view text) {
  const std::vector<std::string_view> lines = analyzer::splitLines(text);
  std::vector<std::vector<std::string>> out(lines.size() + 1);
  std::vector<std::pair<size_t, std::string>> open;  // (indent, name)
  std::string_view quote;                            // the triple quote of a string open across lines
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    const size_t indent = line.find_first_not_of(" \t");
    // A line inside a string (Theano's C code in `c_code`, a docstring) closes no definition.
    const bool inString = !quote.empty();
    quote = stringOpenAfter(line, quote);
    const bool code = !inString && indent != std::string_view::npos && line[indent] != '#';
    if (code) {
      while (!open.empty() && open.back().first >= indent) open.pop_back();
      if (std::string_view name = definedName(line.substr(indent)); !name.empty()) open.emplace_back(indent, std::string(name));
    }
    for (const auto& [_, name] : open) out[i + 1].push_back(name);
  }
  return out;
}

bool dunder(const std::string& name) { return name.size() > 4 && name.starts_with("__") && name.ends_with("__"); }

// The span of the test function holding the lines `first`..`last` (1-based), or the
// neighbourhood when none does or the file's tests could not be told apart.
std::pair<int, int> spanAround(const std::vector<TestUnit>& units, bool unitsOk, int first, int last) {
  if (first > 0 && unitsOk)
    for (const TestUnit& u : units)
      if (u.firstLine <= first && last <= u.lastLine) return {u.firstLine, u.lastLine};
  return {first - kNeighbourhood, last + kNeighbourhood};
}

std::string_view codeAt(const std::vector<std::string_view>& lines, int l) {
  if (l < 1 || static_cast<size_t>(l) > lines.size()) return {};
  const std::string_view text = analyzer::trimmedLine(lines[static_cast<size_t>(l) - 1]);
  return text.empty() || text.front() == '#' ? std::string_view() : text;
}

void addIdentifiers(std::string_view line, std::set<std::string>& out) {
  for (size_t i = 0; i < line.size();) {
    if (!isNameChar(line[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < line.size() && isNameChar(line[i])) ++i;
    if (!std::isdigit(static_cast<unsigned char>(line[start]))) out.emplace(line.substr(start, i - start));  // `1e` of 1e-5 is no name
  }
}

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t n = 1;
    const bool number = std::isdigit(static_cast<unsigned char>(text[i]));
    auto continues = [&](size_t j) {
      const char c = text[j];
      if (isNameChar(c)) return true;
      // a number's point and its exponent's sign: `1.5`, `1e-5`
      return number && (c == '.' || ((c == '-' || c == '+') && (text[j - 1] == 'e' || text[j - 1] == 'E')));
    };
    if (isNameChar(text[i]))
      while (i + n < text.size() && continues(i + n)) ++n;
    out.emplace_back(text.substr(i, n));
    i += n;
  }
  return out;
}

// The import statements of a source, one per logical line: a line continued by a backslash or
// by an open parenthesis joined with the next (`from a import (\n    b,\n    c)`). Other lines
// are not joined: a parenthesis in a string elsewhere cannot swallow an import.
std::vector<std::string> importStatements(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  for (std::string_view line : analyzer::splitLines(text)) {
    const size_t hash = line.find('#');
    std::string_view code = analyzer::trimmedLine(hash == std::string_view::npos ? line : line.substr(0, hash));
    if (current.empty() && !code.starts_with("import ") && !code.starts_with("from ")) continue;
    const bool continued = code.ends_with('\\');
    if (continued) code.remove_suffix(1);
    for (char c : code) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    current.append(code);
    current.push_back(' ');
    if (continued || (depth > 0 && current.size() < 4096)) continue;
    out.push_back(std::move(current));
    current.clear();
    depth = 0;
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

std::vector<std::string_view> splitOn(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  for (size_t from = 0;;) {
    const size_t at = text.find(sep, from);
    out.push_back(analyzer::trimmedLine(text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from)));
    if (at == std::string_view::npos) return out;
    from = at + 1;
  }
}

bool isDottedName(std::string_view s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s.front())) &&
         std::all_of(s.begin(), s.end(), [](char c) { return isNameChar(c) || c == '.'; }) && s.front() != '.';
}

// `a.b as c` -> (c, a.b); `a.b` -> (a, a.b) for `import`, (b, prefix.b) after `from prefix`.
void addBinding(std::string_view item, std::string_view fromModule, std::set<ImportBinding>& out) {
  std::string_view what = item, alias;
  if (const size_t as = item.find(" as "); as != std::string_view::npos) {
    what = analyzer::trimmedLine(item.substr(0, as));
    alias = analyzer::trimmedLine(item.substr(as + 4));
  }
  if (!isDottedName(what) || (!alias.empty() && !isDottedName(alias))) return;
  const std::string module = fromModule.empty() ? std::string(what) : std::string(fromModule) + "." + std::string(what);
  const std::string_view name = !alias.empty() ? alias : fromModule.empty() ? what.substr(0, what.find('.')) : what;
  out.insert({std::string(name), module});
}

std::string_view rootOf(std::string_view module) { return module.substr(0, module.find('.')); }

// How many cases a test runs, as its header says: its parameters (`def test_x(self, device,
// dtype, reduction)`) and its parametrize decorators. -1 when the header cannot be read.
int casesOf(const std::vector<std::string_view>& lines, const TestUnit& u) {
  int parametrized = 0, depth = 0, params = 0;
  bool inParams = false, sawParam = false;
  for (int l = u.firstLine; l >= 1 && l <= u.lastLine && static_cast<size_t>(l) <= lines.size(); ++l) {
    const std::string_view line = analyzer::trimmedLine(lines[static_cast<size_t>(l) - 1]);
    if (!inParams && line.starts_with('@')) {
      parametrized += line.find("parametri") != std::string_view::npos || line.find("parameteri") != std::string_view::npos;
      continue;
    }
    size_t i = 0;
    if (!inParams) {
      if (!line.starts_with("def ") && !line.starts_with("async def ")) continue;
      i = line.find('(');
      if (i == std::string_view::npos) return -1;
      inParams = true, depth = 1, ++i;
    }
    for (; i < line.size() && depth > 0; ++i) {
      const char c = line[i];
      if (c == '#') break;
      depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
      if (depth == 1 && c == ',' && sawParam) ++params, sawParam = false;
      else if (depth >= 1 && !std::isspace(static_cast<unsigned char>(c)) && c != ',') sawParam = true;
    }
    if (depth == 0) return params + sawParam + parametrized;
  }
  return -1;
}

}  // namespace

std::set<std::string> changedDefinitions(std::string_view oldText, std::string_view newText) {
  return changedDefinitions(oldText, newText, wholeTextHunks(oldText, newText));
}

std::set<std::string> changedDefinitions(std::string_view oldText, std::string_view newText, const std::vector<LineHunk>& hunks) {
  std::set<std::string> out;
  const auto oldDefs = enclosingDefinitions(oldText), newDefs = enclosingDefinitions(newText);
  auto take = [&](const std::vector<std::vector<std::string>>& defs, int start, int count) {
    for (int l = start; l < start + count; ++l)
      if (l > 0 && static_cast<size_t>(l) < defs.size())
        for (const std::string& name : defs[static_cast<size_t>(l)])
          if (!dunder(name)) out.insert(name);
  };
  for (const LineHunk& h : hunks) {
    take(oldDefs, h.oldStart, h.oldLines);
    take(newDefs, h.newStart, h.newLines);
  }
  return out;
}

std::set<ImportBinding> importBindings(std::string_view text) {
  std::set<ImportBinding> out;
  for (const std::string& statement : importStatements(text)) {
    std::string_view s = analyzer::trimmedLine(statement);
    if (s.starts_with("import ")) {
      for (std::string_view item : splitOn(s.substr(7), ',')) addBinding(item, {}, out);
      continue;
    }
    if (!s.starts_with("from ")) continue;
    const size_t import = s.find(" import ");
    if (import == std::string_view::npos) continue;
    const std::string_view from = analyzer::trimmedLine(s.substr(5, import - 5));
    if (!isDottedName(from)) continue;  // relative (`from . import x`) or not an import at all
    std::string_view names = analyzer::trimmedLine(s.substr(import + 8));
    if (names.starts_with('(')) names.remove_prefix(1);
    if (names.ends_with(')')) names.remove_suffix(1);
    for (std::string_view item : splitOn(names, ',')) addBinding(item, from, out);
  }
  return out;
}

bool isTestModule(std::string_view module) {
  for (std::string_view part : splitOn(module, '.'))
    if (part == "test" || part == "tests" || part == "testing" || part.starts_with("test_") || part.ends_with("_test") ||
        part.ends_with("_tests"))
      return true;
  return false;
}

TestFileChange::TestFileChange(std::string_view oldText, std::string_view newText, const std::set<std::string>& libraryPackages)
    : hunks_(lineHunks(oldText, newText)),
      oldLines_(analyzer::splitLines(oldText)),
      newLines_(analyzer::splitLines(newText)),
      newDefinitions_(enclosingDefinitions(newText)) {
  oldUnitsOk_ = findTestUnits(oldText, oldUnits_);
  newUnitsOk_ = findTestUnits(newText, newUnits_);
  if (oldText.empty() || newText.empty()) return;
  oldImports_ = importBindings(oldText);
  newImports_ = importBindings(newText);
  if (libraryPackages.empty()) return;
  // A port to the library's API: an import of another package dropped, one of a library module
  // gained. Another test framework dropped (unittest for pytest) is a change of style, and the
  // tests' own helpers (`theano.tests.unittest_tools`) are no library API.
  const std::set<ImportBinding>&before = oldImports_, &after = newImports_;
  auto library = [&](const ImportBinding& b) { return libraryPackages.count(std::string(rootOf(b.module))) > 0; };
  const bool droppedAnother = std::any_of(before.begin(), before.end(), [&](const ImportBinding& b) {
    const std::string_view root = rootOf(b.module);
    const bool framework = root == "__future__" || root == "unittest" || root == "pytest" || root == "nose";
    return !after.count(b) && !library(b) && !framework && !isTestModule(b.module);
  });
  // A library module imported before under another name (`import theano.tensor as T` ->
  // `from theano import tensor`) is no port.
  auto importedBefore = [&](const ImportBinding& b) {
    return std::any_of(before.begin(), before.end(), [&](const ImportBinding& o) { return o.module == b.module; });
  };
  for (const ImportBinding& b : droppedAnother ? after : std::set<ImportBinding>{})
    if (library(b) && !importedBefore(b) && !isTestModule(b.module)) libraryNamesGained_.insert(b.name);
}

void TestFileChange::setChecks(const std::vector<CheckLines>& checks) {
  oldCheckLines_.assign(oldLines_.size() + 1, false);
  newCheckLines_.assign(newLines_.size() + 1, false);
  auto mark = [](std::vector<bool>& lines, int first, int last) {
    for (int l = std::max(first, 1); first > 0 && l <= last && static_cast<size_t>(l) < lines.size(); ++l)
      lines[static_cast<size_t>(l)] = true;
  };
  for (const CheckLines& c : checks) {
    mark(oldCheckLines_, c.oldFirst, c.oldLast);
    mark(newCheckLines_, c.newFirst, c.newLast);
  }
}

Surroundings TestFileChange::surroundingsOf(const CheckLines& at) const {
  Surroundings s;
  const auto [newFrom, newTo] = spanAround(newUnits_, newUnitsOk_, at.newFirst, at.newLast);
  const auto [oldFrom, oldTo] = spanAround(oldUnits_, oldUnitsOk_, at.oldFirst, at.oldLast);
  // Lines of other checks do not count: a tolerance moved on three checks of a test is one edit
  // made three times, not the test reworked around each.
  auto changed = [&](const std::vector<std::string_view>& lines, const std::vector<bool>& checks, int start, int count, int from, int to,
                     int checkFirst, int checkLast) {
    for (int l = std::max(start, from); l < start + count && l <= to; ++l) {
      const bool otherCheck = l > 0 && static_cast<size_t>(l) < checks.size() && checks[static_cast<size_t>(l)];
      if (!codeAt(lines, l).empty() && (l < checkFirst || l > checkLast) && !otherCheck) s.testReworked = true;
    }
  };
  for (const LineHunk& h : hunks_) {
    if (at.newFirst > 0) changed(newLines_, newCheckLines_, h.newStart, h.newLines, newFrom, newTo, at.newFirst, at.newLast);
    if (at.oldFirst > 0) changed(oldLines_, oldCheckLines_, h.oldStart, h.oldLines, oldFrom, oldTo, at.oldFirst, at.oldLast);
  }
  // A check in a helper (not a test) that a test new in this version calls: the helper now
  // serves more cases ("modified test_nnet to profile more cases" adds tests calling it).
  if (!s.testReworked && at.newFirst > 0) {
    const bool inTest = newUnitsOk_ && std::any_of(newUnits_.begin(), newUnits_.end(), [&](const TestUnit& u) {
                          return u.firstLine <= at.newFirst && at.newLast <= u.lastLine;
                        });
    const size_t line = static_cast<size_t>(at.newFirst);
    const std::string helper =
        !inTest && line < newDefinitions_.size() && !newDefinitions_[line].empty() ? newDefinitions_[line].back() : "";
    for (const TestUnit& u : helper.empty() ? std::vector<TestUnit>{} : newUnits_) {
      const bool fresh = std::none_of(oldUnits_.begin(), oldUnits_.end(), [&](const TestUnit& o) { return o.name == u.name; });
      std::set<std::string> used;
      for (int l = u.firstLine; fresh && l <= u.lastLine; ++l) addIdentifiers(codeAt(newLines_, l), used);
      if (used.count(helper)) s.testReworked = true;
    }
  }
  // The test holding the check runs more cases: it gained parameters or a parametrize decorator.
  auto unitAt = [](const std::vector<TestUnit>& units, bool ok, int line) -> const TestUnit* {
    if (!ok || line <= 0) return nullptr;
    for (const TestUnit& u : units)
      if (u.firstLine <= line && line <= u.lastLine) return &u;
    return nullptr;
  };
  const TestUnit* newTest = unitAt(newUnits_, newUnitsOk_, at.newFirst);
  const TestUnit* oldTest = unitAt(oldUnits_, oldUnitsOk_, at.oldFirst);
  if (newTest && oldTest && newTest->name == oldTest->name) {
    const int before = casesOf(oldLines_, *oldTest), after = casesOf(newLines_, *newTest);
    s.testGainedCases = before >= 0 && after > before;
  }
  // The names the test uses, on either side: what it calls is what it tests.
  if (at.newFirst > 0)
    for (int l = std::max(1, newFrom); l <= newTo; ++l) addIdentifiers(codeAt(newLines_, l), s.identifiers);
  s.movedToLibraryApi = std::any_of(libraryNamesGained_.begin(), libraryNamesGained_.end(),
                                    [&](const std::string& name) { return s.identifiers.count(name) > 0; });
  if (at.oldFirst > 0)
    for (int l = std::max(1, oldFrom); l <= oldTo; ++l) addIdentifiers(codeAt(oldLines_, l), s.identifiers);
  return s;
}

bool comparesMore(std::string_view oldStatement, std::string_view newStatement) {
  const std::vector<std::string> before = tokens(oldStatement), after = tokens(newStatement);
  std::vector<std::string> kept;
  bool dropped = false;
  for (size_t i = 0; i < before.size(); ++i) {
    const bool subscript =
        before[i] == "[" && !kept.empty() && (isNameChar(kept.back().back()) || kept.back() == ")" || kept.back() == "]");
    if (!subscript) {
      kept.push_back(before[i]);
      continue;
    }
    int depth = 0;
    for (; i < before.size(); ++i) {
      depth += before[i] == "[" ? 1 : before[i] == "]" ? -1 : 0;
      if (depth == 0) break;
    }
    dropped = true;
  }
  auto number = [](const std::string& t) { return std::isdigit(static_cast<unsigned char>(t.front())) != 0; };
  auto same = [&](const std::string& a, const std::string& b) { return a == b || (number(a) && number(b)); };
  return dropped && kept.size() == after.size() && std::equal(kept.begin(), kept.end(), after.begin(), same);
}

std::pair<std::string, std::string> renamedQualifier(std::string_view oldStatement, std::string_view newStatement) {
  const std::vector<std::string> before = tokens(oldStatement), after = tokens(newStatement);
  if (before.size() != after.size()) return {};
  std::string from, to;
  for (size_t i = 0; i < before.size(); ++i) {
    if (before[i] == after[i]) continue;
    const bool beforeADot = i + 1 < before.size() && before[i + 1] == "." && after[i + 1] == ".";
    const bool afterADot = i > 0 && before[i - 1] == ".";  // an attribute, not a module
    if (!beforeADot || afterADot || !isNameChar(before[i][0]) || !isNameChar(after[i][0]) ||
        std::isdigit(static_cast<unsigned char>(before[i][0])) || std::isdigit(static_cast<unsigned char>(after[i][0])))
      return {};
    if (from.empty()) {
      from = before[i];
      to = after[i];
    } else if (before[i] != from || after[i] != to) {
      return {};
    }
  }
  // The old name kept somewhere (`np.asarray(numpy.sum(x))`) is no rename.
  if (std::find(after.begin(), after.end(), from) != after.end()) return {};
  return {from, to};
}

bool renamesAModuleAlias(std::string_view oldStatement, std::string_view newStatement, const std::set<ImportBinding>& oldImports,
                         const std::set<ImportBinding>& newImports) {
  const auto [from, to] = renamedQualifier(oldStatement, newStatement);
  if (from.empty()) return false;
  const auto moduleOf = [](const std::set<ImportBinding>& imports, const std::string& name) {
    for (const ImportBinding& b : imports)
      if (b.name == name) return b.module;
    return std::string{};
  };
  // The same module under a new name, or a module the file imported before under the name the
  // check now uses (`KTF.` -> `K.`, `T.norm` -> `tl.norm` with both imported).
  const std::string module = moduleOf(oldImports, from), now = moduleOf(newImports, to);
  return !now.empty() && (module == now || moduleOf(oldImports, to) == now);
}

bool renamesALocal(std::string_view oldStatement, std::string_view newStatement, std::string_view oldText, std::string_view newText) {
  std::map<std::string, int> balance;
  for (const std::string& t : tokens(oldStatement)) --balance[t];
  for (const std::string& t : tokens(newStatement)) ++balance[t];
  std::vector<std::string> lost, gained;
  for (const auto& [token, n] : balance) {
    if (n == 0) continue;
    if (!isNameChar(token[0]) || std::isdigit(static_cast<unsigned char>(token[0])) || std::abs(n) != 1) return false;
    (n < 0 ? lost : gained).push_back(token);
  }
  if (lost.empty() || lost.size() != gained.size()) return false;
  // `name = ...`, `name += ...`, `a, name = ...`, `for name in`, `with ... as name`: whether the
  // old and the new text bind it. Every name lost bound only in the old text, every name gained
  // only in the new.
  const auto binds = [&](const std::string& name) {
    const RE2 binding("(?m)(^|[\\s,(])" + RE2::QuoteMeta(name) +
                      "\\s*(,[^=\\n]*)?([-+*/]?=[^=]|\\)\\s*=[^=])|\\b(for|as)\\s+(\\w+\\s*,\\s*)*" + RE2::QuoteMeta(name) + "\\b");
    return std::pair{RE2::PartialMatch(re2::StringPiece(oldText.data(), oldText.size()), binding),
                     RE2::PartialMatch(re2::StringPiece(newText.data(), newText.size()), binding)};
  };
  for (const std::string& l : lost)
    if (const auto [inOld, inNew] = binds(l); !inOld || inNew) return false;
  for (const std::string& g : gained)
    if (const auto [inOld, inNew] = binds(g); inOld || !inNew) return false;
  // A rename replaces every use: the name lost stands in the old file as often as the name gained
  // stands in the new one, neither in the other (a loop over new values read under a new name,
  // `th_rep` -> `z` in a test rebuilt around a list of backends, is no rename). Each file is read
  // once, for the names of the edit.
  std::map<std::string, size_t> oldUses, newUses;
  for (const std::string& n : lost) oldUses[n] = newUses[n] = 0;
  for (const std::string& n : gained) oldUses[n] = newUses[n] = 0;
  for (const std::string& t : tokens(oldText))
    if (auto it = oldUses.find(t); it != oldUses.end()) ++it->second;
  for (const std::string& t : tokens(newText))
    if (auto it = newUses.find(t); it != newUses.end()) ++it->second;
  std::vector<size_t> lostUses, gainedUses;
  for (const std::string& l : lost) {
    if (newUses[l] != 0) return false;
    lostUses.push_back(oldUses[l]);
  }
  for (const std::string& g : gained) {
    if (oldUses[g] != 0) return false;
    gainedUses.push_back(newUses[g]);
  }
  std::sort(lostUses.begin(), lostUses.end());
  std::sort(gainedUses.begin(), gainedUses.end());
  return lostUses == gainedUses;
}

std::string editSignature(std::string_view oldApi, std::string_view newApi, std::string_view oldStatement, std::string_view newStatement) {
  if (oldApi != newApi) return "api " + std::string(oldApi) + " -> " + std::string(newApi);
  std::map<std::string, int> balance;
  for (const std::string& t : tokens(oldStatement)) --balance[t];
  for (const std::string& t : tokens(newStatement)) ++balance[t];
  std::string out;
  for (const auto& [token, n] : balance)
    for (int k = 0; k < std::abs(n); ++k) out += (out.empty() ? "" : " ") + std::string(n < 0 ? "-" : "+") + token;
  return out;
}

namespace {

// A cap on the names one commit's library edits keep: a rewrite of a whole package says nothing
// of one rename.
constexpr size_t kMaxLibraryWords = 20000;

bool isName(const std::string& t) { return t.size() >= 3 && !std::isdigit(static_cast<unsigned char>(t[0])) && isNameChar(t[0]); }

void countNames(std::string_view lines, std::map<std::string, int>& out) {
  for (const std::string& t : tokens(lines))
    if (isName(t) && (out.size() < kMaxLibraryWords || out.count(t))) ++out[t];
}

// Counts the names on `count` lines from 1-based line `start`.
void countLines(const std::vector<std::string_view>& lines, int start, int count, std::map<std::string, int>& out) {
  for (int l = std::max(start, 1); l < start + count && static_cast<size_t>(l) <= lines.size(); ++l)
    countNames(lines[static_cast<size_t>(l) - 1], out);
}

}  // namespace

void LibraryEdits::add(std::string_view oldText, std::string_view newText, const std::vector<LineHunk>& hunks) {
  const std::vector<std::string_view> oldLines = analyzer::splitLines(oldText), newLines = analyzer::splitLines(newText);
  for (const LineHunk& h : hunks) {
    countLines(oldLines, h.oldStart, h.oldLines, removed);
    countLines(newLines, h.newStart, h.newLines, added);
  }
}

bool followsLibraryRename(std::string_view oldStatement, std::string_view newStatement, const LibraryEdits& library) {
  std::map<std::string, int> before, after;
  countNames(oldStatement, before);
  countNames(newStatement, after);
  const auto count = [](const std::map<std::string, int>& m, const std::string& t) {
    const auto it = m.find(t);
    return it == m.end() ? 0 : it->second;
  };
  const auto renamedAway = [&](const auto& entry) {
    return !after.count(entry.first) && count(library.removed, entry.first) > count(library.added, entry.first);
  };
  const auto renamedTo = [&](const auto& entry) {
    return !before.count(entry.first) && count(library.added, entry.first) > count(library.removed, entry.first);
  };
  return std::ranges::any_of(before, renamedAway) && std::ranges::any_of(after, renamedTo);
}

}  // namespace oalens::miners
