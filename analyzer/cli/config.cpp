#include "analyzer/cli/config.h"

#include <fmt/format.h>

#include "analyzer/cli/suggest.h"

#include <fstream>
#include <sstream>
#include <toml++/toml.h>

namespace oalens::cli {

namespace fs = std::filesystem;

static std::optional<std::string> slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::optional<ProjectConfig> loadConfig(const fs::path& root, const std::string& explicitPath, analyzer::Catalogue& catalogue) {
  ProjectConfig cfg;
  std::vector<std::pair<fs::path, std::string>> candidates;  // file, table
  if (!explicitPath.empty()) {
    candidates.emplace_back(explicitPath, explicitPath.ends_with("pyproject.toml") ? "tool.oalens" : "");
  } else {
    fs::path dir = fs::is_directory(root) ? root : root.parent_path();
    for (const fs::path& d : {dir, fs::current_path()}) {
      if (fs::exists(d / ".oalens.toml")) {
        candidates.emplace_back(d / ".oalens.toml", "");
        break;
      }
      if (fs::exists(d / "pyproject.toml")) {
        candidates.emplace_back(d / "pyproject.toml", "tool.oalens");
        break;
      }
    }
  }
  for (const auto& [path, table] : candidates) {
    auto text = slurp(path);
    if (!text) {
      fmt::print(stderr, "oalens: cannot read configuration {}\n", path.string());
      return std::nullopt;
    }
    std::string err;
    auto one = configFromText(*text, path.string(), table, catalogue, err);
    if (!one) {
      fmt::print(stderr, "oalens: invalid configuration: {}\n", err);
      return std::nullopt;
    }
    cfg = std::move(*one);
  }
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

// [lint]: select, ignore, per-file-ignores; any other key is a mistake worth saying.
bool readLintTable(const toml::table& lint, ProjectConfig& cfg, std::string& err) {
  for (const auto& [key, node] : lint) {
    const std::string name(key.str());
    if (name == "select" || name == "ignore") {
      if (!stringList(node, name == "select" ? cfg.lintSelect : cfg.lintIgnore)) {
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
        std::vector<std::string> rules;
        if (!stringList(rulesNode, rules)) {
          err = fmt::format("per-file-ignores.\"{}\" must be a list of rule ids or names", glob.str());
          return false;
        }
        cfg.perFileIgnores.emplace_back(std::string(glob.str()), std::move(rules));
      }
    } else {
      const std::string meant = closestName(name, {"select", "ignore", "per-file-ignores"});
      err = meant.empty() ? fmt::format("unknown key '{}' (select, ignore and per-file-ignores are known)", name)
                          : fmt::format("unknown key '{}'; did you mean '{}'?", name, meant);
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

std::optional<ProjectConfig> configFromText(const std::string& text, const std::string& source, const std::string& table,
                                            analyzer::Catalogue& catalogue, std::string& err) {
  if (auto e = analyzer::Catalogue::parseInto(catalogue, text, source, table)) {
    err = e->message;
    return std::nullopt;
  }
  ProjectConfig cfg;
  try {
    toml::table t = toml::parse(text, source);
    const toml::node* scan = table.empty() ? t.get("scan") : t.at_path(table + ".scan").node();
    if (scan && scan->is_table()) {
      if (auto tf = (*scan->as_table())["test_files"].value<std::string>()) cfg.testFiles = *tf;
    }
    const toml::node* lint = table.empty() ? t.get("lint") : t.at_path(table + ".lint").node();
    if (lint && lint->is_table())
      if (!readLintTable(*lint->as_table(), cfg, err)) {
        err = fmt::format("{}: [lint] {}", source, err);
        return std::nullopt;
      }
    const toml::node* sarif = table.empty() ? t.get("sarif") : t.at_path(table + ".sarif").node();
    if (sarif && sarif->is_table())
      if (!readSarifTable(*sarif->as_table(), cfg, err)) {
        err = fmt::format("{}: [sarif] {}", source, err);
        return std::nullopt;
      }
  } catch (const toml::parse_error&) {
    // already reported by the catalogue parser
  }
  cfg.source = source;
  return cfg;
}

}  // namespace oalens::cli
