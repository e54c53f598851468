#include "miners/gate/suite_modules.h"

#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <unordered_map>

#include "analyzer/scan/scanner.h"
#include "miners/gate/byte_search.h"
#include "miners/gate/diff_scope.h"
#include "miners/gate/import_bindings.h"
#include "miners/gate/python_lines.h"

namespace oalens::miners {

namespace {

constexpr int kLevels = 2;
constexpr size_t kMaxFiles = 16;
constexpr size_t kMaxBytes = size_t{4} << 20;

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// The package a file belongs to, as dots: "keras/src/ops/nn_test.py" -> "keras.src.ops".
std::string packageOf(const std::string& path) {
  std::string dir = path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
  std::replace(dir.begin(), dir.end(), '/', '.');
  return dir;
}

// Another test module (nn_test.py, layers_tests.py) is a suite of tests, not its utilities; and
// utilities past this size are not base test cases (Keras's numpy_test.py is 468 KB). Names
// starting with test_ are not left out: test_case.py, test_utils.py and test_util.py are the
// base test cases and utilities of Keras 3, tf.keras and JAX.
constexpr size_t kMaxFileBytes = size_t{256} << 10;
bool isTestModule(const std::string& path) {
  const std::string_view name = std::string_view(path).substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  return name.ends_with("_test.py") || name.ends_with("_tests.py");
}

bool mentionsTest(std::string_view path) {
  for (size_t i = 0; i + 4 <= path.size(); ++i)
    if ((path[i] | 0x20) == 't' && (path[i + 1] | 0x20) == 'e' && (path[i + 2] | 0x20) == 's' && (path[i + 3] | 0x20) == 't') return true;
  return false;
}

// After `keyword` at i and the spaces or tabs that must follow it; npos when either is missing.
size_t afterKeyword(std::string_view s, size_t i, std::string_view keyword) {
  if (!s.substr(i).starts_with(keyword)) return std::string_view::npos;
  const size_t next = skipBlanks(s, i + keyword.size());
  return next == i + keyword.size() ? std::string_view::npos : next;
}

// RE2's \w is ASCII: [0-9A-Za-z_].
bool isModuleNameChar(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '.'; }

// Functions whose names say they check something: the wrappers a suite's tests call.
bool mayBeAWrapper(std::string_view name) {
  static const RE2 checking(R"((?i)assert|check|expect|close|equal|near|same|compare|verify|approx)");
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), checking);
}

// Whether `body` calls `super()` (or `super(Cls, self)`) and a method `name` on something.
bool handsOnToItsBase(std::string_view body, std::string_view name) {
  if (findBytes(body, "super(") == std::string_view::npos) return false;
  for (size_t at = findBytes(body, name); at != std::string_view::npos; at = findBytes(body, name, at + 1)) {
    const size_t end = at + name.size();
    if (at > 0 && body[at - 1] == '.' && end < body.size() && !isIdentifierChar(body[end]) && body[skipBlanks(body, end)] == '(')
      return true;
  }
  return false;
}

}  // namespace

