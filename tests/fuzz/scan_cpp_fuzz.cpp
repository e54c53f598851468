// libFuzzer target (docs/sanitizers.md): any bytes, scanned as a C++ test file of a package,
// with the wrapper discovery, tolerance resolution and oracle classification a scan does.
// Nothing may crash, hang, leak or read out of bounds, whatever the bytes: invalid UTF-8, NUL
// bytes, broken syntax, deep nesting.
#include "analyzer/assertions/catalogue.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/scanner.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens::analyzer;
  static const Catalogue catalogue = Catalogue::builtin();
  ScanOptions options;
  options.threads = 1;
  ScanResult result = scanSources({{"pkg/tests/fuzz_test.cpp", oalens::fuzz::bytesOf(data, size)}}, catalogue, options);
  classifyOracles(result, {"pkg"}, 1);
  return 0;
}
