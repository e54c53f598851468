#include "analyzer/scan/scanner.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <set>
#include <thread>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/oa_reach.h"
#include "analyzer/assertions/wrapper_discovery.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/core/parallel.h"
#include "analyzer/core/progress_line.h"
#include "analyzer/frontend/cpp/clang_macros.h"
#include "analyzer/frontend/frontends.h"
#include "analyzer/frontend/notebook.h"
#include "analyzer/model/test_cases.h"
#include "analyzer/scan/file_walker.h"
#include "analyzer/scan/library_sources.h"
#include "analyzer/scan/test_files.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

size_t ScanResult::oaCount() const {
  return static_cast<size_t>(std::count_if(assertions.begin(), assertions.end(), [](const Assertion& a) { return a.isOa; }));
}
namespace {
std::string_view shortName(const std::string& qualified) {
  auto dot = qualified.rfind('.');
  return dot == std::string::npos ? std::string_view(qualified) : std::string_view(qualified).substr(dot + 1);
}
}  // namespace

size_t ScanResult::testCaseCount() const { return studyCounting ? distinctTestCaseNames() : testCases.size(); }
size_t ScanResult::testCasesWithOa() const {
  if (!studyCounting)
    return static_cast<size_t>(std::count_if(testCases.begin(), testCases.end(), [](const TestCaseRecord& t) { return t.reachesOa(); }));
  std::set<std::string_view> names;
  for (const auto& t : testCases)
    if (t.reachesOaWithinOneCall()) names.insert(shortName(t.name));
  return names.size();
}
size_t ScanResult::testCasesWithDirectOa() const {
  return static_cast<size_t>(std::count_if(testCases.begin(), testCases.end(), [](const TestCaseRecord& t) { return t.oaAssertions > 0; }));
}
size_t ScanResult::distinctTestCaseNames() const {
  std::set<std::string_view> names;
  for (const auto& t : testCases) names.insert(shortName(t.name));
  return names.size();
}
bool ScanResult::hasErrors() const { return std::any_of(diagnostics.begin(), diagnostics.end(), losesInput); }

