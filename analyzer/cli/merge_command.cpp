// `oalens merge OUT IN...`: per-repository databases into one (reports/sqlite/database_merge.h).
// A repository already in OUT is replaced. With --name, the inputs are one repository of that
// name (its scans and lint runs included), with the provenance given. Says on stderr how long
// the merge took and how large OUT is. Exit 0 when every input merged, 1 when some could not
// be (each said on stderr; the others are merged), 2 when the output cannot be written.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "analyzer/cli/commands.h"
#include "reports/sqlite/database_merge.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::cli {

namespace {

// The database's size on disk, its write-ahead log included.
uintmax_t databaseBytes(const std::string& path) {
  uintmax_t total = 0;
  for (const std::string& file : {path, path + "-wal"}) {
    std::error_code ec;
    const uintmax_t n = std::filesystem::file_size(file, ec);
    if (!ec) total += n;
  }
  return total;
}

bool mergeOne(reports::Database& out, const std::string& output, const std::string& input, const reports::MergeProvenance& as) {
  std::error_code same;
  if (std::filesystem::equivalent(input, output, same)) {
    fmt::print(stderr, "oalens: {}: the output itself; skipped\n", input);
    return false;
  }
  if (!std::filesystem::exists(input)) {
    fmt::print(stderr, "oalens: {}: no such database; skipped\n", input);
    return false;
  }
  reports::MergeCounts counts;
  std::string err;
  if (!reports::mergeDatabase(out, input, as, counts, err)) {
    fmt::print(stderr, "oalens: {}; skipped\n", err);
    return false;
  }
  fmt::print("{}: {} repositories, {} commits, {} OA changes, {} scans, {} lint runs\n", input, counts.repositories, counts.commits,
             counts.oaChanges, counts.scans, counts.lintRuns);
  for (const auto& note : counts.notes) fmt::print(stderr, "oalens: warning: {}: {}\n", input, note);
  for (const auto& path : counts.replacedRepositories)
    fmt::print(stderr, "oalens: {}: repository {} was already in {}; replaced\n", input, path, output);
  return true;
}

}  // namespace

void addMergeCommand(CLI::App& app) {
  static std::string output;
  static std::vector<std::string> inputs, positional;
  static reports::MergeProvenance as;
  CLI::App* cmd = app.add_subcommand("merge", "merge per-repository oalens databases (mine, scan, lint) into one, for reports over many");
  cmd->add_option("databases", positional, "OUT IN...: the database to create or extend, then those to merge into it (IN... with --db OUT)")
      ->required();
  cmd->add_option("--db", output, "the database to create or extend (then every positional database is an input)");
  cmd->add_option("--name", as.name, "the inputs are one repository of this name (its path in the output); replaces one of that name");
  cmd->add_option("--source", as.source, "with --name: where the repository came from (a clone URL or path)");
  cmd->add_option("--revision", as.revision, "with --name: the revisions read, as the caller writes them");
  cmd->add_option("--options", as.options, "with --name: the options the inputs were made with, as the caller writes them");
  cmd->callback([] {
    const auto start = std::chrono::steady_clock::now();
    inputs = positional;
    if (output.empty()) {
      output = inputs.front();
      inputs.erase(inputs.begin());
    }
    if (inputs.empty()) {
      fmt::print(stderr, "oalens: merge needs databases to merge: merge OUT IN... or merge --db OUT IN...\n");
      setExitCode(2);
      return;
    }
    if (as.name.empty() && !(as.source.empty() && as.revision.empty() && as.options.empty())) {
      fmt::print(stderr, "oalens: --source, --revision and --options describe a repository given with --name\n");
      setExitCode(2);
      return;
    }
    int failed = 0;
    {
      reports::Database out;
      std::string err;
      if (!out.open(output, err) || !reports::isOalensDatabase(out, output, err) || !reports::applySchema(out, err) ||
          !reports::setMetaValue(out, "schema_version", std::to_string(reports::kSchemaVersion), err)) {
        fmt::print(stderr, "oalens: {}: {}\n", output, err);
        setExitCode(2);
        return;
      }
      // With a name the inputs together are the repository: the first one merged replaces it.
      for (const std::string& input : inputs) {
        const bool merged = mergeOne(out, output, input, as);
        failed += !merged;
        as.replace = as.replace && !merged;
      }
    }  // closed: the write-ahead log is checkpointed into the file
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print(stderr, "oalens: merged {} of {} inputs into {} in {:.2f} s; {} is {:.1f} MB\n", inputs.size() - failed, inputs.size(),
               output, seconds, output, double(databaseBytes(output)) / 1e6);
    setExitCode(failed ? 1 : 0);
  });
}

}  // namespace oalens::cli
