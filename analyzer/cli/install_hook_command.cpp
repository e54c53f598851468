// `oalens install-hook`: a git pre-commit hook that runs `oalens diff --staged`. The hook goes
// where git will run it (core.hooksPath, or the common git directory of a linked worktree),
// from any directory inside the work tree; an existing hook, a symbolic link included (dangling
// or not), is never written through, and is replaced only with --force.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "analyzer/cli/commands.h"
#include "miners/git/repository.h"

namespace oalens::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* kHookHeader =
    "#!/bin/sh\n# Installed by `oalens install-hook`: stops commits that loosen OA tolerances without a stated reason.\n";

// The hook's text: this binary by its full path, so the hook runs without oalens on PATH.
std::string hookText() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return std::string(kHookHeader) + "exec \"" + (ec ? std::string("oalens") : self.string()) + "\" diff --staged\n";
}

// Writes `text` as a new regular file at `target` (through a temporary file in the same
// directory and a rename, which replaces a symbolic link instead of following it).
bool writeHook(const fs::path& target, const std::string& text, std::string& err) {
  const fs::path temporary = target.parent_path() / (".oalens-pre-commit." + std::to_string(::getpid()));
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f << text;
    f.close();
    if (!f) {
      err = fmt::format("cannot write {}", temporary.string());
      return false;
    }
  }
  std::error_code ec;
  fs::permissions(temporary,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec,
                  ec);
  if (!ec) fs::rename(temporary, target, ec);
  if (ec) {
    fs::remove(temporary);
    err = fmt::format("cannot install {}: {}", target.string(), ec.message());
    return false;
  }
  return true;
}

int installHook(const std::string& where, bool force) {
  std::string err;
  auto repo = miners::Repository::discover(where, err);
  if (!repo || repo->isBare()) {
    fmt::print(stderr, "oalens: {}\n", repo ? "a bare repository has no hooks to run" : err);
    return 2;
  }
  const std::optional<std::string> hooks = repo->hooksDirectory(err);
  if (!hooks) {
    fmt::print(stderr, "oalens: {}\n", err);
    return 2;
  }
  std::error_code ec;
  fs::create_directories(*hooks, ec);
  if (ec) {
    fmt::print(stderr, "oalens: cannot create the hooks directory {}: {}\n", *hooks, ec.message());
    return 2;
  }
  const fs::path target = fs::path(*hooks) / "pre-commit";
  const fs::file_status existing = fs::symlink_status(target, ec);
  if (fs::exists(existing) && !force) {
    fmt::print(stderr, "oalens: {} exists{}; use --force to replace it\n", target.string(),
               fs::is_symlink(existing) ? " (a symbolic link)" : "");
    return 2;
  }
  if (!writeHook(target, hookText(), err)) {
    fmt::print(stderr, "oalens: {}\n", err);
    return 2;
  }
  fmt::print("installed {}\n", target.string());
  return 0;
}

}  // namespace

void addInstallHookCommand(CLI::App& app) {
  static std::string hookRepo = ".";
  static bool force = false;
  CLI::App* hook = app.add_subcommand("install-hook", "install a git pre-commit hook that runs `oalens diff --staged`");
  hook->add_option("--repo", hookRepo, "repository (a directory inside its work tree is enough)")->capture_default_str();
  hook->add_flag("--force", force, "replace an existing pre-commit hook");
  hook->callback([] { setExitCode(installHook(hookRepo, force)); });
}

}  // namespace oalens::cli