std::string withOtherBodiesCut(const std::string& source, bool* keptAFunction) {
  bool kept = false;
  std::vector<LogicalLine> lines;
  if (!logicalLines(source, lines)) {
    if (keptAFunction) *keptAFunction = true;
    return source;
  }
  const std::vector<size_t> starts = lineStartOffsets(source);
  // Each def with a block of its own: where its block ends, and whether its body is kept. A
  // checking name keeps it, and so does calling a function whose body is kept, to a fixpoint:
  // torchmetrics' MetricTester.run_class_metric_test calls _class_test, which calls
  // _assert_allclose, and all three are wrappers `scan` finds.
  struct Def {
    size_t line;      // index into `lines`
    size_t blockEnd;  // one past its block's last logical line
    int bodyIndent;
    bool keep;
  };
  std::vector<Def> defs;
  // The text of a def's block: its logical lines after the def's own up to `blockEnd`.
  auto blockText = [&](size_t defLine, size_t blockEnd) {
    return std::string_view(source).substr(lines[defLine + 1].begin, lines[blockEnd - 1].end - lines[defLine + 1].begin);
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].kind != LogicalLine::Def) continue;
    const int bodyIndent = blockIndentAfter(lines, i);
    size_t j = i + 1;
    while (bodyIndent >= 0 && j < lines.size() && lines[j].indent > lines[i].indent) ++j;
    defs.push_back({i, j, bodyIndent, bodyIndent < 0 || j == i + 1 || mayBeAWrapper(lines[i].nameIn(source))});
    // An override handing on to its base's method of its name (torchmetrics' retrieval tester:
    // `super().run_class_metric_test(...)`) is a wrapper when the base's is, which another
    // module tells: it keeps its body.
    if (!defs.back().keep) defs.back().keep = handsOnToItsBase(blockText(i, j), lines[i].nameIn(source));
  }
  // Who mentions each word: a def kept makes every def whose body mentions its name kept, one
  // pass over each body and each name, so a long chain of helpers costs no more than a short
  // one.
  std::unordered_map<std::string_view, std::vector<size_t>> mentionedBy;
  for (size_t d = 0; d < defs.size(); ++d) {
    if (defs[d].keep) continue;
    anyIdentifier(blockText(defs[d].line, defs[d].blockEnd), [&](std::string_view word) {
      std::vector<size_t>& readers = mentionedBy[word];
      if (readers.empty() || readers.back() != d) readers.push_back(d);
      return false;
    });
  }
  // A function a kept one binds with `partial(adapter, metric=reference_metric)` keeps its body
  // too: wrapper discovery reads what the adapter calls (torchmetrics' retrieval tests).
  std::unordered_map<std::string_view, std::vector<size_t>> defsNamed;
  for (size_t d = 0; d < defs.size(); ++d) defsNamed[lines[defs[d].line].nameIn(source)].push_back(d);
  std::vector<size_t> newlyKept;
  auto keepAdaptersOf = [&](size_t d) {
    if (defs[d].blockEnd == defs[d].line + 1) return;
    const std::string_view body = blockText(defs[d].line, defs[d].blockEnd);
    constexpr std::string_view kPartial = "partial";
    for (size_t at = findBytes(body, kPartial); at != std::string_view::npos; at = findBytes(body, kPartial, at + 1)) {
      if (at > 0 && isIdentifierChar(body[at - 1])) continue;
      size_t name = skipBlanks(body, at + kPartial.size());
      if (name >= body.size() || body[name] != '(') continue;
      name = skipBlanks(body, name + 1);
      if (name >= body.size() || !isIdentifierStart(body[name])) continue;
      const size_t end = identifierEnd(body, name);
      if (auto adapters = defsNamed.find(body.substr(name, end - name)); adapters != defsNamed.end())
        for (size_t a : adapters->second)
          if (!defs[a].keep) {
            defs[a].keep = true;
            newlyKept.push_back(a);
          }
    }
  };
  for (size_t d = 0; d < defs.size(); ++d)
    if (defs[d].keep) newlyKept.push_back(d);
  while (!newlyKept.empty()) {
    const size_t d = newlyKept.back();
    newlyKept.pop_back();
    keepAdaptersOf(d);
    const auto readers = mentionedBy.find(lines[defs[d].line].nameIn(source));
    if (readers == mentionedBy.end()) continue;
    for (size_t caller : readers->second)
      if (!defs[caller].keep) {
        defs[caller].keep = true;
        newlyKept.push_back(caller);
      }
  }
  std::string out;
  out.reserve(source.size());
  size_t copied = 0;  // bytes of `source` handled so far
  size_t next = 0;    // the first def not yet passed
  for (const Def& d : defs) {
    if (d.line < next) continue;  // inside a body already cut
    if (d.keep) {
      kept = true;
      continue;
    }
    // Only wrapper discovery reads these modules, and no line number of theirs is reported: the
    // body is cut down to a `pass`, so the parser does not even step over blank lines.
    const size_t from = starts[static_cast<size_t>(lines[d.line + 1].first)];
    const size_t to = std::min(starts[static_cast<size_t>(lines[d.blockEnd - 1].last) + 1], source.size());
    out.append(source, copied, from - copied);
    out.append(static_cast<size_t>(d.bodyIndent), ' ');
    out += "pass\n";
    copied = to;
    next = d.blockEnd;
  }
  out.append(source, copied, std::string::npos);
  if (keptAFunction) *keptAFunction = kept;
  return out;
}

