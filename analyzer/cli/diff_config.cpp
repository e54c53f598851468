// What `oalens diff` reads of the project's configuration (diff_config.h).
#include "analyzer/cli/diff_config.h"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/cli/output.h"
#include "analyzer/lint/lint_baseline.h"
#include "analyzer/lint/rule_selector.h"
#include "rules/rule_index.h"

namespace oalens::cli {

std::optional<miners::ConfigSide> gateConfigSide(const miners::ChangeSides& sides, bool newSide, RuleChoice& rules,
                                                 std::string& helpUriBase) {
  miners::ConfigSide side{analyzer::Catalogue::builtin(), {}, {}, {}};
  for (const auto& [path, table] : {std::pair{".oalens.toml", ""}, std::pair{"pyproject.toml", "tool.oalens"}}) {
    std::optional<std::string> text = sides.fileAt(newSide, path);
    if (!text) continue;
    if (std::string(table) == "tool.oalens" && text->find("[tool.oalens") == std::string::npos) continue;
    std::string cfgErr;
    auto cfg = configFromText(*text, path, table, side.catalogue, cfgErr);
    if (!cfg) {
      fmt::print(stderr, "oalens: invalid configuration ({} side): {}\n", newSide ? "new" : "old", cfgErr);
      return std::nullopt;
    }
    side.testFiles = cfg->testFiles;
    if (!newSide) rules = cfg->diff;
    if (newSide) helpUriBase = cfg->helpUriBase;
    side.path = path;
    side.text = std::move(*text);
    break;
  }
  return side;
}

bool chooseGateRules(const std::vector<std::string>& selectOption, const std::vector<std::string>& ignoreOption, const RuleChoice& config,
                     std::vector<miners::GateFinding>& findings) {
  const std::vector<std::string>& select = selectOption.empty() ? config.select : selectOption;
  std::vector<std::string> ignore = ignoreOption;
  ignore.insert(ignore.end(), config.ignore.begin(), config.ignore.end());
  auto matches = [](const std::string& selector, const std::string& id, const std::string& name) {
    return analyzer::selectorMatch(selector, id, name, "gate") != analyzer::SelectorMatch::None;
  };
  for (const std::vector<std::string>* list : {&select, static_cast<const std::vector<std::string>*>(&ignore)})
    for (const std::string& s : *list) {
      bool known = false;
      for (const rules::RuleEntry& r : rules::ruleIndex()) known |= r.family == "gate" && matches(s, r.id, r.name);
      if (!known) {
        fmt::print(stderr, "oalens: unknown gate rule '{}'; `oalens rules --family gate` lists them\n", s);
        return false;
      }
    }
  std::erase_if(findings, [&](const miners::GateFinding& f) {
    auto named = [&](const std::vector<std::string>& list) {
      return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return matches(s, f.rule, f.name); });
    };
    return (!select.empty() && !named(select)) || named(ignore) || perFileIgnored(config, f.file, f.rule, f.name, "gate");
  });
  return true;
}

bool applyGateBaseline(const std::string& baseline, const std::string& writeBaseline, std::vector<miners::GateFinding>& findings) {
  if (!writeBaseline.empty()) {
    std::vector<analyzer::BaselineEntry> entries;
    for (const auto& f : findings) entries.push_back({f.fingerprint, f.rule, f.file});
    if (!writeOutput(writeBaseline, analyzer::baselineText(entries))) return false;
  }
  if (baseline.empty()) return true;
  std::string err;
  const auto accepted = analyzer::readLintBaseline(baseline, err);
  if (!accepted) {
    fmt::print(stderr, "oalens: {}: {}\n", baseline, err);
    return false;
  }
  const size_t before = findings.size();
  std::erase_if(findings, [&](const miners::GateFinding& f) { return accepted->count(f.fingerprint) > 0; });
  if (const size_t n = before - findings.size()) fmt::print(stderr, "oalens: {} finding(s) in the baseline {} not shown\n", n, baseline);
  return true;
}

}  // namespace oalens::cli
