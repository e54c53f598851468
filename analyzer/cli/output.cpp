#include "analyzer/cli/output.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace oalens::cli {

bool writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    size_t n = std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
    (void)n;  // EPIPE: the reader is gone, nothing more to say
    return true;
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

}  // namespace oalens::cli
