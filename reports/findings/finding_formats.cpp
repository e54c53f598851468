// The findings formats' table (finding_formats.h).
#include "reports/findings/finding_formats.h"

#include "reports/ci/ci_formats.h"

namespace oalens::reports {

namespace {

using Findings = std::vector<analyzer::Finding>;

}  // namespace

// Writers without a header of their own (reports/ci/).
std::string reviewdogLines(const Findings& findings, const std::string& run);

const std::vector<FindingsFormat>& findingsFormats() {
  static const std::vector<FindingsFormat> formats = {
      {"github", "workflow commands that annotate a pull request",
       [](const Findings& f, const std::string&) { return githubAnnotations(f); }},
      {"junit", "JUnit XML", junitXml},
      {"gitlab", "GitLab code quality", [](const Findings& f, const std::string&) { return gitlabCodeQuality(f); }},
      {"rdjsonl", "reviewdog's diagnostics, one JSON object a line", reviewdogLines},
  };
  return formats;
}

const FindingsFormat* findingsFormat(std::string_view name) {
  for (const FindingsFormat& f : findingsFormats())
    if (f.name == name) return &f;
  return nullptr;
}

std::vector<std::string> formatChoices(std::initializer_list<std::string_view> own) {
  std::vector<std::string> out(own.begin(), own.end());
  for (const FindingsFormat& f : findingsFormats()) out.emplace_back(f.name);
  return out;
}

std::string formatHelp() {
  std::string out = "output format (";
  for (const FindingsFormat& f : findingsFormats()) {
    if (&f != &findingsFormats().front()) out += "; ";
    out.append(f.name).append(": ").append(f.help);
  }
  return out + ")";
}

}  // namespace oalens::reports
