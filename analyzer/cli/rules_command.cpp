// `oalens rules`: every rule, lint and gate, from the rule index (rules/rule_index.h): a text
// table, JSON, or the Markdown of docs/rules.md. `--family` keeps one family.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "analyzer/cli/commands.h"
#include "reports/json/json_report.h"
#include "rules/rule_index.h"

namespace oalens::cli {

namespace {

using json = nlohmann::ordered_json;

struct RulesArgs {
  std::string format = "text";
  std::vector<std::string> families;
};

void listRules(const RulesArgs& a) {
  if (a.format == "markdown") {
    fmt::print("{}", rules::rulesMarkdown());
    return;
  }
  json all = json::array();
  for (const rules::RuleEntry& r : rules::ruleIndex()) {
    if (!a.families.empty() && std::find(a.families.begin(), a.families.end(), r.family) == a.families.end()) continue;
    if (a.format == "text") {
      fmt::print("{} {:<36} {:<8} {:<7} {}\n", r.id, r.name, analyzer::severityName(r.severity), r.precision, r.summary);
      for (const auto& o : r.options) fmt::print("      option {}={:g}: {}\n", o.name, o.defaultValue, o.meaning);
      continue;
    }
    json options = json::array();
    for (const auto& o : r.options) options.push_back({{"name", o.name}, {"default", o.defaultValue}, {"meaning", o.meaning}});
    all.push_back({{"id", r.id},
                   {"name", r.name},
                   {"family", r.family},
                   {"severity", analyzer::severityName(r.severity)},
                   {"precision", r.precision},
                   {"summary", r.summary},
                   {"fix", r.fix},
                   {"options", options}});
  }
  if (a.format == "json") fmt::print("{}\n", reports::jsonText(json{{"rules", all}}));
  // The marker is not a rule, but whoever reads the list is looking for how to silence one.
  if (a.format == "text")
    fmt::print(
        "\nA finding is suppressed by `# oalens: ignore[ID or name, ...]` on its line (`// oalens: ...` in C++; a bare\n"
        "`# oalens: ignore` drops every rule there); `oalens lint` reports the markers that drop nothing as unused.\n"
        "Rules are chosen by id, name, family or id prefix: --select, --ignore, and [lint] / [diff] in .oalens.toml.\n");
}

}  // namespace

void addRulesCommand(CLI::App& app) {
  static RulesArgs args;
  CLI::App* cmd = app.add_subcommand("rules", "list the lint rules and the diff gate's rules");
  cmd->add_option("--format", args.format, "output format")->check(CLI::IsMember({"text", "json", "markdown"}))->capture_default_str();
  cmd->add_option("--family", args.families, "list only this family (repeatable; markdown lists all)")
      ->check(CLI::IsMember({"oracle", "ml", "gate"}));
  cmd->callback([] { listRules(args); });
}

}  // namespace oalens::cli
