// Which changed files `mine` and `diff` analyse: a Python file matching the Python test-file
// pattern, or a C++ file matching the C++ one (analyzer/scan/scanner.h has both defaults and
// says how they were chosen). A path no frontend reads is never a test file.
#pragma once
#include <re2/re2.h>

#include <string>
#include <string_view>

#include "analyzer/core/input_guard.h"
#include "analyzer/frontend/frontends.h"

namespace oalens::analyzer {

class TestFileFilter {
 public:
  TestFileFilter(const std::string& pythonPattern, const std::string& cppPattern) : python_(pythonPattern), cpp_(cppPattern) {}
  bool ok() const { return python_.ok() && cpp_.ok(); }
  bool isTest(std::string_view path) const {
    const std::optional<Language> language = languageOfPath(path);
    if (!language) return false;
    return pathMatches(path, *language == Language::Python ? python_ : cpp_);
  }

 private:
  RE2 python_, cpp_;
};

}  // namespace oalens::analyzer
