#include "miners/walk/commit_evidence.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <string>

#include "miners/classify/change_evidence.h"
#include "miners/classify/respelled_value.h"

namespace oalens::miners {

namespace {

// Library files read per commit, and their size: a commit that rewrites a whole package (Keras's
// move to version 2 changed 96 files) needs no more to show that its tests follow the library.
constexpr size_t kMaxLibraryFiles = 200;
constexpr size_t kMaxLibraryBytes = size_t{2} << 20;

bool explained(const ChangeKinds& k) { return k.api || k.parameter || k.threshold; }

// A file of the library, its Python or the C, C++ and CUDA sources of its extensions (read as
// text for the definitions a commit changes, so C counts though no frontend parses it): not a
// test, and not documentation, examples, benchmarks or the build (setup.py, conftest.py).
bool isLibraryFile(const std::string& path, const analyzer::TestFileFilter& tests) {
  static const std::array<std::string_view, 9> kinds = {".py", ".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".h", ".hpp"};
  const size_t dot = path.rfind('.');
  const std::string_view suffix = dot == std::string::npos ? std::string_view{} : std::string_view(path).substr(dot);
  if (std::find(kinds.begin(), kinds.end(), suffix) == kinds.end() || tests.isTest(path)) return false;
  const std::string name = path.substr(path.rfind('/') + 1);
  if (name == "setup.py" || name == "conftest.py") return false;
  for (const char* dir : {"doc/", "docs/", "example/", "examples/", "benchmark/", "benchmarks/", "scripts/", "tutorials/"})
    if (path.rfind(dir, 0) == 0 || path.find(std::string("/") + dir) != std::string::npos) return false;
  return true;
}

// A blob's text, empty when there is none or it cannot be read (a missing object is the
// commit's error already).
std::string textOf(const Repository& repo, const std::string& oid, size_t limit) {
  if (oid.empty()) return {};
  bool binary = false;
  std::string err;
  std::optional<std::string> bytes = repo.blob(oid, binary, err);
  if (!bytes || binary || bytes->size() > limit) return {};
  return std::move(*bytes);
}

// The definitions of the library files a commit changed, and how many such files it changed.
// Also the names on the lines those changes removed and added (`edits`).
std::set<std::string> changedLibraryDefinitions(const Repository& repo, const std::vector<FileChange>& changes,
                                                const analyzer::TestFileFilter& tests, size_t& read, LibraryEdits& edits) {
  std::set<std::string> out;
  read = 0;
  for (const FileChange& fc : changes) {
    const std::string& path = fc.newPath.empty() ? fc.oldPath : fc.newPath;
    if (!isLibraryFile(path, tests) || ++read > kMaxLibraryFiles) continue;
    const std::string oldText = textOf(repo, fc.oldBlob, kMaxLibraryBytes), newText = textOf(repo, fc.newBlob, kMaxLibraryBytes);
    const std::vector<LineHunk> hunks = wholeTextHunks(oldText, newText);
    std::set<std::string> names = changedDefinitions(oldText, newText, hunks);
    out.merge(names);
    edits.add(oldText, newText, hunks);
  }
  return out;
}

// The library's top-level packages at the commit (`keras`, `theano`): the package directories of
// its tree that are neither the tests' (`tests/__init__.py`) nor documentation or examples.
std::set<std::string> libraryPackages(const Repository& repo, const std::string& sha, const analyzer::TestFileFilter& tests) {
  std::set<std::string> out;
  std::string err;
  for (const std::string& dir : repo.topLevelPackageDirs(sha, err).value_or(std::vector<std::string>{}))
    if (!isTestModule(dir) && isLibraryFile(dir + "/__init__.py", tests)) out.insert(dir);
  return out;
}

}  // namespace

void attachChangeEvidence(const Repository& repo, const std::vector<FileChange>& changes, const analyzer::TestFileFilter& tests,
                          CommitResult& r) {
  // Python test files get all the evidence; C++ ones what does not read the test's structure (the
  // library's changes, the edit made to the check), which TestFileChange reads in Python only.
  const auto python = [](const std::string& path) { return path.ends_with(".py"); };
  auto wanted = [](const FileResult& f) {
    const std::string& path = f.change.newPath;
    static constexpr std::string_view kinds[] = {".py", ".cc", ".cpp", ".cxx", ".cu", ".h", ".hpp"};
    return std::any_of(std::begin(kinds), std::end(kinds), [&](std::string_view k) { return path.ends_with(k); }) &&
           std::any_of(f.kinds.begin(), f.kinds.end(), explained);
  };
  if (std::none_of(r.files.begin(), r.files.end(), wanted)) return;
  size_t libraryFiles = 0;
  LibraryEdits libraryEdits;
  const std::set<std::string> library = changedLibraryDefinitions(repo, changes, tests, libraryFiles, libraryEdits);
  const std::set<std::string> packages = libraryPackages(repo, r.info.sha, tests);
  for (FileResult& f : r.files) {
    if (!wanted(f)) continue;
    const bool readsTest = python(f.change.newPath);
    const std::string oldText = readsTest ? textOf(repo, f.change.oldBlob, SIZE_MAX) : std::string{};
    const std::string newText = readsTest ? textOf(repo, f.change.newBlob, SIZE_MAX) : std::string{};
    TestFileChange versions(oldText, newText, packages);
    std::vector<CheckLines> checks;
    for (const AssertionVersion& o : f.olds()) checks.push_back({int(o.range.start.line), int(o.range.end.line), 0, 0});
    for (const AssertionVersion& n : f.news()) checks.push_back({0, 0, int(n.range.start.line), int(n.range.end.line)});
    versions.setChecks(checks);
    f.evidence.assign(f.pairs.size(), {});
    for (size_t p = 0; p < f.pairs.size(); ++p) {
      const Pair& pair = f.pairs[p];
      if (!explained(f.kinds[p]) || pair.oldIndex < 0 || pair.newIndex < 0) continue;
      const AssertionVersion& o = f.olds()[size_t(pair.oldIndex)];
      const AssertionVersion& n = f.news()[size_t(pair.newIndex)];
      const CheckLines at{int(o.range.start.line), int(o.range.end.line), int(n.range.start.line), int(n.range.end.line)};
      const Surroundings around = readsTest ? versions.surroundingsOf(at) : Surroundings{};
      PairEvidence& e = f.evidence[p];
      e.testReworked = around.testReworked;
      e.movedToLibraryApi = around.movedToLibraryApi;
      e.testGainedCases = around.testGainedCases;
      e.comparesMore = comparesMore(o.normalized(), n.normalized());
      e.broadLibraryChange = libraryFiles >= size_t(kBroadLibraryChange);
      e.libraryChanged = libraryFiles > 0;
      e.callsChangedLibrary = std::any_of(around.identifiers.begin(), around.identifiers.end(),
                                          [&](const std::string& name) { return library.count(name) > 0; });
      // A tolerance moved alike on many checks is no refactoring: only an edit of the call's
      // API or arguments is compared.
      if (f.kinds[p].api || f.kinds[p].parameter) {
        // Read as tokens of the statement as written: with its whitespace removed, a keyword runs
        // into the name after it (`assert numpy.allclose` reads `assertnumpy`).
        e.editSignature = editSignature(o.assertion().api, n.assertion().api, o.raw(), n.raw());
        e.followsLibraryRename = followsLibraryRename(o.raw(), n.raw(), libraryEdits);
        e.renamesAModuleAlias = readsTest && renamesAModuleAlias(o.raw(), n.raw(), versions.oldImports(), versions.newImports());
        e.renamesALocal = readsTest && renamesALocal(o.raw(), n.raw(), oldText, newText);
        e.respellsItsValues = readsTest && (onlyAddsTypeCasts(o.raw(), n.raw()) ||
                                            namesAnExpression(o.raw(), n.raw(), oldText, newText, at.oldFirst, at.newFirst));
      }
    }
  }
}

}  // namespace oalens::miners