std::optional<size_t> readFromImport(std::string_view text, std::string& module, std::string& names) {
  const size_t fromAt = skipBlanks(text, 0);
  constexpr std::string_view kFrom = "from";
  const size_t moduleStart = afterKeyword(text, fromAt, kFrom);
  if (moduleStart == std::string_view::npos) return std::nullopt;
  size_t moduleEnd = moduleStart;
  while (moduleEnd < text.size() && isModuleNameChar(text[moduleEnd])) ++moduleEnd;
  size_t i = moduleEnd == skipBlanks(text, moduleEnd) ? std::string_view::npos  // a blank must follow the module
                                                      : afterKeyword(text, skipBlanks(text, moduleEnd), "import");
  // The pattern's next choice: an empty module between two runs of blanks (`from  import x`).
  if (i == std::string_view::npos && moduleStart - (fromAt + kFrom.size()) >= 2) {
    moduleEnd = moduleStart;
    i = afterKeyword(text, moduleStart, "import");
  }
  if (i == std::string_view::npos) return std::nullopt;
  size_t end = std::string_view::npos;
  if (i < text.size() && text[i] == '(') {
    if (const size_t close = text.find(')', i + 1); close != std::string_view::npos) end = close + 1;
  }
  if (end == std::string_view::npos) {  // no closed list: the rest of the line, up to a comment
    end = text.find_first_of("\n#", i);
    if (end == std::string_view::npos) end = text.size();
  }
  module.assign(text.substr(moduleStart, moduleEnd - moduleStart));
  names.assign(text.substr(i, end - i));
  return end;
}

std::optional<size_t> readPlainImport(std::string_view text, std::string& names) {
  const size_t i = afterKeyword(text, skipBlanks(text, 0), "import");
  if (i == std::string_view::npos) return std::nullopt;
  size_t end = text.find_first_of("\n#", i);
  if (end == std::string_view::npos) end = text.size();
  names.assign(text.substr(i, end - i));
  return end;
}

std::vector<std::string> importedModules(const std::string& path, const std::string& source) {
  // One logical import per match, at a line start; parenthesized name lists may span lines.
  // Both keep `import` on their first line, so only the lines holding it are tried: `mine` asks
  // this of every version of a test file, and a 468 KB one took a millisecond searched whole.
  std::vector<size_t> lineStarts;
  for (size_t offset = findBytes(source, "import"); offset != std::string::npos; offset = findBytes(source, "import", offset + 1)) {
    const size_t newline = offset == 0 ? std::string::npos : source.rfind('\n', offset - 1);
    const size_t start = newline == std::string::npos ? 0 : newline + 1;
    if (lineStarts.empty() || lineStarts.back() != start) lineStarts.push_back(start);
  }
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](std::string m) {
    if (!m.empty() && seen.insert(m).second) out.push_back(std::move(m));
  };
  // Each name of `a, b as c` (an import list), without its alias.
  auto eachListed = [](const std::string& list, auto&& use) {
    for (size_t start = 0; start <= list.size();) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      const std::string item = trim(std::string_view(list).substr(start, comma - start));
      use(trim(item.substr(0, item.find(" as "))));
      start = comma + 1;
    }
  };
  std::string module, names;
  // Each statement is read only on a line that starts with its keyword, and given only the text
  // it can span: the line, or up to the `)` closing a name list opened on it.
  auto lineEnd = [&](size_t start) {
    const void* newline = memchr(source.data() + start, '\n', source.size() - start);
    return newline ? static_cast<size_t>(static_cast<const char*>(newline) - source.data()) : source.size();
  };
  auto startsWith = [&](size_t start, std::string_view keyword) {
    return std::string_view(source).substr(skipBlanks(source, start)).starts_with(keyword);
  };
  size_t consumed = 0;  // a name list spanning lines hides the lines it spans
  for (size_t start : lineStarts) {
    if (start < consumed || !startsWith(start, "from")) continue;
    size_t end = lineEnd(start);
    if (const void* open = memchr(source.data() + start, '(', end - start)) {
      const size_t at = static_cast<size_t>(static_cast<const char*>(open) - source.data());
      if (const void* close = memchr(source.data() + at, ')', source.size() - at))
        end = std::max(end, static_cast<size_t>(static_cast<const char*>(close) - source.data()) + 1);
    }
    const std::optional<size_t> length = readFromImport(std::string_view(source).substr(start, end - start), module, names);
    if (!length) continue;
    consumed = start + *length;
    size_t dots = 0;
    while (dots < module.size() && module[dots] == '.') ++dots;
    std::string base = module.substr(dots);
    if (dots > 0) {  // from .x import y: relative to the file's package, one level up per extra dot
      std::string pkg = packageOf(path);
      for (size_t up = 1; up < dots && !pkg.empty(); ++up) pkg = pkg.substr(0, pkg.rfind('.') == std::string::npos ? 0 : pkg.rfind('.'));
      base = pkg.empty() ? base : base.empty() ? pkg : pkg + "." + base;
    }
    add(base);
    std::string list = names;
    list.erase(std::remove_if(list.begin(), list.end(), [](char c) { return c == '(' || c == ')' || c == '\\'; }), list.end());
    eachListed(list, [&](const std::string& name) {
      if (!name.empty() && name != "*" && !base.empty()) add(base + "." + name);
    });
  }
  std::string list;
  for (size_t start : lineStarts) {
    if (!startsWith(start, "import")) continue;
    if (readPlainImport(std::string_view(source).substr(start, lineEnd(start) - start), list)) eachListed(list, add);
  }
  return out;
}

