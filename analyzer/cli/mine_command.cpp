// `oalens mine REPO --db FILE`: OA assertion history from git into SQLite (docs/schema.md).
// Prints what the run did, then the repository's Table V as the database holds it (earlier runs
// included); `oalens report --tables DB` prints it for the whole DB.
#include <fmt/format.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/core/visible_text.h"
#include "miners/walk/miner.h"
#include "reports/sqlite/sqlite_db.h"
#include "reports/text/history_text.h"

namespace oalens::cli {

namespace {

std::optional<int64_t> parseDate(const std::string& s) {
  if (s.empty()) return std::nullopt;
  std::tm tm{};
  if (!strptime(s.c_str(), "%Y-%m-%d", &tm)) return std::nullopt;
  return static_cast<int64_t>(timegm(&tm));
}

}  // namespace

void addMineCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("mine", "mine the history of OA assertions from git into SQLite");
  static miners::MineOptions opt;
  static std::string since, until;
  static size_t cacheMb = opt.blobCacheBytes >> 20;  // the defaults are MineOptions'
  static size_t modelCacheMb = opt.pieceCacheBytes >> 20;
  cmd->add_option("repo", opt.repoPath, "path to a work tree or a bare git directory")->required();
  cmd->add_option("--db", opt.dbPath, "SQLite database to fill (created or resumed)")->required();
  cmd->add_option("--rev", opt.rev, "tip of the walk")->capture_default_str();
  cmd->add_option("--since", since, "only commits on or after this date (YYYY-MM-DD)");
  cmd->add_option("--until", until, "only commits before this date (YYYY-MM-DD)");
  cmd->add_flag("--first-parent", opt.firstParent, "follow only first parents (merges diffed against their first parent)");
  cmd->add_flag("--diff-merges", opt.diffMerges,
                "also diff merge commits against their first parent (as git log --diff-merges=first-parent)");
  static std::string config;
  cmd->add_option("--config", config,
                  "configuration file (default: .oalens.toml or [tool.oalens] of pyproject.toml as the tip commit holds them)");
  cmd->add_option("--test-files", opt.testFilePattern, "RE2 pattern for Python test file paths");
  cmd->add_option("--cpp-test-files", opt.cppTestFilePattern, "RE2 pattern for C++ test file paths");
  cmd->add_flag("--include-vendored", opt.includeVendored,
                "also mine C++ files in vendored folders (third_party/, 3rdparty/, external/, deps/, ...) as the suite's");
  cmd->add_option("-j,--jobs", opt.threads, "worker threads (0: one per core)");
  cmd->add_option("--rename-limit", opt.renameLimit,
                  "deleted files each added file is compared with to find an edited file's rename (files with the same content always "
                  "pair; the repository's diff.renameLimit is not read)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--cache-mb", cacheMb, "memory for analysed file versions reused by later commits")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1}, size_t{1} << 20));
  cmd->add_option("--model-cache-mb", modelCacheMb, "memory for the parsed models of test-file parts reused by later commits")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1}, size_t{1} << 20));
  // Verification switches: each turns one speed-up off, with the same tables (docs/mine.md,
  // "Verification switches"); for checking the speed-ups, so not in --help.
  static bool wholeFiles = false, parseScoped = false, wholeUnits = false, keepChecklessTests = false, ownWrappersOnly = false;
  cmd->add_flag(
         "--whole-files", wholeFiles,
         "scan every version of a changed test file whole (by default the tests a change leaves alone are taken from the previous version)")
      ->group("");
  cmd->add_flag("--parse-scoped", parseScoped,
                "parse each version's text (scoped or whole) instead of splicing its model from cached parts (slower; the same tables)")
      ->group("");
  cmd->add_flag("--whole-units", wholeUnits,
                "parse each changed test whole instead of splicing its model from its statements (slower; the same tables)")
      ->group("");
  cmd->add_flag("--keep-checkless-tests", keepChecklessTests,
                "scan the touched tests that can hold no OA check too, instead of leaving them out (slower; the same tables)")
      ->group("");
  cmd->add_flag("--own-wrappers-only", ownWrappersOnly,
                "scan each version with only the wrappers its file defines, not those of the suite's helper modules it imports")
      ->group("");
  cmd->add_flag("--check-splices", opt.checkSplices,
                "also parse every spliced version and compare the two models; differences are reported (slow; for verification)")
      ->group("");
  static TerminalArgs term;
  static bool quiet = false;
  addProgressOption(cmd, term);
  cmd->add_flag("-q,--quiet", quiet, "do not print the progress line");
  cmd->callback([] {
    opt.spliceModels = !parseScoped;
    opt.spliceUnits = !wholeUnits;
    opt.leaveOutChecklessTests = !keepChecklessTests;
    opt.pieceCacheBytes = modelCacheMb << 20;
    opt.blobCacheBytes = cacheMb << 20;
    opt.deriveUntouchedTests = !wholeFiles;
    opt.suiteHelpers = !ownWrappersOnly;
    opt.since = parseDate(since);
    opt.until = parseDate(until);
    if ((!since.empty() && !opt.since) || (!until.empty() && !opt.until)) {
      fmt::print(stderr, "oalens: dates are YYYY-MM-DD\n");
      setExitCode(2);
      return;
    }
    if (std::error_code ec; !std::filesystem::exists(opt.repoPath, ec)) {
      fmt::print(stderr, "oalens: {}: no such file or directory\n", opt.repoPath);
      setExitCode(2);
      return;
    }
    if (!config.empty()) {
      auto catalogue = std::make_shared<analyzer::Catalogue>(analyzer::Catalogue::builtin());
      const auto cfg = loadConfig(opt.repoPath, config, *catalogue);
      if (!cfg) {
        setExitCode(2);
        return;
      }
      opt.catalogue = std::move(catalogue);
      opt.configuredTestFiles = cfg->testFiles;
    }
    analyzer::ProgressLine progress("mine", analyzer::progressWanted(progressMode(term), quiet));
    opt.progress = &progress;
    std::string err;
    auto s = miners::mine(opt, err);
    progress.finish();
    if (!s) {
      fmt::print(stderr, "oalens: mine: {}\n", err);
      setExitCode(2);
      return;
    }
    // Warnings quote paths from the history: their control bytes are shown, not obeyed.
    for (const auto& w : s->warnings) fmt::print(stderr, "oalens: warning: {}\n", analyzer::withVisibleControls(w));
    if (!s->incomplete.empty())
      fmt::print(stderr, "oalens: error: the mined history is incomplete: {}\n", analyzer::withVisibleControls(s->incomplete));
    fmt::print("mined {}: {} commits walked, {} already in the database, {} analysed ({} with errors)\n", opt.repoPath, s->walked,
               s->alreadyDone, s->processed, s->failed);
    fmt::print("  commits touching test files {}, with OA changes {}, OA changes {}\n", s->touchingTests, s->oaCommits, s->oaChanges);
    if (opt.checkSplices)
      fmt::print(
          "  spliced models {}, differing from the parsed ones {}; units built {}, spliced from their statements {}; skeletons "
          "spliced from their statements {}, compound statements from their blocks' {}; parts parsed {}, reused {}; versions "
          "derived from their file's newest analysed one {}\n",
          s->spliced, s->spliceMismatches, s->unitsBuilt, s->unitsFromStatements, s->skeletonsFromStatements, s->blocksFromStatements,
          s->partsParsed, s->partsReused, s->derivedFromNewest);
    reports::Database db;
    std::string dbErr;
    if (s->repositoryId >= 0 && db.open(opt.dbPath, dbErr)) fmt::print("{}", reports::minedRepositoryText(db, s->repositoryId, opt.dbPath));
    fmt::print("  tables: oalens report --tables {}\n", opt.dbPath);
    setExitCode(s->failed > 0 || !s->incomplete.empty() ? 1 : 0);
  });
}

}  // namespace oalens::cli
