// Where the paths of a report are relative to: the root of the git work tree that holds the
// target (a `.git` directory or file, as for worktrees and submodules), else the current
// directory. `cd sub && oalens lint tests` then prints `sub/tests/test_ops.py:3:5`, the path an
// editor opened at the repository root and code scanning both resolve, whatever directory the
// command ran in. A target outside the repository and the current directory gets a path with
// `..` steps: still one an editor in the current directory opens.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace oalens::cli {

struct ReportRoot {
  std::filesystem::path dir;  // absolute, normalised, no trailing separator
  bool repository = false;    // dir is a git work tree's root

  // What to put before a path relative to `target` (a file's own directory when it is a
  // file): "sub/tests/", "" for the root itself, '/'-separated.
  std::string prefixFor(const std::filesystem::path& target) const;
};

// The root for `target` (a file or directory that exists, relative to the current directory).
ReportRoot reportRootFor(const std::filesystem::path& target);

// The helpUri base of a SARIF log: `option` (--help-uri-base), else `configured` ([sarif]
// help-uri-base), else the docs of the installation the binary runs from (PREFIX/share/doc/oalens),
// else where the Debian package puts them. nullopt, after saying why, when the one given is not
// an absolute URI.
std::optional<std::string> sarifHelpBase(const std::string& option, const std::string& configured);

}  // namespace oalens::cli