namespace {

struct Input {
  std::string relative;
  Language language = Language::Python;
  std::string bytes;  // for in-memory sources
  std::filesystem::path absolute;
  bool inMemory = false;
  std::optional<FileModel> model;  // built already (from cached parts): used when its source passes the input checks
};

// Whether a built model's source goes through the input checks unremarked.
bool passesInputChecks(const std::string& text, const InputLimits& limits) {
  const SourceInput check = inspectSourceBytes(text, limits);
  return check.error == ReadError::None && !check.firstInvalidUtf8;
}

ScanResult scanInputs(std::vector<Input> inputs, std::vector<Diagnostic> walkDiagnostics, std::string root, const Catalogue& catalogue,
                      const ScanOptions& opt, const std::vector<SourcePath>& library = {}) {
  ScanResult result;
  result.root = std::move(root);
  result.studyCounting = opt.studyCounting;
  result.diagnostics = std::move(walkDiagnostics);
  const size_t inputCount = inputs.size();
  const unsigned threads = threadCount(opt.threads, std::max<size_t>(inputCount, 1));

  // Phase 1: read and parse, in parallel.
  std::vector<FileModel> models(inputCount);
  std::vector<std::string> skipped(inputCount);
  std::vector<ReadError> readErrors(inputCount, ReadError::None);
  std::vector<std::unique_ptr<Frontends>> frontends(threads);
  auto parseInput = [&](size_t i, unsigned w) {
    Input& in = inputs[i];
    if (in.model && passesInputChecks(*in.model->source, opt.limits)) {
      models[i] = std::move(*in.model);
      if (models[i].language == Language::Python) markTestCases(models[i]);
      return;
    }
    if (in.model) in.bytes = *in.model->source;  // scanned as text, for the diagnostics a read gives
    SourceInput src = in.inMemory ? checkSourceBytes(std::move(in.bytes), opt.limits) : readSourceFile(in.absolute, opt.limits);
    if (src.error != ReadError::None) {
      skipped[i] = src.message;
      readErrors[i] = src.error;
      models[i].path = in.relative;
      return;
    }
    if (!frontends[w]) frontends[w] = std::make_unique<Frontends>();
    std::optional<uint64_t> badUtf8 = src.firstInvalidUtf8;
    std::shared_ptr<NotebookCode> notebook;
    if (isNotebookPath(in.relative)) {
      std::string err;
      auto code = notebookCode(src.text, err);
      if (!code) {
        skipped[i] = err;
        readErrors[i] = ReadError::NotANotebook;
        models[i].path = in.relative;
        return;
      }
      src.text = std::move(code->python);
      notebook = std::make_shared<NotebookCode>(std::move(*code));
    }
    models[i] = frontends[w]->parse(in.language, in.relative, std::move(src.text), opt.budget);
    models[i].notebook = std::move(notebook);
    if (badUtf8) {
      models[i].diagnostics.insert(models[i].diagnostics.begin(),
                                   {in.relative, 0, 0, Severity::Warning, "invalid-utf8",
                                    "invalid UTF-8 at byte " + std::to_string(*badUtf8) + "; scanned with the bad bytes kept as they are"});
    }
    // The C++ frontend marks test cases itself: TEST(...) and TEST_CASE(...) say what they are.
    if (in.language == Language::Python) markTestCases(models[i]);
  };
  if (opt.progress) opt.progress->phase("parsing", inputCount, "files");
  parallelFor(inputCount, threads, [&](size_t i, unsigned w) {
    parseInput(i, w);
    if (opt.progress) opt.progress->advance();
  });

  // Phase 1b: the library's files that define what the C++ tests check with (library_sources.h),
  // parsed too; read for their definitions only, never reported.
  if (!library.empty()) {
    const RE2 cppTestFiles(opt.cppTestFilePattern);
    std::vector<const FileModel*> tests, parsed;
    for (size_t i = 0; i < inputCount; ++i) {
      if (!models[i].source) continue;
      parsed.push_back(&models[i]);
      if (inputs[i].language == Language::Cpp && pathMatches(inputs[i].relative, cppTestFiles)) tests.push_back(&models[i]);
    }
    // The definitions of what the checks call, and of the constants they are handed that no test
    // defines (`EPSILON` of a library header).
    const CheckedNames names = namesTestsCheckWith(tests, parsed, catalogue);
    for (size_t chosen : filesDefining(library, names.functions, opt.limits, threads, names.constants, names.types))
      inputs.push_back({library[chosen].relative, Language::Cpp, {}, library[chosen].absolute, false});
    for (size_t k = inputCount; k < inputs.size(); ++k) result.libraryFiles.push_back(inputs[k].relative);
    const size_t extra = inputs.size() - inputCount;
    if (extra > 0) {
      models.resize(inputs.size());
      skipped.resize(inputs.size());
      readErrors.resize(inputs.size(), ReadError::None);
      // More library files than test files may take more workers than the first phase made
      // frontends for (one test file, two headers: worker 1 had none).
      const unsigned libraryThreads = threadCount(opt.threads, extra);
      if (frontends.size() < libraryThreads) frontends.resize(libraryThreads);
      parallelFor(extra, libraryThreads, [&](size_t k, unsigned w) { parseInput(inputCount + k, w); });
    }
  }
  const size_t n = inputs.size();

  // mine and diff scan every blob with allFiles: no pattern to compile on their hot path.
  std::unique_ptr<RE2> testFiles = opt.allFiles ? nullptr : std::make_unique<RE2>(opt.testFilePattern);
  std::unique_ptr<RE2> cppTestFiles = opt.allFiles ? nullptr : std::make_unique<RE2>(opt.cppTestFilePattern);
  std::vector<bool> isTest(n);
  for (size_t i = 0; i < n; ++i) {
    const bool cpp = inputs[i].language == Language::Cpp;
    if (i >= inputCount) {  // a library file read for its definitions: no record, no diagnostic
      isTest[i] = false;
      continue;
    }
    isTest[i] = opt.allFiles || pathMatches(inputs[i].relative, cpp ? *cppTestFiles : *testFiles);
    FileSummary fs;
    fs.path = inputs[i].relative;
    fs.language = std::string(languageName(inputs[i].language));
    fs.isTestFile = isTest[i];
    fs.scanned = skipped[i].empty() && models[i].source != nullptr;
    if (!skipped[i].empty()) {
      const ReadError e = readErrors[i];
      const bool isError = e != ReadError::TooLarge && e != ReadError::HasNul && e != ReadError::NotANotebook;
      result.diagnostics.push_back({inputs[i].relative, 0, 0, isError ? Severity::Error : Severity::Warning,
                                    e == ReadError::TooLarge       ? "input-too-large"
                                    : e == ReadError::HasNul       ? "input-binary"
                                    : e == ReadError::NotANotebook ? "broken-notebook"
                                                                   : "input-unreadable",
                                    skipped[i]});
    }
    for (auto& d : models[i].diagnostics) result.diagnostics.push_back(d);
    result.files.push_back(std::move(fs));
  }
  // The project keeps only parsed files; positions map back through the path.
  std::vector<size_t> projectIndexOf(n, SIZE_MAX);
  for (size_t i = 0; i < n; ++i) {
    if (!models[i].source) continue;
    projectIndexOf[i] = result.project.files.size();
    if (i >= inputCount) result.project.libraryFiles.push_back(result.project.files.size());
    result.project.files.push_back(std::move(models[i]));
  }
  result.project.buildIndex();

  // Phase 2: project-wide wrapper discovery.
  ToleranceResolver resolver(&result.project);
  const ClassHierarchy classes(result.project);
  result.wrapperCatalogue = discoverWrappers(result.project, catalogue, resolver, classes, threads, opt.knownWrappers);
  for (const auto& w : result.wrapperCatalogue.apis())
    if (w.discovered) result.wrappers.push_back(w.id);  // not a catalogued API a module re-exports

  // Phase 3: assertions per file, in parallel.
  ApiMatcher matcher(catalogue, result.wrapperCatalogue, &classes);
  AssertionFinder finder(matcher, resolver);
  std::vector<std::vector<Assertion>> perFile(n);
  std::vector<std::vector<int>> oaDistances(n);
  parallelFor(n, threads, [&](size_t i, unsigned) {
    if (projectIndexOf[i] == SIZE_MAX || !isTest[i]) return;
    perFile[i] = finder.find(result.project.files[projectIndexOf[i]]);
    oaDistances[i] = oaCallDistances(result.project.files[projectIndexOf[i]], perFile[i]);
    // The finder walks the statements in order, so the records are nearly always in order
    // already; a stable sort would still move each record log n times.
    const auto byPosition = [](const Assertion& a, const Assertion& b) {
      return std::tie(a.range.start.line, a.range.start.col) < std::tie(b.range.start.line, b.range.start.col);
    };
    if (!std::is_sorted(perFile[i].begin(), perFile[i].end(), byPosition))
      std::stable_sort(perFile[i].begin(), perFile[i].end(), byPosition);
  });

  size_t found = 0;
  for (const auto& assertions : perFile) found += assertions.size();
  result.assertions.reserve(found);

  for (size_t i = 0; i < n; ++i) {
    if (projectIndexOf[i] == SIZE_MAX || !isTest[i]) continue;
    FileSummary& fs = result.files[i];
    const FileModel& m = result.project.files[projectIndexOf[i]];
    std::map<std::string, size_t> caseIndex;
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& fn = m.functions[f];
      if (!fn.isTestCase) continue;
      caseIndex[fn.qualifiedName] = result.testCases.size();
      result.testCases.push_back({m.path, fn.qualifiedName, fn.range.start.line, fn.range.end.line, 0, 0, oaDistances[i][f]});
      ++fs.testCases;
    }
    for (Assertion& a : perFile[i]) {
      ++fs.assertions;
      if (a.isOa) ++fs.oaAssertions;
      if (auto it = caseIndex.find(a.testCase); !a.testCase.empty() && it != caseIndex.end()) {
        ++result.testCases[it->second].assertions;
        if (a.isOa) ++result.testCases[it->second].oaAssertions;
      }
      result.assertions.push_back(std::move(a));
    }
  }
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.path, a.line, a.col) < std::tie(b.path, b.line, b.col);
  });
  return result;
}

