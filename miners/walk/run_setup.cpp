// The reason patterns a database keeps and the catalogue at the tip (run_setup.h).
#include "miners/walk/run_setup.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <string_view>
#include <utility>

namespace oalens::miners {

// A database keeps the reason patterns it was first mined with (meta `reason_patterns`), so that
// a resumed run tags its new commits as the earlier ones were and the reasons stay comparable;
// mining into a new database reads them with this build's patterns. Nothing is said or stored
// when the run has no new commit to tag.
std::optional<ReasonTagger> databaseReasonTagger(MineStore& store, bool newCommits, std::vector<std::string>& warnings, std::string& err) {
  if (!newCommits) return ReasonTagger::builtin(err);
  const std::string builtin(ReasonTagger::builtinText());
  const std::optional<std::string> stored = store.meta("reason_patterns");
  if (stored && *stored != builtin) {
    std::string storedErr;
    ReasonTagger own = ReasonTagger::fromToml(*stored, "the database's reason patterns", storedErr);
    if (storedErr.empty()) {
      warnings.push_back(
          "this database's reasons were read with the patterns it was first mined with, which differ from this build's "
          "rules/reasons/reasons.toml; new commits are read with them too, so that all its reasons compare (mine into a new "
          "database to read them with this build's)");
      return own;
    }
    warnings.push_back(fmt::format("{}; this build's rules/reasons/reasons.toml is used from here on", storedErr));
  } else if (!stored && store.hasCommits()) {
    warnings.push_back(
        "this database was mined before it kept its reason patterns: its earlier commits' reasons may have been read with "
        "other patterns than its new ones (mine into a new database to read them all with this build's)");
  }
  if (stored != builtin && !store.setMeta("reason_patterns", builtin, err)) return std::nullopt;
  ReasonTagger tagger = ReasonTagger::builtin(err);
  if (!err.empty()) return std::nullopt;
  return tagger;
}

// The catalogue with the project's own APIs from the configuration at `tip` (.oalens.toml, or
// [tool.oalens] in pyproject.toml), and its [scan] test_files; the built-in one, with a warning,
// when the configuration there is invalid.
analyzer::Catalogue tipCatalogue(const Repository& repo, const std::string& tip, std::string& testFiles,
                                 std::vector<std::string>& warnings) {
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  for (const auto& [path, table] : {std::pair{".oalens.toml", ""}, std::pair{"pyproject.toml", "tool.oalens"}}) {
    const std::optional<std::string> text = repo.fileAt(tip, path);
    if (!text || (std::string_view(table) == "tool.oalens" && text->find("[tool.oalens") == std::string::npos)) continue;
    if (auto e = analyzer::Catalogue::parseInto(catalogue, *text, path, table)) {
      warnings.push_back(fmt::format("the configuration {} at the tip is invalid and not used: {}", path, e->message));
      return analyzer::Catalogue::builtin();
    }
    try {
      const toml::table t = toml::parse(std::string_view(*text), std::string_view(path));
      const toml::node* scan = std::string_view(table).empty() ? t.get("scan") : t.at_path(std::string(table) + ".scan").node();
      if (scan && scan->is_table())
        if (auto pattern = (*scan->as_table())["test_files"].value<std::string>()) testFiles = *pattern;
    } catch (const toml::parse_error&) {
      // parseInto has said what is wrong
    }
    break;
  }
  return catalogue;
}

}  // namespace oalens::miners
