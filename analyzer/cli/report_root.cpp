// Looked up by walking up from the target, without libgit2: scan and lint read no repository,
// and a `.git` entry is what git itself looks for first (GIT_DIR and GIT_WORK_TREE are not read).
#include "analyzer/cli/report_root.h"

#include <fmt/format.h>

#include "reports/sarif/sarif_report.h"

namespace oalens::cli {

namespace fs = std::filesystem;

namespace {

fs::path absoluteDir(const fs::path& target) {
  std::error_code ec;
  fs::path abs = fs::absolute(target, ec).lexically_normal();
  if (!fs::is_directory(abs, ec)) abs = abs.parent_path();
  // "a/b/" normalises to "a/b/" with an empty last part: drop it so that parents walk up.
  if (!abs.empty() && abs.filename().empty() && abs != abs.root_path()) abs = abs.parent_path();
  return abs;
}

}  // namespace

ReportRoot reportRootFor(const fs::path& target) {
  std::error_code ec;
  for (fs::path dir = absoluteDir(target); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return {dir, true};
    if (dir == dir.root_path()) break;
  }
  return {absoluteDir(fs::current_path(ec)), false};
}

std::string ReportRoot::prefixFor(const fs::path& target) const {
  const std::string rel = absoluteDir(target).lexically_relative(dir).generic_string();
  if (rel.empty() || rel == ".") return "";
  return rel + "/";
}

std::optional<std::string> sarifHelpBase(const std::string& option, const std::string& configured) {
  const std::string& given = !option.empty() ? option : configured;
  if (!given.empty()) {
    std::string base = reports::helpUriBase(given);
    if (base.empty())
      fmt::print(stderr, "oalens: {} '{}' is not an absolute URI (https://host/oalens/blob/v{}/, file:///usr/share/doc/oalens/)\n",
                 option.empty() ? "[sarif] help-uri-base" : "--help-uri-base", given, OALENS_VERSION);
    if (base.empty()) return std::nullopt;
    return base;
  }
  std::error_code ec;
  const fs::path docs = fs::read_symlink("/proc/self/exe", ec).parent_path().parent_path() / "share" / "doc" / "oalens";
  if (!ec && fs::is_directory(docs / "rules", ec)) return "file://" + reports::uriOfPath(docs.lexically_normal().generic_string()) + "/";
  return std::string(reports::kDefaultHelpUriBase);
}

}  // namespace oalens::cli
