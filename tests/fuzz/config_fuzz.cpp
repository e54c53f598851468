// libFuzzer target (docs/sanitizers.md): any bytes read as a project configuration, as
// .oalens.toml and as pyproject.toml's [tool.oalens]: the catalogue schema check must answer
// every input with entries or a schema error naming the file, entry and key, never a crash.
// The catalogue it makes then matches a small test, as a scan would.
#include "analyzer/assertions/catalogue.h"
#include "analyzer/scan/scanner.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens::analyzer;
  const std::string text = oalens::fuzz::bytesOf(data, size);
  for (const char* table : {"", "tool.oalens"}) {
    Catalogue catalogue = Catalogue::builtin();
    if (Catalogue::parseInto(catalogue, text, ".oalens.toml", table)) continue;
    ScanOptions options;
    options.threads = 1;
    scanSources({{"tests/test_x.py", "import numpy as np\ndef test_a():\n    np.testing.assert_allclose(f(), 1.0, rtol=1e-5)\n"}},
                catalogue, options);
  }
  return 0;
}