// The path of the made-up header with the build's macros: read by the analysis, not reported.
constexpr std::string_view kSyntheticPrefix = "<compile_commands.json>/";

// With a compilation database: the macros the build defines outside the tree become one more
// (unreported) input that wrapper discovery reads, and the lines the build skips are noted.
void addWhatTheBuildSees(const std::filesystem::path& root, const ScanOptions& options, std::vector<Input>& inputs,
                         std::vector<Diagnostic>& diagnostics) {
  const RE2 cppTests(options.cppTestFilePattern);
  std::vector<std::string> tests;
  for (const Input& in : inputs)
    if (in.language == Language::Cpp && pathMatches(in.relative, cppTests)) tests.push_back(in.relative);
  std::string err;
  ClangPreprocessing pp = preprocessTestFiles(options.compileCommandsDir, root, tests, err);
  const std::string database = (std::filesystem::path(options.compileCommandsDir) / "compile_commands.json").string();
  if (!err.empty()) diagnostics.push_back({database, 0, 0, Severity::Error, "compile-commands", err});
  // A diagnostic about the pass as a whole belongs to the database; one about a file names it.
  for (Diagnostic d : pp.diagnostics) {
    if (d.path.empty()) d.path = database;
    diagnostics.push_back(std::move(d));
  }
  // Noted for test files only (a library header's branches are its own business), once per
  // range however many translation units include the file.
  const std::set<std::string> testSet(tests.begin(), tests.end());
  for (const auto& [file, ranges] : pp.skippedLines) {
    if (!testSet.count(file)) continue;
    const std::set<std::pair<uint32_t, uint32_t>> distinct(ranges.begin(), ranges.end());
    for (const auto& [first, last] : distinct)
      diagnostics.push_back({file, first, 1, Severity::Note, "not-compiled",
                             fmt::format("lines {}-{} are in a preprocessor branch this build does not compile", first, last)});
  }
  if (pp.macros.empty()) return;
  Input macros;
  macros.relative = std::string(kSyntheticPrefix) + "macros.h";
  macros.language = Language::Cpp;
  macros.bytes = externalMacroHeader(pp.macros);
  macros.inMemory = true;
  inputs.push_back(std::move(macros));
}

}  // namespace

