// libFuzzer target (docs/sanitizers.md): two versions of a Python test file, split at the first
// line `#--- next version`, go the way `mine` takes them, and every model spliced from cached
// parts must equal the model of parsing the same text. The old version is assembled whole
// (every unit kept), the new one scoped against it; each model is then scanned. A difference
// is a wrong model that `mine` would have scanned without a word, so it stops the run. The
// checks of the two whole versions are then paired and each pair classified, as `mine` does.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "analyzer/scan/project.h"
#include "analyzer/scan/scanner.h"
#include "miners/classify/change_classifier.h"
#include "miners/gate/diff_scope.h"
#include "miners/pairing/pairing.h"
#include "miners/walk/piece_models.h"

namespace {

using namespace oalens;

const std::string kPath = "pkg/tests/test_fuzz.py";

const analyzer::Catalogue& catalogue() {
  static const analyzer::Catalogue c = analyzer::Catalogue::builtin();
  return c;
}

void expectParsedModel(miners::PieceModels& pieces, const miners::ScopedPair& pair, const char* which) {
  // A text with a NUL byte is skipped by the scan of either model (analyzer/core/input_guard.h).
  if (!pair.scoped || pair.newText.find('\0') != std::string::npos) return;
  std::string whyNot;
  std::optional<analyzer::FileModel> spliced = pieces.assemble(kPath, pair, whyNot);
  if (!spliced) return;  // mine parses such a text as it is
  analyzer::PythonFrontend frontend;
  const analyzer::FileModel parsed = frontend.parse(kPath, analyzer::pythonModuleName(kPath), pair.newText);
  if (std::string difference = analyzer::modelDifference(*spliced, parsed); !difference.empty()) {
    std::fprintf(stderr, "%s version: the spliced model differs from the parsed one: %s\n", which, difference.c_str());
    std::abort();
  }
  analyzer::scanModel(std::move(*spliced), catalogue(), analyzer::ScanOptions{});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  constexpr std::string_view kSeparator = "#--- next version\n";
  const size_t at = input.find(kSeparator);
  const std::string oldText(input.substr(0, at));
  const std::string newText(at == std::string_view::npos ? std::string_view() : input.substr(at + kSeparator.size()));
  miners::PieceModels pieces(64 << 20);
  expectParsedModel(pieces, miners::unscopedUnits(oldText), "old");
  expectParsedModel(pieces, miners::scopeToChangedTests(oldText, newText), "new");
  analyzer::ScanOptions options;
  options.threads = 1;
  analyzer::ScanResult oldScan = analyzer::scanSources({{kPath, oldText}}, catalogue(), options);
  analyzer::ScanResult newScan = analyzer::scanSources({{kPath, newText}}, catalogue(), options);
  const std::vector<miners::AssertionVersion> olds = miners::assertionVersions(oldScan), news = miners::assertionVersions(newScan);
  for (const miners::Pair& p : miners::pairAssertions(olds, news))
    miners::classifyChange(p.oldIndex >= 0 ? &olds[p.oldIndex] : nullptr, p.newIndex >= 0 ? &news[p.newIndex] : nullptr);
  return 0;
}
