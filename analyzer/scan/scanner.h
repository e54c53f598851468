// The scanning core every command reuses: find files, parse them in parallel (one frontend per
// thread), index the project, discover wrappers, then find and resolve assertions in parallel.
// Output is deterministic: files in path order, assertions in source order, whatever -j is.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/frontend/parse_budget.h"
#include "analyzer/model/code_model.h"
#include "analyzer/scan/file_walker.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

class ProgressLine;

struct ScanOptions {
  unsigned threads = 0;  // 0: one per core
  InputLimits limits;
  ParseBudget budget;
  // Which files count as test files (their assertions and test cases are reported); the
  // other scanned files still feed wrapper discovery and constant resolution. RE2 syntax,
  // matched against the path relative to the root. Chosen in docs/counting.md.
  std::string testFilePattern = R"((^|/)test(_[^/]*|s)?\.py$|_tests?\.py$)";
  // C++ test files: under a test directory, or named as gtest, Catch2 and Boost.Test suites
  // name them (test_ops.cc, ops_test.cc, ops_unittest.cc, OpsTest.cpp, rocBLAS's gtest/ folder, OpenBLAS's utest/,
  // axpy_gtest.cpp and the testing_axpy.hpp its tests run, Kokkos Kernels' unit_test/Test_Blas1_dot.hpp
  // and test_common/), and the test utilities beside them whose bodies the tests run
  // (elementwise_test_util.cc, manifold_test_utils.h, math_test-inl.h, expressionTesting.h).
  std::string cppTestFilePattern =
      R"((^|/)(?i:tests?|unit_?tests?|utests?|testing|gtests?|test_\w+)/|(^|/)(?i:test)(ing)?_[^/]*$|[-_](unit|g)?tests?\.[^/.]+$|)"
      R"([-_]tests?[-_]?(utils?|utilities|helpers?|inl)\.[^/.]+$|[a-z0-9]Test(s|ing)?\.[^/.]+$)";
  // Other C++ files are parsed only when their path mentions tests (test utilities with
  // wrappers and tolerance constants): a library's own C++ sources hold no test assertions and
  // would cost most of a scan.
  std::string cppSupportPattern = "(?i)test";
  // Read the library's own C++ files that define what the tests check with (library_sources.h);
  // only for a scan of a directory (scanPath), not for mine's and diff's blobs.
  bool librarySources = true;
  // A directory holding the build's compile_commands.json: C++ test files are preprocessed as
  // the build does (analyzer/frontend/cpp/clang_macros.h). Empty: tree-sitter alone.
  std::string compileCommandsDir;
  // Which languages to scan; the study's tables are Python only (`--language python`).
  bool python = true;
  bool cpp = true;
  // Jupyter notebooks (.ipynb) read as the Python of their code cells (analyzer/frontend/
  // notebook.h): `lint` reads them, `scan` does not (a notebook holds no test suite).
  bool notebooks = false;
  // C++ files in vendored folders (third_party/, 3rdparty/, external/, deps/, ...; test_files.h)
  // are left out unless asked: a copy of googletest's or Eigen's own tests is not the suite's.
  bool includeVendored = false;
  // Files to leave out entirely (RE2, matched against the relative path), e.g. a sandbox.
  std::vector<std::string> excludePatterns;
  bool allFiles = false;  // report assertions in every file, not only test files
  // Wrappers discovered beforehand in modules that are not scanned now (the diff gate reads a
  // suite's helper modules once for both sides of a change); not owned.
  const Catalogue* knownWrappers = nullptr;
  // Count test cases as the study's figures imply: distinct test names across the project
  // (docs/counting.md). Off: every collected test function counts.
  bool studyCounting = false;
  // Where the parse of a directory's files reports its progress (a terminal's progress line); not owned.
  ProgressLine* progress = nullptr;
};

struct FileSummary {
  std::string path;
  std::string language;
  bool isTestFile = false;
  bool scanned = false;  // false when skipped (too large, NUL bytes, unreadable...)
  uint32_t assertions = 0;
  uint32_t oaAssertions = 0;
  uint32_t testCases = 0;
};

struct TestCaseRecord {
  std::string file;
  std::string name;
  uint32_t line = 0;
  uint32_t endLine = 0;
  uint32_t assertions = 0;
  uint32_t oaAssertions = 0;
  // Calls between it and the nearest OA assertion: 0 in its own body, 1 through one same-file
  // helper or project wrapper, ...; kUnreachable (-1) when none runs.
  int oaCallDistance = -1;
  bool reachesOa() const { return oaCallDistance >= 0; }
  // The study's reading of "test case with OA": the body or one helper it calls (docs/counting.md).
  bool reachesOaWithinOneCall() const { return oaCallDistance >= 0 && oaCallDistance <= 1; }
};

struct ScanResult {
  std::string root;
  std::vector<FileSummary> files;
  std::vector<Assertion> assertions;
  std::vector<TestCaseRecord> testCases;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::string> wrappers;         // ids of discovered wrapper APIs
  std::vector<std::string> libraryFiles;     // library C++ files read for their definitions (library_sources.h)
  std::vector<std::string> libraryPackages;  // the library under test, set by the oracle classifier
  Project project;                           // kept for later passes (oracle classification, explain)
  Catalogue wrapperCatalogue;

  bool studyCounting = false;

  size_t oaCount() const;
  size_t testCaseCount() const;          // under the chosen counting
  size_t testCasesWithOa() const;        // direct or through same-file helpers, under the counting
  size_t testCasesWithDirectOa() const;  // an OA assertion in the test function itself
  size_t distinctTestCaseNames() const;
  bool hasErrors() const;  // some input was not analysed (losesInput): the exit code is 1
};

ScanResult scanPath(const std::filesystem::path& root, const Catalogue& catalogue, const ScanOptions& options);

// The files scanPath reads under `root`, with their language: every Python file, the C++ test
// and test-support files, less the excluded ones (`oalens parse` reads the same).
struct SourceSelection {
  std::vector<std::pair<SourcePath, Language>> files;
  // The other C++ files (the library's own, vendored folders left out): candidates for the
  // definitions the tests check with, read only when they define one.
  std::vector<SourcePath> library;
  std::vector<Diagnostic> diagnostics;
};
SourceSelection selectSources(const std::filesystem::path& root, const ScanOptions& options);

// Scans one file whose model is built already (mine splices models from cached parts); its
// source still goes through the input checks, and through the parser when it fails them.
ScanResult scanModel(FileModel model, const Catalogue& catalogue, const ScanOptions& options);
// The same for several files scanned together (mine's cached models of a suite's helpers).
ScanResult scanModels(std::vector<FileModel> models, const Catalogue& catalogue, const ScanOptions& options);

// Scans in-memory sources (git blobs for mine and diff); `files` maps relative path -> bytes.
ScanResult scanSources(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& catalogue,
                       const ScanOptions& options);

}  // namespace oalens::analyzer
