#include "analyzer/cli/config.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include "analyzer/cli/suggest.h"
#include "analyzer/lint/rule_selector.h"

#include <toml++/toml.h>
#include <fstream>
#include <sstream>

namespace oalens::cli {

namespace fs = std::filesystem;

static std::optional<std::string> slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

fs::path findConfig(const fs::path& target, std::string& table) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(target, ec);
  const fs::path start = fs::is_directory(absolute, ec) ? absolute : absolute.parent_path();
  for (const fs::path& from : {start, fs::current_path(ec)}) {
    for (fs::path dir = from.lexically_normal();; dir = dir.parent_path()) {
      if (fs::exists(dir / ".oalens.toml", ec)) {
        table.clear();
        return dir / ".oalens.toml";
      }
      // A pyproject.toml of a project that does not configure OALens does not end the search.
      if (auto text = fs::exists(dir / "pyproject.toml", ec) ? slurp(dir / "pyproject.toml") : std::nullopt;
          text && text->find("[tool.oalens") != std::string::npos) {
        table = "tool.oalens";
        return dir / "pyproject.toml";
      }
      // The repository's root is as far as a project's configuration reaches.
      if (fs::exists(dir / ".git", ec) || dir == dir.parent_path() || dir.empty()) break;
    }
  }
  return {};
}

std::optional<ProjectConfig> loadConfig(const fs::path& target, const std::string& explicitPath, analyzer::Catalogue& catalogue) {
  fs::path path;
  std::string table;
  if (!explicitPath.empty()) {
    path = explicitPath;
    table = explicitPath.ends_with("pyproject.toml") ? "tool.oalens" : "";
  } else {
    path = findConfig(target, table);
  }
  if (path.empty()) return ProjectConfig{};
  auto text = slurp(path);
  if (!text) {
    fmt::print(stderr, "oalens: cannot read configuration {}\n", path.string());
    return std::nullopt;
  }
  std::string err;
  auto cfg = configFromText(*text, path.string(), table, catalogue, err);
  if (!cfg) fmt::print(stderr, "oalens: invalid configuration: {}\n", err);
  return cfg;
}

namespace {

bool stringList(const toml::node& node, std::vector<std::string>& out) {
  const toml::array* list = node.as_array();
  if (!list) return false;
  for (const toml::node& item : *list) {
    auto text = item.value<std::string>();
    if (!text) return false;
    out.push_back(*text);
  }
  return true;
}

std::string unknownKey(const std::string& name, const std::vector<std::string>& known) {
  const std::string meant = closestName(name, known);
  if (!meant.empty()) return fmt::format("unknown key '{}'; did you mean '{}'?", name, meant);
  std::string list;
  for (size_t i = 0; i < known.size(); ++i) list += (i == 0 ? "" : i + 1 == known.size() ? " and " : ", ") + known[i];
  return fmt::format("unknown key '{}' ({} {} known)", name, list, known.size() == 1 ? "is" : "are");
}

// [lint] and [diff]: select, ignore, per-file-ignores; any other key is a mistake worth saying.
bool readRuleTable(const toml::table& rules, RuleChoice& out, std::string& err) {
  for (const auto& [key, node] : rules) {
    const std::string name(key.str());
    if (name == "select" || name == "ignore") {
      if (!stringList(node, name == "select" ? out.select : out.ignore)) {
        err = fmt::format("{} must be a list of rule ids or names", name);
        return false;
      }
    } else if (name == "per-file-ignores") {
      const toml::table* globs = node.as_table();
      if (!globs) {
        err = "per-file-ignores must be a table of glob = [rule ids or names]";
        return false;
      }
      for (const auto& [glob, rulesNode] : *globs) {
        std::vector<std::string> ids;
        if (!stringList(rulesNode, ids)) {
          err = fmt::format("per-file-ignores.\"{}\" must be a list of rule ids or names", glob.str());
          return false;
        }
        out.perFileIgnores.emplace_back(std::string(glob.str()), std::move(ids));
      }
    } else {
      err = unknownKey(name, {"select", "ignore", "per-file-ignores"});
      return false;
    }
  }
  return true;
}

// [sarif]: help-uri-base, an absolute URI the rules' pages are relative to.
bool readSarifTable(const toml::table& sarif, ProjectConfig& cfg, std::string& err) {
  for (const auto& [key, node] : sarif) {
    const std::string name(key.str());
    if (name != "help-uri-base") {
      const std::string meant = closestName(name, {"help-uri-base"});
      err = meant.empty() ? fmt::format("unknown key '{}' (help-uri-base is known)", name)
                          : fmt::format("unknown key '{}'; did you mean '{}'?", name, meant);
      return false;
    }
    auto text = node.value<std::string>();
    if (!text) {
      err = "help-uri-base must be a string (an absolute URI such as https://host/oalens/blob/v0.1.0/)";
      return false;
    }
    cfg.helpUriBase = *text;
  }
  return true;
}

}  // namespace

