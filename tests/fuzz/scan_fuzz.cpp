// libFuzzer target (docs/sanitizers.md): any bytes, scanned as a Python test file and as a C++
// one, with the wrapper discovery and oracle classification a scan does. Nothing may crash,
// hang or read out of bounds, whatever the bytes: invalid UTF-8, NUL bytes, broken syntax,
// deep nesting.
#include <cstdint>
#include <string>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/scan/scanner.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oalens::analyzer;
  static const Catalogue catalogue = Catalogue::builtin();
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  ScanOptions options;
  options.threads = 1;
  scanSources({{"pkg/tests/test_fuzz.py", bytes}}, catalogue, options);
  scanSources({{"tests/test_fuzz.cpp", bytes}}, catalogue, options);
  return 0;
}
