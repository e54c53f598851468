#include "analyzer/cli/output.h"

#include "analyzer/cli/commands.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/core/visible_text.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace oalens::cli {

namespace {
int gExitCode = 0;
}

int exitCode() { return gExitCode; }
void setExitCode(int code) { gExitCode = code; }

bool writeOutput(const std::string& path, const std::string& rawText, bool colour) {
  // Reports quote file names and source text: their control bytes are shown, not obeyed. A
  // report can be tens of MB: it is copied only when it changes.
  std::string changed;
  if (analyzer::hasControls(rawText)) changed = analyzer::withVisibleControls(rawText);
  if (colour) changed = coloured(changed.empty() ? rawText : changed);
  const std::string& text = changed.empty() ? rawText : changed;
  if (path.empty() || path == "-") {
    const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
    if (written && std::fflush(stdout) == 0) return true;
    if (errno == EPIPE) return true;  // the reader is gone (oalens scan | head): nothing more to say
    std::fprintf(stderr, "oalens: cannot write standard output: %s\n", std::strerror(errno));
    return false;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    fmt::print(stderr, "oalens: cannot write {}: {}\n", path, std::strerror(errno));
    return false;
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) fmt::print(stderr, "oalens: cannot write {}: {}\n", path, std::strerror(errno));
  return ok;
}

int fatal(const std::string& why) {
  fmt::print(stderr, "oalens: {}\n", why);
  return 2;
}

}  // namespace oalens::cli