bool perFileIgnored(const RuleChoice& choice, const std::string& file, const std::string& id, const std::string& name,
                    const std::string& family) {
  for (const auto& [glob, selectors] : choice.perFileIgnores) {
    if (::fnmatch(glob.c_str(), file.c_str(), 0) != 0) continue;
    for (const std::string& s : selectors)
      if (s == "*" || analyzer::selectorMatch(s, id, name, family) != analyzer::SelectorMatch::None) return true;
  }
  return false;
}

std::optional<ProjectConfig> configFromText(const std::string& text, const std::string& source, const std::string& table,
                                            analyzer::Catalogue& catalogue, std::string& err) {
  if (auto e = analyzer::Catalogue::parseInto(catalogue, text, source, table)) {
    err = e->message;
    return std::nullopt;
  }
  ProjectConfig cfg;
  try {
    toml::table t = toml::parse(text, source);
    auto section = [&](const char* name) { return table.empty() ? t.get(name) : t.at_path(table + "." + name).node(); };
    if (const toml::node* scan = section("scan")) {
      if (!scan->is_table()) {
        err = fmt::format("{}: [scan] must be a table", source);
        return std::nullopt;
      }
      for (const auto& [key, node] : *scan->as_table()) {
        if (key.str() != "test_files") {
          err = fmt::format("{}: [scan] {}", source, unknownKey(std::string(key.str()), {"test_files"}));
          return std::nullopt;
        }
        auto pattern = node.value<std::string>();
        if (!pattern) {
          err = fmt::format("{}: [scan] test_files must be a string (an RE2 pattern)", source);
          return std::nullopt;
        }
        cfg.testFiles = *pattern;
      }
    }
    for (auto [name, choice] : {std::pair{"lint", &cfg.lint}, std::pair{"diff", &cfg.diff}}) {
      const toml::node* node = section(name);
      if (!node) continue;
      if (!node->is_table() || !readRuleTable(*node->as_table(), *choice, err)) {
        err = fmt::format("{}: [{}] {}", source, name, node->is_table() ? err : "must be a table");
        return std::nullopt;
      }
    }
    if (const toml::node* sarif = section("sarif")) {
      if (!sarif->is_table() || !readSarifTable(*sarif->as_table(), cfg, err)) {
        err = fmt::format("{}: [sarif] {}", source, sarif->is_table() ? err : "must be a table");
        return std::nullopt;
      }
    }
  } catch (const toml::parse_error&) {
    // already reported by the catalogue parser
  }
  cfg.source = source;
  return cfg;
}

bool lintFindingIgnored(const ProjectConfig& config, const std::string& file, const std::filesystem::path& dir, const std::string& id,
                        const std::string& name) {
  if (config.lint.perFileIgnores.empty()) return false;
  namespace fs = std::filesystem;
  const fs::path configDir = config.source.empty() ? fs::path() : fs::absolute(config.source).parent_path().lexically_normal();
  const std::string local = (dir / file).lexically_relative(configDir).generic_string();
  // The family of a lint rule's id, for selectors that name families.
  return perFileIgnored(config.lint, local, id, name, id.starts_with("ML") ? "ml" : "oracle");
}

}  // namespace oalens::cli
