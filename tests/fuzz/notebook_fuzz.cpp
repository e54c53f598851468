// libFuzzer target (docs/sanitizers.md): any bytes as a Jupyter notebook, read into the Python of
// its code cells (analyzer/frontend/notebook.h) and linted with every rule; findings are placed
// back in the notebook by cell and line of the .ipynb text.
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
  LintOptions options;
  options.scan.threads = 1;
  options.scan.notebooks = true;
  lintScan(scanSources({{"analysis.ipynb", oalens::fuzz::bytesOf(data, size)}}, catalogue, options.scan), rules, options);
  return 0;
}
