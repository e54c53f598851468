// `oalens study STUDYFILE --out DIR --cores N`: runs the study workflow
// (scripts/study/Snakefile, docs/study.md) with Snakemake, this binary as the oalens its jobs
// call. The Snakefile is looked for where an installation puts it (share/oalens/study next to
// bin/) and in the source tree of a build directory inside it. Snakemake replaces this
// process, so its output and exit code are the command's; without it, exit 2 with how to get it.
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

#include "analyzer/cli/commands.h"

namespace fs = std::filesystem;

namespace oalens::cli {

namespace {

std::optional<fs::path> findSnakefile(const fs::path& binary, std::string& tried) {
  const fs::path dir = binary.parent_path();
  for (const fs::path& candidate :
       {dir / ".." / "share" / "oalens" / "study" / "Snakefile", dir / ".." / "scripts" / "study" / "Snakefile"}) {
    tried += (tried.empty() ? "" : ", ") + candidate.lexically_normal().string();
    if (fs::is_regular_file(candidate)) return fs::canonical(candidate);
  }
  return std::nullopt;
}

std::optional<fs::path> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string_view rest(path);
  while (!rest.empty()) {
    const size_t colon = rest.find(':');
    const fs::path candidate = fs::path(std::string(rest.substr(0, colon))) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
  }
  return std::nullopt;
}

}  // namespace

void addStudyCommand(CLI::App& app) {
  static std::string studyFile, out, profile;
  static unsigned cores = 2;
  static std::vector<std::string> config, snakemakeArgs;
  CLI::App* cmd = app.add_subcommand("study", "run the study workflow (Snakemake) over the repositories of a study file (docs/study.md)");
  cmd->add_option("studyfile", studyFile, "TSV with the header: name, source, scan_revs, mine_rev")->required()->check(CLI::ExistingFile);
  cmd->add_option("--out", out, "directory of the clones, per-repository databases, study.db and dashboard.html")->required();
  cmd->add_option("--cores", cores, "cores Snakemake may use on this machine")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--profile", profile, "a Snakemake profile directory (scripts/study/profiles/slurm, .../kubernetes)");
  cmd->add_option("--config", config, "a workflow setting, KEY=VALUE: scan_options, mine_options, lint_options (repeatable)");
  cmd->add_option("snakemake-args", snakemakeArgs, "after --: arguments for snakemake, unchanged (--dry-run, --forceall, ...)");
  cmd->callback([] {
    const fs::path binary = fs::read_symlink("/proc/self/exe");
    std::string tried;
    const std::optional<fs::path> snakefile = findSnakefile(binary, tried);
    if (!snakefile) {
      fmt::print(stderr, "oalens: the study workflow is not where it was looked for: {}\n", tried);
      setExitCode(2);
      return;
    }
    const std::optional<fs::path> snakemake = findOnPath("snakemake");
    if (!snakemake) {
      fmt::print(stderr, "oalens: snakemake is not installed; the study runs on it (Debian: apt-get install snakemake)\n");
      setExitCode(2);
      return;
    }
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) {
      fmt::print(stderr, "oalens: {}: cannot create the output directory: {}\n", out, ec.message());
      setExitCode(2);
      return;
    }
    std::vector<std::string> args = {"snakemake",
                                     "--snakefile",
                                     snakefile->string(),
                                     "--cores",
                                     std::to_string(cores),
                                     "--directory",
                                     fs::absolute(out).string(),
                                     "--config",
                                     "study=" + fs::absolute(studyFile).string(),
                                     "oalens=" + binary.string()};
    args.insert(args.end(), config.begin(), config.end());
    if (!profile.empty()) args.insert(args.end(), {"--profile", fs::absolute(profile).string()});
    args.insert(args.end(), snakemakeArgs.begin(), snakemakeArgs.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    execv(snakemake->c_str(), argv.data());
    fmt::print(stderr, "oalens: cannot run {}: {}\n", snakemake->string(), std::strerror(errno));
    setExitCode(2);
  });
}

}  // namespace oalens::cli
