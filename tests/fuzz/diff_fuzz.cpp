// libFuzzer target (docs/sanitizers.md): two versions of a test file, split at the first line
// `#--- next version`, through the diff gate as `oalens diff` takes them: scoped to the tests
// the change touches, then whole, as Python and as C++.
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "miners/gate/diff_gate.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens;
  static const analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  const auto [before, after] = fuzz::twoVersions(fuzz::bytesOf(data, size));
  miners::GateContext context{catalogue, {}, {"pkg"}, {}, {}, {}};
  std::vector<std::string> diagnostics;
  for (const char* path : {"pkg/tests/test_fuzz.py", "pkg/tests/fuzz_test.cpp"})
    for (bool scoped : {true, false}) {
      miners::GateFile file;
      file.oldPath = file.newPath = path;
      file.oldBytes = before;
      file.newBytes = after;
      file.scopeToChangedTests = scoped;
      miners::checkFile(file, context, diagnostics);
    }
  return 0;
}
