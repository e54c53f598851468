// Which changed files `mine` and `diff` analyse: a Python file matching the Python test-file
// pattern, or a C++ file matching the C++ one (analyzer/scan/scanner.h has both defaults and
// says how they were chosen), not a C++ file in a vendored folder unless asked. A path no
// frontend reads is never a test file.
#pragma once
#include <re2/re2.h>

#include <string>
#include <string_view>

#include "analyzer/core/input_guard.h"
#include "analyzer/frontend/frontends.h"

namespace oalens::analyzer {

// Whether a relative path lies in a folder of code a project vendors (third_party, external,
// deps...): not the library under test (library_sources.h).
inline bool isVendoredPath(std::string_view relative) {
  static const RE2 vendored(
      R"((?i)(^|/)(third_party|third-party|thirdparty|3rdparty|3rd_party|external|extern|vendor|vendored|deps|_deps|build)/)");
  return RE2::PartialMatch(re2::StringPiece(relative.data(), relative.size()), vendored);
}

// The vendored folder a C++ test file lies in (`third_party/gflags/test/x.cc` -> `third_party/`),
// or "": a folder named only for vendored code at any depth (TNN's copies of googletest's and
// gflags' own tests, gtsam's 3rdparty/Eigen tests), or one that may also hold a project's own
// code (`deps/`, `external/`, `extern/`, `build/`) at the top (onemath's deps/googletest, not
// MediaPipe's framework/deps/). Python test files are not judged by it: tinygrad's own tests live
// in test/external/.
inline std::string vendoredTestFolder(std::string_view relative) {
  static const RE2 vendored(
      R"((?i)^((?:.*?/)?(?:third_party|third-party|thirdparty|3rdparty|3rd_party|vendor|vendored|_deps)/|(?:external|extern|deps|build)/))");
  std::string folder;
  RE2::PartialMatch(re2::StringPiece(relative.data(), relative.size()), vendored, &folder);
  return folder;
}

class TestFileFilter {
 public:
  TestFileFilter(const std::string& pythonPattern, const std::string& cppPattern, bool includeVendored = false)
      : python_(pythonPattern), cpp_(cppPattern), includeVendored_(includeVendored) {}
  bool ok() const { return python_.ok() && cpp_.ok(); }
  bool isTest(std::string_view path) const {
    const std::optional<Language> language = languageOfPath(path);
    if (!language) return false;
    if (*language == Language::Cpp && !includeVendored_ && !vendoredTestFolder(path).empty()) return false;
    return pathMatches(path, *language == Language::Python ? python_ : cpp_);
  }

 private:
  RE2 python_, cpp_;
  bool includeVendored_ = false;
};

}  // namespace oalens::analyzer
