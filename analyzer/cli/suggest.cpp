#include "analyzer/cli/suggest.h"

#include "analyzer/core/closest_name.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>

namespace oalens::cli {
std::string closestName(std::string_view word, const std::vector<std::string>& candidates) {
  return analyzer::closestName(word, candidates);
}

std::string suggestionFor(CLI::App& app, int argc, char** argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) commands.push_back(sub->get_name());
  // The first word that is no flag names the subcommand.
  int at = 1;
  while (at < argc && argv[at][0] == '-') ++at;
  if (at >= argc) return {};
  const std::string word = argv[at];
  if (std::find(commands.begin(), commands.end(), word) == commands.end()) {
    const std::string meant = closestName(word, commands);
    return meant.empty() ? fmt::format("unknown command '{}'; `oalens --help` lists them", word)
                         : fmt::format("unknown command '{}'; did you mean '{}'?", word, meant);
  }
  CLI::App* sub = app.get_subcommand(word);
  std::vector<std::string> flags;
  for (const CLI::Option* o : sub->get_options())
    for (const std::string& name : o->get_lnames()) flags.push_back("--" + name);
  for (int i = at + 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (!arg.starts_with("--")) continue;
    arg = arg.substr(0, arg.find('='));
    if (std::find(flags.begin(), flags.end(), arg) != flags.end()) continue;
    const std::string meant = closestName(arg, flags);
    if (!meant.empty()) return fmt::format("unknown option '{}' of {}; did you mean '{}'?", arg, word, meant);
  }
  return {};
}

}  // namespace oalens::cli
