// `oalens catalogue`: the assertion APIs the built-in catalogue and the project's configuration
// ([[api]] entries) define, one line each: id, language, category, OA or not, and kind.
#include <fmt/format.h>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/output.h"

namespace oalens::cli {

void addCatalogueCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("catalogue", "list the assertion APIs OALens knows");
  static std::string config;
  cmd->add_option("--config", config, "configuration file with extra [[api]] entries");
  cmd->callback([] {
    analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
    if (!loadConfig(".", config, catalogue)) {
      setExitCode(2);
      return;
    }
    std::string out;
    for (const auto& a : catalogue.apis())
      out += fmt::format("{:<52} {:<7} {:<12} {:<5} {}\n", a.id, analyzer::languageName(a.language), analyzer::categoryName(a.category),
                         a.oa ? "OA" : "-",
                         a.kind == analyzer::ApiKind::Method      ? "method"
                         : a.kind == analyzer::ApiKind::Predicate ? "predicate"
                         : a.decorator                            ? "decorator"
                         : a.isHarness()                          ? "harness"
                                                                  : "function");
    if (!writeOutput("", out)) setExitCode(2);
  });
}

}  // namespace oalens::cli
