// `oalens parse PATH`: reads and parses every file `scan` reads (Python, and C++ test and
// support files) with tree-sitter and discards the trees. It does what `scan` does before any
// analysis, with the same reader, file selection and threads, so scripts/bench-scan can measure
// scan against this floor on the same files. The library files a C++ scan reads for the
// definitions its tests call are chosen by that analysis; `--library-files LIST` names them
// (as `scan --format json` lists them in `library_files`) so the floor parses them too.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>

#include "analyzer/cli/commands.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/core/parallel.h"
#include "analyzer/frontend/frontends.h"
#include "analyzer/scan/scanner.h"

namespace oalens::cli {

void addParseCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("parse", "parse every file scan reads and discard the trees (benchmark floor)");
  static std::string path = ".";
  static unsigned jobs = 0;
  static std::string libraryList;
  cmd->add_option("path", path, "file or directory")->capture_default_str();
  cmd->add_option("--library-files", libraryList, "a file listing library files (relative to PATH, one a line) to parse as C++ too");
  cmd->add_option("-j,--jobs", jobs, "worker threads (0: one per core)");
  cmd->callback([] {
    auto t0 = std::chrono::steady_clock::now();
    analyzer::SourceSelection walk = analyzer::selectSources(path, analyzer::ScanOptions{});
    if (!libraryList.empty()) {
      std::ifstream list(libraryList);
      if (!list) throw CLI::ValidationError("--library-files", "cannot read " + libraryList);
      for (std::string relative; std::getline(list, relative);)
        if (!relative.empty())
          walk.files.push_back({analyzer::SourcePath{std::filesystem::path(path) / relative, relative}, analyzer::Language::Cpp});
    }
    const unsigned threads = analyzer::threadCount(jobs, walk.files.size());
    std::vector<analyzer::Frontends> frontends(threads);
    std::atomic<uint64_t> bytes{0}, parsed{0};
    analyzer::InputLimits limits;
    analyzer::parallelFor(walk.files.size(), threads, [&](size_t i, unsigned w) {
      const auto& [file, language] = walk.files[i];
      analyzer::SourceInput in = analyzer::readSourceFile(file.absolute, limits);
      if (in.error != analyzer::ReadError::None) return;
      if (frontends[w].parseOnly(language, in.text)) ++parsed;
      bytes += in.text.size();
    });
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print("files {} parsed {} bytes {} seconds {:.3f} MB/s {:.1f}\n", walk.files.size(), parsed.load(), bytes.load(), secs,
               double(bytes.load()) / 1e6 / secs);
  });
}

}  // namespace oalens::cli
