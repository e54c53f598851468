// libFuzzer target (docs/sanitizers.md): any bytes, scanned as a Python test file and as a C++
// one, with the wrapper discovery and oracle classification a scan does, and then linted with
// every rule. Nothing may crash, hang or read out of bounds, whatever the bytes: invalid
// UTF-8, NUL bytes, broken syntax, deep nesting.
#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/lint/lint_engine.h"
#include "analyzer/scan/scanner.h"
#include "rules/lint/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens::analyzer;
  static const Catalogue catalogue = Catalogue::builtin();
  static const std::vector<LintRuleFactory> rules = [] {
    LintOptions every;
    std::vector<std::string> unknown;
    return selectRules(oalens::rules::lintRegistry(), every, unknown);
  }();
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  LintOptions options;
  options.scan.threads = 1;
  for (const char* path : {"pkg/tests/test_fuzz.py", "tests/test_fuzz.cpp"})
    lintScan(scanSources({{path, bytes}}, catalogue, options.scan), rules, options);
  return 0;
}