SourceSelection selectSources(const std::filesystem::path& root, const ScanOptions& options) {
  std::vector<std::string> extensions = sourceExtensions();
  if (options.notebooks) extensions.push_back(".ipynb");
  WalkResult walk = walkSourceFiles(root, extensions);
  std::vector<std::unique_ptr<RE2>> excludes;
  for (const auto& p : options.excludePatterns) excludes.push_back(std::make_unique<RE2>(p));
  const RE2 cppTests(options.cppTestFilePattern), cppSupport(options.cppSupportPattern);
  SourceSelection out;
  out.diagnostics = std::move(walk.diagnostics);
  size_t vendoredFiles = 0;
  std::string firstVendored;
  for (auto& f : walk.files) {
    const std::optional<Language> language =
        options.notebooks && isNotebookPath(f.relative) ? Language::Python : languageOfPath(f.relative);
    if (!language || (*language == Language::Python ? !options.python : !options.cpp)) continue;
    bool excluded = false;
    for (const auto& re : excludes) excluded |= pathMatches(f.relative, *re);
    if (excluded) continue;
    // A root that is one file is scanned whatever its path says.
    const bool named = f.relative == f.absolute.filename().string() && std::filesystem::path(root) == f.absolute;
    if (std::string folder = *language == Language::Cpp && !named && !options.includeVendored ? vendoredTestFolder(f.relative) : "";
        !folder.empty()) {
      if (vendoredFiles++ == 0) firstVendored = std::move(folder);
      continue;
    }
    if (*language == Language::Cpp && !named && !pathMatches(f.relative, cppTests) && !pathMatches(f.relative, cppSupport)) {
      if (options.librarySources && !isVendoredPath(f.relative)) out.library.push_back(std::move(f));
      continue;
    }
    out.files.push_back({std::move(f), *language});
  }
  if (vendoredFiles > 0)
    out.diagnostics.push_back(
        {firstVendored, 0, 0, Severity::Note, "vendored",
         fmt::format("{} C++ file{} in vendored folders (this one, third_party/, 3rdparty/, external/, deps/, ...) left out; "
                     "--include-vendored reads them",
                     vendoredFiles, vendoredFiles == 1 ? "" : "s")});
  return out;
}

ScanResult scanPath(const std::filesystem::path& root, const Catalogue& catalogue, const ScanOptions& options) {
  SourceSelection selection = selectSources(root, options);
  std::vector<Input> inputs;
  inputs.reserve(selection.files.size());
  for (auto& [f, language] : selection.files) inputs.push_back({f.relative, language, {}, f.absolute, false});
  std::vector<Diagnostic> walkDiagnostics = std::move(selection.diagnostics);
  if (!options.compileCommandsDir.empty() && options.cpp) addWhatTheBuildSees(root, options, inputs, walkDiagnostics);
  ScanResult result = scanInputs(std::move(inputs), std::move(walkDiagnostics), root.string(), catalogue, options, selection.library);
  std::erase_if(result.files, [](const FileSummary& f) { return f.path.rfind(kSyntheticPrefix, 0) == 0; });
  return result;
}

ScanResult scanModel(FileModel model, const Catalogue& catalogue, const ScanOptions& options) {
  std::vector<FileModel> models;
  models.push_back(std::move(model));
  return scanModels(std::move(models), catalogue, options);
}

ScanResult scanModels(std::vector<FileModel> models, const Catalogue& catalogue, const ScanOptions& options) {
  std::vector<Input> inputs(models.size());
  for (size_t i = 0; i < models.size(); ++i) {
    inputs[i].relative = models[i].path;
    inputs[i].language = models[i].language;
    inputs[i].inMemory = true;
    inputs[i].model = std::move(models[i]);
  }
  return scanInputs(std::move(inputs), {}, "", catalogue, options);
}

ScanResult scanSources(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& catalogue,
                       const ScanOptions& options) {
  std::vector<Input> inputs;
  for (const auto& [path, bytes] : files) inputs.push_back({path, languageOfPath(path).value_or(Language::Python), bytes, {}, true});
  return scanInputs(std::move(inputs), {}, "", catalogue, options);
}

}  // namespace oalens::analyzer