// Whether package `path` imports a child relative to itself by a call (`import_module(name,
// __name__)`): analyzer/assertions/lent_names.cpp lends the child's wrappers the
// package's name. Read from the uncut text, so that a call inside a function counts too.
bool choosesAChildAtRunTime(const std::string& path, const std::string& bytes) {
  if (!analyzer::isPackageInit(path)) return false;
  for (size_t at = findBytes(bytes, "import_module("); at != std::string::npos; at = findBytes(bytes, "import_module(", at + 1)) {
    const size_t end = std::min(bytes.find('\n', at), bytes.size());
    const std::string_view rest = std::string_view(bytes).substr(at, end - at);
    if (rest.find("__name__") != std::string_view::npos || rest.find("__package__") != std::string_view::npos) return true;
  }
  return false;
}

std::optional<SuiteModule> suiteModuleFromBytes(std::string path, const std::string& bytes) {
  if (bytes.size() > kMaxFileBytes) return std::nullopt;
  SuiteModule m;
  auto text = std::make_shared<std::string>(withOtherBodiesCut(bytes, &m.keepsAFunction));
  m.imports = std::make_shared<const std::vector<std::string>>(importedModules(path, *text));
  m.choosesAChild = choosesAChildAtRunTime(path, bytes);
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, path.data(), path.size() + 1);
  XXH3_64bits_update(state, text->data(), text->size());
  m.digest = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  m.text = std::move(text);
  m.path = std::move(path);
  return m;
}

std::vector<SuiteModule> suiteModulesOf(const std::string& path, const std::vector<std::string>& imports, const SuiteModuleLookup& lookup,
                                        const SuiteChildLister& children) {
  std::vector<SuiteModule> out;
  std::set<std::string, std::less<>> found{path};
  std::string candidate;
  size_t bytes = 0;
  // A module's file, looked for from the repository root, under src/, and under each directory
  // above the importer (a tests directory on sys.path: unittests._helpers ->
  // tests/unittests/_helpers). A candidate mentions "test" in its root or in the module's path
  // ("test" cannot span the '/' between them): most imports of a test outside a tests
  // directory make no candidate at all.
  struct Root {
    std::string_view prefix;
    bool mentionsTest;
  };
  std::vector<Root> roots;
  std::string rel;
  auto find = [&](const std::string& module) -> std::optional<SuiteModule> {
    rel.assign(module);
    std::replace(rel.begin(), rel.end(), '.', '/');
    const bool relMentionsTest = mentionsTest(rel);
    for (const Root& root : roots) {
      if (!relMentionsTest && !root.mentionsTest) continue;
      for (std::string_view suffix : {std::string_view(".py"), std::string_view("/__init__.py")}) {
        candidate.assign(root.prefix).append(rel).append(suffix);
        // A candidate not found is not remembered: looked for again, it is not found again.
        if (isTestModule(candidate) || found.count(candidate)) continue;
        if (auto m = lookup(candidate)) {
          found.insert(candidate);
          return m;
        }
      }
    }
    return std::nullopt;
  };
  // Each level's importers by value: `out` grows while they are read.
  struct Importer {
    std::string path;
    std::shared_ptr<const std::vector<std::string>> modules;
    bool choosesAChild = false;
  };
  std::vector<Importer> frontier{{path, std::make_shared<const std::vector<std::string>>(imports)}};
  auto take = [&](std::optional<SuiteModule> found) {
    if (!found || bytes + found->text->size() > kMaxBytes) return;
    bytes += found->text->size();
    out.push_back(std::move(*found));
  };
  for (int level = 0; level < kLevels && !frontier.empty(); ++level) {
    const size_t firstNew = out.size();
    for (const auto& [importer, modules, choosesAChild] : frontier) {
      if (choosesAChild && children) {
        for (const std::string& child : children(importer.substr(0, importer.rfind('/') + 1))) {
          if (out.size() >= kMaxFiles) return out;
          if (isTestModule(child) || !found.insert(child).second) continue;
          take(lookup(child));
        }
      }
      roots.assign({{"", false}, {"src/", false}});
      for (size_t slash = importer.find('/'); slash != std::string::npos; slash = importer.find('/', slash + 1)) {
        const std::string_view prefix = std::string_view(importer).substr(0, slash + 1);
        roots.push_back({prefix, mentionsTest(prefix)});
      }
      for (const std::string& module : *modules) {
        if (out.size() >= kMaxFiles) return out;
        take(find(module));
      }
    }
    frontier.clear();
    for (size_t i = firstNew; i < out.size(); ++i) frontier.push_back({out[i].path, out[i].imports, out[i].choosesAChild});
  }
  return out;
}

