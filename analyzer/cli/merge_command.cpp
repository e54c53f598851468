// `oalens merge OUT IN...`: per-repository databases into one (reports/sqlite/database_merge.h).
// Exit 0 when every input merged, 1 when some could not be (each said on stderr; the others
// are merged), 2 when the output cannot be written.
#include <fmt/format.h>

#include <filesystem>

#include "analyzer/cli/commands.h"
#include "reports/sqlite/database_merge.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::cli {

void addMergeCommand(CLI::App& app) {
  static std::string output;
  static std::vector<std::string> inputs;
  CLI::App* cmd = app.add_subcommand("merge", "merge per-repository oalens databases (mine, scan, lint) into one, for reports over many");
  cmd->add_option("output", output, "database to create or extend")->required();
  cmd->add_option("inputs", inputs, "databases to merge into it")->required();
  cmd->callback([] {
    reports::Database out;
    std::string err;
    if (!out.open(output, err) || !reports::isOalensDatabase(out, output, err) || !out.exec(kSchemaSql, err) ||
        !reports::setMetaValue(out, "schema_version", std::to_string(reports::kSchemaVersion), err)) {
      fmt::print(stderr, "oalens: {}: {}\n", output, err);
      setExitCode(2);
      return;
    }
    int failed = 0;
    for (const std::string& input : inputs) {
      std::error_code same;
      if (std::filesystem::equivalent(input, output, same)) {
        fmt::print(stderr, "oalens: {}: the output itself; skipped\n", input);
        ++failed;
        continue;
      }
      reports::MergeCounts counts;
      if (!std::filesystem::exists(input)) {
        fmt::print(stderr, "oalens: {}: no such database; skipped\n", input);
        ++failed;
        continue;
      }
      if (!reports::mergeDatabase(out, input, counts, err)) {
        fmt::print(stderr, "oalens: {}; skipped\n", err);
        ++failed;
        continue;
      }
      fmt::print("{}: {} repositories, {} commits, {} OA changes, {} scans, {} lint runs\n", input, counts.repositories, counts.commits,
                 counts.oaChanges, counts.scans, counts.lintRuns);
      for (const auto& note : counts.notes) fmt::print(stderr, "oalens: warning: {}: {}\n", input, note);
      for (const auto& path : counts.skippedRepositories)
        fmt::print(stderr, "oalens: {}: repository {} is already in {}; its history there is kept\n", input, path, output);
    }
    setExitCode(failed ? 1 : 0);
  });
}

}  // namespace oalens::cli
