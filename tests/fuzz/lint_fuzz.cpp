// libFuzzer target (docs/sanitizers.md): any bytes, linted with every rule as a Python training
// script and as a Python test file (the tolerance-hygiene rules read the test's assertions).
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/lint/lint_engine.h"
#include "analyzer/scan/scanner.h"
#include "tests/fuzz/every_lint_rule.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens::analyzer;
  static const Catalogue catalogue = Catalogue::builtin();
  const std::vector<LintRuleFactory>& rules = oalens::fuzz::everyLintRule();
  const std::string bytes = oalens::fuzz::bytesOf(data, size);
  LintOptions options;
  options.scan.threads = 1;
  options.scan.allFiles = true;
  for (const char* path : {"train.py", "pkg/tests/test_fuzz.py"})
    lintScan(scanSources({{path, bytes}}, catalogue, options.scan), rules, options);
  return 0;
}
