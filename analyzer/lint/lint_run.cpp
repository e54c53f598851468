// Lints several roots into one result (lint_run.h).
#include "analyzer/lint/lint_run.h"

#include <re2/re2.h>

#include <algorithm>
#include <cstdlib>

namespace oalens::analyzer {

namespace fs = std::filesystem;

LintResult lintRoots(const std::vector<std::string>& paths, const Catalogue& catalogue, const std::vector<LintRuleFactory>& rules,
                     const LintOptions& options, const LintRootHooks& hooks) {
  LintResult result;
  for (const std::string& path : paths) {
    LintResult one = lintPath(path, catalogue, rules, options);
    const bool single = !fs::is_directory(path);
    const fs::path absolute = fs::absolute(path).lexically_normal();
    const fs::path dir = single ? absolute.parent_path() : absolute;
    const std::string prefix = hooks.prefixFor(path), name = fs::path(path).filename().string();
    for (auto& f : one.findings) {
      if (single) f.file = name;
      if (hooks.ignoredByConfig(f, dir)) {
        ++result.suppressed;
        continue;
      }
      f.file = prefix + f.file;
      result.findings.push_back(std::move(f));
    }
    for (auto& d : one.diagnostics) {
      d.path = prefix + (single ? name : d.path);
      result.diagnostics.push_back(std::move(d));
    }
    for (auto& u : one.unused) {
      u.file = prefix + (single ? name : u.file);
      result.unused.push_back(std::move(u));
    }
    result.files += one.files;
    result.suppressed += one.suppressed;
  }
  return result;
}

std::optional<std::string> parseRuleSettings(const std::vector<std::string>& settings, std::map<std::string, double>& overrides) {
  static const RE2 setting(R"(([A-Z]{2}[0-9]{3})\.([a-z_-]+)=(.+))");
  for (const std::string& s : settings) {
    std::string id, name, value;
    char* end = nullptr;
    if (!RE2::FullMatch(s, setting, &id, &name, &value) || (std::strtod(value.c_str(), &end), *end != '\0')) return s;
    overrides[id + "." + name] = std::strtod(value.c_str(), nullptr);
  }
  return std::nullopt;
}

int lintExitCode(const LintResult& result, const std::string& failOn) {
  const bool lostInput = std::any_of(result.diagnostics.begin(), result.diagnostics.end(), losesInput);
  if (failOn == "never") return lostInput ? 1 : 0;
  const Severity threshold = severityNamed(failOn).value_or(Severity::Error);
  for (const auto& f : result.findings)
    if (f.severity >= threshold) return 1;
  return lostInput ? 1 : 0;
}

}  // namespace oalens::analyzer
