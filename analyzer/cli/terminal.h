// What the commands show on a terminal beside their report: colours (`--color`, NO_COLOR) and
// the progress line (`--progress`, OALENS_PROGRESS). A report written to a file or a pipe
// holds neither unless asked for with `always`.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

#include "analyzer/core/progress_line.h"

namespace CLI {
class App;
}

namespace oalens::cli {

struct TerminalArgs {
  std::string color = "auto";
  std::string progress = "auto";
};

// --color for a command that prints findings; --progress for one that reads many files.
void addColorOption(CLI::App* cmd, TerminalArgs& args);
void addProgressOption(CLI::App* cmd, TerminalArgs& args);

analyzer::ProgressMode progressMode(const TerminalArgs& args);

// Whether to colour what goes to `stream`: --color=always|never decide; auto colours a
// terminal unless NO_COLOR is set (no-color.org) or TERM is dumb.
bool colourWanted(const TerminalArgs& args, std::FILE* stream);

// Each `path:line:col: severity: message [ID]` line of `text` with the location bold, the
// severity in its colour and the id dim; other lines as they are. `text` has had its control
// bytes made visible already: the escapes added here are the only ones in it.
std::string coloured(std::string_view text);
inline std::string colourIf(bool colour, std::string text) { return colour ? coloured(text) : text; }

}  // namespace oalens::cli
