#include "analyzer/cli/terminal.h"

#include <fmt/format.h>
#include <re2/re2.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <cstring>

namespace oalens::cli {

void addColorOption(CLI::App* cmd, TerminalArgs& args) {
  cmd->add_option("--color", args.color, "colour the findings: auto (on a terminal, unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
}

void addProgressOption(CLI::App* cmd, TerminalArgs& args) {
  cmd->add_option("--progress", args.progress,
                  "one updating progress line on stderr: auto (on a terminal; OALENS_PROGRESS=always|never decides too), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
}

analyzer::ProgressMode progressMode(const TerminalArgs& args) {
  return args.progress == "always"  ? analyzer::ProgressMode::Always
         : args.progress == "never" ? analyzer::ProgressMode::Never
                                    : analyzer::ProgressMode::Auto;
}

bool colourWanted(const TerminalArgs& args, std::FILE* stream) {
  if (args.color != "auto") return args.color == "always";
  const char* noColor = std::getenv("NO_COLOR");
  if (noColor && *noColor) return false;
  const char* term = std::getenv("TERM");
  return ::isatty(::fileno(stream)) && !(term && std::strcmp(term, "dumb") == 0);
}

std::string coloured(std::string_view text) {
  // location: severity: message [ID]; a notebook's location holds `:cell N:line M`.
  static const RE2 finding(R"(([^\n]*?:\d+:\d+): (error|warning|note|info): ([^\n]*?)( \[[A-Za-z0-9_-]+\])?)");
  static constexpr std::string_view kBold = "\x1b[1m", kDim = "\x1b[2m", kReset = "\x1b[0m";
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    const size_t end = nl == std::string_view::npos ? text.size() : nl;
    const std::string_view line = text.substr(start, end - start);
    std::string where, severity, message, id;
    if (RE2::FullMatch(re2::StringPiece(line.data(), line.size()), finding, &where, &severity, &message, &id)) {
      const std::string_view colour = severity == "error"     ? "\x1b[1;31m"
                                      : severity == "warning" ? "\x1b[1;33m"
                                      : severity == "note"    ? "\x1b[1;36m"
                                                              : "\x1b[1;34m";
      out += fmt::format("{}{}{}: {}{}{}: {}", kBold, where, kReset, colour, severity, kReset, message);
      if (!id.empty()) out += fmt::format("{}{}{}", kDim, id, kReset);
    } else {
      out += line;
    }
    if (nl != std::string_view::npos) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace oalens::cli
