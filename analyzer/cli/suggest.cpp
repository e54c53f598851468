#include "analyzer/cli/suggest.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>

namespace oalens::cli {
namespace {

// Edits to turn a into b, a swap of two neighbours counting as one (`scna` is one from `scan`).
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closestName(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t bestDistance = 3;  // at most two edits
  for (const std::string& c : candidates) {
    const size_t d = editDistance(word, c);
    if (d < bestDistance && d * 2 < std::max<size_t>(word.size(), 2)) best = c, bestDistance = d;
  }
  return best;
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