std::vector<SuiteModule> suiteModulesOf(const std::string& path, const std::string& source,
                                        const std::function<std::optional<std::string>(const std::string&)>& read,
                                        const SuiteChildLister& children) {
  return suiteModulesOf(
      path, importedModules(path, source),
      [&](const std::string& candidate) -> std::optional<SuiteModule> {
        auto b = read(candidate);
        return b ? suiteModuleFromBytes(candidate, *b) : std::nullopt;
      },
      children);
}

std::vector<SuiteModule> modulesLendingWrappers(std::vector<SuiteModule> modules) {
  // The name another module imports this one by: its file's, or its package's for an
  // __init__.py. Any component of an import counts (`from pkg import data`, relative imports
  // resolved, a tests directory on sys.path named from below it), so no importer is missed.
  auto importedName = [](const std::string& path) {
    std::string_view p = path;
    p.remove_suffix(p.ends_with(".py") ? 3 : 0);
    if (p.ends_with("/__init__")) p.remove_suffix(9);
    return p.substr(p.rfind('/') == std::string_view::npos ? 0 : p.rfind('/') + 1);
  };
  auto importedByAnother = [&](size_t i) {
    const std::string_view name = importedName(modules[i].path);
    for (size_t j = 0; j < modules.size(); ++j) {
      if (j == i || !modules[j].imports) continue;
      for (const std::string& dotted : *modules[j].imports)
        for (size_t start = 0; start <= dotted.size();) {
          const size_t dot = std::min(dotted.find('.', start), dotted.size());
          if (std::string_view(dotted).substr(start, dot - start) == name) return true;
          start = dot + 1;
        }
    }
    return false;
  };
  std::vector<bool> lends(modules.size());
  for (size_t i = 0; i < modules.size(); ++i) lends[i] = modules[i].keepsAFunction || modules[i].choosesAChild || importedByAnother(i);
  std::vector<SuiteModule> out;
  for (size_t i = 0; i < modules.size(); ++i)
    if (lends[i]) out.push_back(std::move(modules[i]));
  return out;
}

uint64_t digestOf(const std::vector<SuiteModule>& modules) {
  std::vector<uint64_t> digests;
  for (const SuiteModule& m : modules) digests.push_back(m.digest);
  return XXH3_64bits(digests.data(), digests.size() * sizeof(uint64_t));
}

namespace {

analyzer::ScanOptions helperScanOptions() {
  analyzer::ScanOptions opt;
  opt.threads = 1;
  opt.testFilePattern = "^\\x01$";  // no helper reports assertions of its own
  return opt;
}

}  // namespace

analyzer::Catalogue wrappersOfSuiteModules(const std::vector<SuiteModule>& modules, const analyzer::Catalogue& catalogue) {
  std::vector<std::pair<std::string, std::string>> sources;
  for (const SuiteModule& m : modules) sources.emplace_back(m.path, *m.text);
  return analyzer::scanSources(sources, catalogue, helperScanOptions()).wrapperCatalogue;
}

analyzer::Catalogue wrappersOfSuiteModels(std::vector<analyzer::FileModel> models, const analyzer::Catalogue& catalogue) {
  return analyzer::scanModels(std::move(models), catalogue, helperScanOptions()).wrapperCatalogue;
}

}  // namespace oalens::miners
