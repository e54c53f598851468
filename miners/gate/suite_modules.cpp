#include "miners/gate/suite_modules.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "miners/gate/diff_scope.h"
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
// utilities past this size are not base test cases (Keras's numpy_test.py is 468 KB).
constexpr size_t kMaxFileBytes = size_t{256} << 10;
bool isTestModule(const std::string& path) {
  const std::string_view name = std::string_view(path).substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  return name.ends_with("_test.py") || name.ends_with("_tests.py");
}

bool mentionsTest(const std::string& path) {
  std::string lower(path);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("test") != std::string::npos;
}

// Functions whose names say they check something: the wrappers a suite's tests call.
bool mayBeAWrapper(std::string_view name) {
  static const RE2 checking(R"((?i)assert|check|expect|close|equal|near|same|compare|verify|approx)");
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), checking);
}

}  // namespace

std::string withOtherBodiesCut(const std::string& source) {
  std::vector<LogicalLine> lines;
  if (!logicalLines(source, lines)) return source;
  const std::vector<size_t> starts = lineStartOffsets(source);
  std::string out;
  out.reserve(source.size());
  size_t copied = 0;  // bytes of `source` handled so far
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].kind != LogicalLine::Def || mayBeAWrapper(lines[i].name)) continue;
    const int bodyIndent = blockIndentAfter(lines, i);
    if (bodyIndent < 0) continue;
    size_t j = i + 1;
    while (j < lines.size() && lines[j].indent > lines[i].indent) ++j;
    if (j == i + 1) continue;
    // Only wrapper discovery reads these modules, and no line number of theirs is reported: the
    // body is cut down to a `pass`, so the parser does not even step over blank lines.
    const size_t from = starts[static_cast<size_t>(lines[i + 1].first)];
    const size_t to = std::min(starts[static_cast<size_t>(lines[j - 1].last) + 1], source.size());
    out.append(source, copied, from - copied);
    out.append(static_cast<size_t>(bodyIndent), ' ');
    out += "pass\n";
    copied = to;
    i = j - 1;
  }
  out.append(source, copied, std::string::npos);
  return out;
}

std::vector<std::string> importedModules(const std::string& path, const std::string& source) {
  // One logical import per match; parenthesized name lists may span lines.
  static const RE2 fromImport(R"((?m)^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*))");
  static const RE2 plainImport(R"((?m)^[ \t]*import[ \t]+([^\n#]+))");
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
  re2::StringPiece in(source);
  std::string module, names;
  while (RE2::FindAndConsume(&in, fromImport, &module, &names)) {
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
  in = re2::StringPiece(source);
  std::string list;
  while (RE2::FindAndConsume(&in, plainImport, &list)) eachListed(list, add);
  return out;
}

std::vector<std::pair<std::string, std::string>> suiteModulesOf(const std::string& path, const std::string& source,
                                                                 const std::function<std::optional<std::string>(const std::string&)>& read) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> tried{path};
  size_t bytes = 0;
  // A module's file, looked for from the repository root, under src/, and under each directory
  // above the test (a tests directory on sys.path: unittests._helpers -> tests/unittests/_helpers).
  auto find = [&](const std::string& importer, const std::string& module) -> std::optional<std::pair<std::string, std::string>> {
    std::string rel = module;
    std::replace(rel.begin(), rel.end(), '.', '/');
    std::vector<std::string> roots{"", "src/"};
    for (size_t slash = importer.find('/'); slash != std::string::npos; slash = importer.find('/', slash + 1))
      roots.push_back(importer.substr(0, slash + 1));
    for (const std::string& root : roots)
      for (const std::string& candidate : {root + rel + ".py", root + rel + "/__init__.py"}) {
        if (!mentionsTest(candidate) || isTestModule(candidate) || !tried.insert(candidate).second) continue;
        if (auto b = read(candidate); b && b->size() <= kMaxFileBytes) return std::make_pair(candidate, withOtherBodiesCut(*b));
      }
    return std::nullopt;
  };
  std::vector<std::pair<std::string, std::string>> frontier{{path, source}};
  for (int level = 0; level < kLevels && !frontier.empty(); ++level) {
    std::vector<std::pair<std::string, std::string>> next;
    for (const auto& [importer, text] : frontier)
      for (const std::string& module : importedModules(importer, text)) {
        if (out.size() >= kMaxFiles) return out;
        auto found = find(importer, module);
        if (!found || bytes + found->second.size() > kMaxBytes) continue;
        bytes += found->second.size();
        next.push_back(*found);
        out.push_back(std::move(*found));
      }
    frontier = std::move(next);
  }
  return out;
}

}  // namespace oalens::miners
