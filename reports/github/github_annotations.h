// GitHub Actions workflow commands for findings (`--format github`): one line a finding,
// `::warning file=tests/test_a.py,line=7,col=5,endLine=7,endColumn=30,title=OA101 loose-tolerance::message`,
// which a workflow run shows as an annotation on the file's line in the pull request.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace oalens::reports {

struct Annotation {
  std::string_view level;  // "error", "warning" or "notice"
  std::string_view file;
  uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;  // 0: not given
  std::string_view title;
  std::string_view message;
};

// One workflow command line (with its newline), the values escaped as the runner expects.
std::string githubAnnotation(const Annotation& a);

}  // namespace oalens::reports
