#include "miners/walk/miner.h"

#include <toml++/toml.h>

#include <fmt/format.h>
#include <re2/re2.h>
#include <toml++/toml.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

#include "analyzer/core/input_guard.h"
#include "analyzer/core/parallel.h"
#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "analyzer/scan/scanner.h"
#include "analyzer/scan/test_files.h"
#include "miners/classify/change_classifier.h"
#include "miners/classify/reason_tagger.h"
#include "miners/gate/check_sieve.h"
#include "miners/git/repository.h"
#include "miners/state/mine_store.h"
#include "miners/walk/blob_cache.h"
#include "miners/walk/commit_evidence.h"
#include "miners/walk/derived_versions.h"
#include "miners/walk/layout_handoff.h"
#include "miners/walk/newest_versions.h"
#include "miners/walk/piece_models.h"
#include "miners/walk/run_setup.h"
#include "miners/walk/suite_wrappers.h"

namespace oalens::miners {

namespace {

// Commits analysed ahead of the writer, per worker. One commit with large test files stalls
// the writer; with 8 per worker the other worker soon ran out of commits (Keras master -j2:
// 63 s at 8, 58 s at 64, 57 s at 256). Most results are commits that touch no test file, a
// few hundred bytes each, so memory stays bounded on 50,000-commit histories.
constexpr size_t kWindowPerWorker = 64;
constexpr size_t kWriterBatch = 16;
// The layouts of the newest versions, kept for the next change of each file: a version is
// usually taken within a few dozen commits, long before 32 MB of newer ones push it out.
constexpr size_t kLayoutHandoffBytes = size_t{32} << 20;

// A version's OA assertions as mine keeps them: what pairing, the classifier and the store read.
// The rest (the callee as written, the path, how each tolerance was resolved) is
// dropped, since the analysed-version cache holds a record for as long as its test is untouched.
std::vector<AssertionVersion> oaVersionsOf(analyzer::ScanResult r, std::vector<std::string>& diagnostics) {
  for (const auto& d : r.diagnostics) diagnostics.push_back(fmt::format("{}: {}", d.path, d.message));
  std::erase_if(r.assertions, [](const analyzer::Assertion& a) { return !a.isOa; });
  for (analyzer::Assertion& a : r.assertions) {
    a.file = {}, a.apiText = {}, a.via = {}, a.oracleReason = {}, a.evidence = {};
    // Pairing reads these checks by their test; the reasons read whether a check asserted a
    // condition or is a call that asserts (short names, kept without an allocation).
    if (!madeByItsTest(a) && !assertsACondition(a) && a.form != "call") a.form = {};
    for (analyzer::Tolerance& t : a.tolerances) t.note = {};
  }
  return assertionVersions(r);
}

std::vector<AssertionVersion> oaVersions(const std::string& path, std::string bytes, const analyzer::Catalogue& catalogue,
                                         const analyzer::ScanOptions& opt, std::vector<std::string>& diagnostics) {
  return oaVersionsOf(analyzer::scanSources({{path, std::move(bytes)}}, catalogue, opt), diagnostics);
}

// What the workers share besides the blob cache: the piece models and the splice counters.
struct Splicing {
  std::unique_ptr<PieceModels> pieces;  // null: parse scoped texts
  bool check = false;
  std::atomic<size_t> spliced{0}, mismatches{0};
  std::mutex mu;
  std::vector<std::string> firstMismatches;
};

// The model of a scoped version spliced from cached parts; nullopt when it cannot be built, or
// (--check-splices) when it differs from the parsed one, and the text must be parsed.
std::optional<analyzer::FileModel> splicedModel(const std::string& path, const ScopedPair& scoped, Splicing& splicing) {
  if (!splicing.pieces || !scoped.scoped) return std::nullopt;
  std::string whyNot;
  std::optional<analyzer::FileModel> model = splicing.pieces->assemble(path, scoped, whyNot);
  if (!model) return std::nullopt;
  ++splicing.spliced;
  if (splicing.check) {
    analyzer::PythonFrontend frontend;
    const analyzer::FileModel parsed = frontend.parse(path, analyzer::pythonModuleName(path), scoped.newText);
    if (std::string difference = analyzer::modelDifference(*model, parsed); !difference.empty()) {
      ++splicing.mismatches;
      std::lock_guard lock(splicing.mu);
      if (splicing.firstMismatches.size() < 20)
        splicing.firstMismatches.push_back(fmt::format("{}: spliced model differs from the parsed one: {}", path, difference));
      return std::nullopt;
    }
  }
  return model;
}

// The OA assertions of a version (scoped, or whole with every unit kept): from a model spliced
// from cached parts when it can be built, else from parsing its text.
std::vector<AssertionVersion> splicedOaVersions(const std::string& path, ScopedPair& scoped, const analyzer::Catalogue& catalogue,
                                                const analyzer::ScanOptions& opt, Splicing& splicing,
                                                std::vector<std::string>& diagnostics) {
  std::optional<analyzer::FileModel> model = splicedModel(path, scoped, splicing);
  if (!model) return oaVersions(path, std::move(scoped.newText), catalogue, opt, diagnostics);
  return oaVersionsOf(analyzer::scanModel(std::move(*model), catalogue, opt), diagnostics);
}

// A version scanned whole goes through the same parts, so that the versions after it find its
// tests and skeleton parsed.
std::vector<AssertionVersion> wholeOaVersions(const std::string& path, std::string bytes, const analyzer::Catalogue& catalogue,
                                              const analyzer::ScanOptions& opt, Splicing& splicing, const CheckWords* checkWords,
                                              std::vector<std::string>& diagnostics) {
  if (!splicing.pieces || bytes.size() > opt.limits.maxFileBytes) return oaVersions(path, std::move(bytes), catalogue, opt, diagnostics);
  if (!checkWords) {
    ScopedPair whole = unscopedUnits(std::move(bytes));
    return splicedOaVersions(path, whole, catalogue, opt, splicing, diagnostics);  // parsed as text when not scoped
  }
  ScopedPair sieved = unscopedUnits(bytes, checkWords);
  std::vector<std::string> found;
  std::vector<AssertionVersion> versions = splicedOaVersions(path, sieved, catalogue, opt, splicing, found);
  if (found.empty() || sieved.newKept.size() == sieved.touched.size()) {
    diagnostics.insert(diagnostics.end(), found.begin(), found.end());
    return versions;
  }
  // A syntax error: tree-sitter's recovery reaches past the damaged statement, so what it makes
  // of the checks depends on the tests around them. Such a version is scanned with every test.
  ScopedPair whole = unscopedUnits(std::move(bytes));
  return splicedOaVersions(path, whole, catalogue, opt, splicing, diagnostics);
}

// What every file analysis of a run shares.
struct RunShared {
  const MineOptions& opt;
  const analyzer::Catalogue& catalogue;
  analyzer::ScanOptions scan;
  BlobCache& cache;
  Splicing& splicing;
  LayoutHandoff& layouts;
  NewestVersions& newest;
  SuiteWrappers* suite;
  const CheckWords* checkWords;  // the catalogue's; null: every touched test is scanned
};

// One changed test file of commit `seq` (`sha`, its first parent `parent`): both sides
// analysed (from the cache when they can be), paired and classified.
// Long: both sides go through the same steps (the caches, a scan scoped to the changed tests or
// versions derived from the previous commit), then pairing and classification; the fallbacks to
// a whole-file scan need the state of every earlier step.
FileResult analyzeFile(const Repository& repo, size_t seq, const std::string& sha, const std::string& parent, const FileChange& fc,
                       RunShared& run) {
  const MineOptions& opt = run.opt;
  const analyzer::Catalogue& catalogue = run.catalogue;
  const analyzer::ScanOptions& scan = run.scan;
  BlobCache& cache = run.cache;
  Splicing& splicing = run.splicing;
  LayoutHandoff& layouts = run.layouts;
  SuiteWrappers* suite = run.suite;
  FileResult f;
  f.change = fc;
  // The wrappers each side borrows from the suite's helpers in its own commit's tree. A
  // version is analysed once per set of wrappers it borrows (their digest joins its cache
  // key); a side's bytes, read for its imports, are handed on to its analysis.
  SuiteWrappers::Known oldKnown, newKnown;
  std::optional<std::string> oldBytesRead, newBytesRead;
  // A side's text, read into `into` for its analysis to take over; null when unreadable or binary.
  auto readInto = [&](const std::string& oid, std::optional<std::string>& into) -> const std::string* {
    bool binary = false;
    std::string e;
    into = repo.blob(oid, binary, e);
    if (binary) into.reset();
    return into ? &*into : nullptr;
  };
  auto isPython = [](const std::string& p) { return analyzer::languageOfPath(p) == analyzer::Language::Python; };
  if (suite && !fc.oldBlob.empty() && !parent.empty() && isPython(fc.oldPath))
    oldKnown = suite->of(repo, parent, fc.oldPath, fc.oldBlob, [&] { return readInto(fc.oldBlob, oldBytesRead); });
  if (suite && !fc.newBlob.empty() && isPython(fc.newPath))
    newKnown = suite->of(repo, sha, fc.newPath, fc.newBlob, [&] { return readInto(fc.newBlob, newBytesRead); });
  auto withWrappers = [&](const SuiteWrappers::Known& known) {
    analyzer::ScanOptions o = scan;
    o.knownWrappers = known.wrappers.get();
    return o;
  };
  const analyzer::ScanOptions oldScan = withWrappers(oldKnown), newScan = withWrappers(newKnown);
  for (const SuiteWrappers::Known* known : {&oldKnown, &newKnown})
    for (const std::string& problem : known->problems)
      if (std::find(f.diagnostics.begin(), f.diagnostics.end(), problem) == f.diagnostics.end()) f.diagnostics.push_back(problem);
  auto cacheKey = [](const std::string& path, const std::string& blob, const std::string& wrappersKey) {
    std::string key = path + '\0' + blob;
    if (!wrappersKey.empty()) key += '\0' + wrappersKey;
    return key;
  };
  // The old side first: cached, or pending for an earlier commit (then this worker scans its
  // own side meanwhile and waits only to carry the untouched tests over), or computed here.
  using Entry = std::shared_ptr<const BlobCache::Entry>;
  const std::string oldKey = cacheKey(fc.oldPath, fc.oldBlob, oldKnown.key);
  std::string oldFailure, newFailure;
  bool oldMissing = false, newMissing = false;  // the failure is an object git cannot read
  // `previous` is the old side's entry when this is the new side and it can be derived from it.
  auto readAndScan = [&](const std::string& oid, const std::string& path, const std::string& wrappersKey,
                         const analyzer::ScanOptions& sideScan, std::string& failure, bool& missing, const BlobCache::Pending& previous,
                         std::optional<std::string>* alreadyRead) -> std::shared_ptr<BlobCache::Entry> {
    bool binary = false;
    std::string e;
    // Text read beforehand serves once: a second analysis of the side reads the blob again.
    std::optional<std::string> bytes = alreadyRead ? std::exchange(*alreadyRead, std::nullopt) : std::nullopt;
    if (!bytes) bytes = repo.blob(oid, binary, e);
    if (!bytes || binary) {
      failure = bytes ? fmt::format("{}: binary blob {} skipped", path, oid.substr(0, 12)) : fmt::format("{}: {}", path, e);
      missing = !bytes;
      return nullptr;
    }
    // What the scan would skip (a NUL byte past the 8,000 bytes git sniffs for binary data, a
    // file over --max-file-size) is unreadable too, not a version whose checks were all deleted.
    if (analyzer::SourceInput refused = analyzer::refusalOf(*bytes, opt.limits); refused.error != analyzer::ReadError::None) {
      failure = fmt::format("{}: {}", path, refused.message);
      return nullptr;
    }
    auto fresh = std::make_shared<BlobCache::Entry>();
    // The words that name a check in this side's scan: the catalogue's and its borrowed wrappers'.
    std::optional<CheckWords> sideWords;
    if (run.checkWords) sideWords.emplace(*run.checkWords, sideScan.knownWrappers);
    const CheckWords* checkWords = sideWords ? &*sideWords : nullptr;
    // Deriving a version from the previous one and splicing its model read Python's blocks
    // and indentation; a C++ version is scanned whole (tree-sitter-cpp parses a test file in
    // a few milliseconds, and C++ histories are short beside Keras's).
    if (analyzer::languageOfPath(path) != analyzer::Language::Python) {
      fresh->versions = oaVersions(path, std::move(*bytes), catalogue, sideScan, fresh->diagnostics);
      return fresh;
    }
    BlobCache::Pending base = previous;
    std::string basePath = fc.oldPath, baseBlob = fc.oldBlob;
    bool fromNewest = false;
    // A renamed file is derived from its old path's version only within one module: the ids
    // of a file's own wrappers name its module (`test.test_multitensor.helper_test_shard_op`),
    // so tests carried over from another module would keep the old name, and which version
    // came first would decide the name under -j2 (tinygrad 8c0ba1da5c).
    if (base.valid() && analyzer::pythonModuleName(fc.oldPath) != analyzer::pythonModuleName(path)) base = {};
    // A version no earlier change of its file left analysed (NewestVersions says which) is
    // derived from the newest analysed version of its path, when one is still cached.
    if (!base.valid())
      if (std::optional<std::string> newest = run.newest.of(path, wrappersKey); newest && *newest != oid)
        if (Entry sibling = cache.find(cacheKey(path, *newest, wrappersKey))) {
          base = BlobCache::ready(std::move(sibling));
          basePath = path;
          baseBlob = std::move(*newest);
          fromNewest = true;
        }
    if (opt.deriveUntouchedTests && base.valid() && bytes->size() <= opt.limits.maxFileBytes) {
      // The base version's text and layout, left by the commit that scoped it as its new side,
      // or its blob read again.
      std::optional<TextLayout> oldLayout = layouts.take(basePath + '\0' + baseBlob);
      auto oldBytes = oldLayout ? std::optional<std::string>(std::move(oldLayout->text)) : repo.blob(baseBlob, binary, e);
      if (oldBytes && !binary) {
        Entry oldEntry;
        TextLayout newLayout;
        auto derived = versionsFromScopedScan(
            *oldBytes, *bytes,
            [&]() -> const std::vector<AssertionVersion>* {
              oldEntry = base.get();
              return oldEntry && oldEntry->diagnostics.empty() ? &oldEntry->versions : nullptr;
            },
            [&](ScopedPair& scoped, std::vector<std::string>& diagnostics) {
              return splicedOaVersions(path, scoped, catalogue, sideScan, splicing, diagnostics);
            },
            oldLayout ? &*oldLayout : nullptr, &newLayout, checkWords);
        if (newLayout.valid) {
          // A derived version needs its text no more; one scanned whole still parses it.
          newLayout.text = derived ? std::move(*bytes) : *bytes;
          layouts.put(path + '\0' + oid, std::move(newLayout));
        }
        if (derived) {
          fresh->versions = std::move(*derived);
          run.newest.note(path, wrappersKey, oid);
          if (fromNewest) run.newest.countDerivation();
          return fresh;
        }
      }
    }
    fresh->versions = wholeOaVersions(path, std::move(*bytes), catalogue, sideScan, splicing, checkWords, fresh->diagnostics);
    if (fresh->diagnostics.empty()) run.newest.note(path, wrappersKey, oid);
    return fresh;
  };
  auto computeOld = [&] { return readAndScan(fc.oldBlob, fc.oldPath, oldKnown.key, oldScan, oldFailure, oldMissing, {}, &oldBytesRead); };
  Entry oldEntry;
  BlobCache::Pending oldPending;
  if (!fc.oldBlob.empty()) {
    oldPending = cache.peek(oldKey, seq);
    if (!oldPending.valid()) {
      oldEntry = cache.findOrCompute(oldKey, seq, computeOld);
      if (oldEntry) oldPending = BlobCache::ready(oldEntry);
    }
  }
  Entry newEntry;
  if (!fc.newBlob.empty())
    // Derived only from an old version analysed with the same helpers.
    newEntry = cache.findOrCompute(cacheKey(fc.newPath, fc.newBlob, newKnown.key), seq, [&] {
      return readAndScan(fc.newBlob, fc.newPath, newKnown.key, newScan, newFailure, newMissing,
                         oldKnown.key == newKnown.key ? oldPending : BlobCache::Pending{}, &newBytesRead);
    });
  if (!fc.oldBlob.empty() && !oldEntry) {
    if (oldPending.valid()) oldEntry = oldPending.get();
    // A version the other worker could not read is read again here, for this commit's message.
    if (!oldEntry) oldEntry = cache.findOrCompute(oldKey, seq, computeOld);
  }
  bool bothRead = true;
  for (const auto& [oid, entry, failure, missing, into] : {std::tuple{&fc.oldBlob, &oldEntry, &oldFailure, oldMissing, &f.oldVersions},
                                                           std::tuple{&fc.newBlob, &newEntry, &newFailure, newMissing, &f.newVersions}}) {
    if (oid->empty()) continue;
    if (!*entry) {
      f.diagnostics.push_back(*failure);
      if (missing && f.unreadableObject.empty()) f.unreadableObject = *failure;
      bothRead = false;
      continue;
    }
    *into = std::shared_ptr<const FileResult::Versions>(*entry, &(*entry)->versions);
    f.diagnostics.insert(f.diagnostics.end(), (*entry)->diagnostics.begin(), (*entry)->diagnostics.end());
  }
  if (!bothRead) {
    // One unreadable side would turn every assertion into an addition or a deletion.
    f.oldVersions.reset();
    f.newVersions.reset();
  }
  const FileResult::Versions &olds = f.olds(), &news = f.news();
  f.pairs = pairAssertions(olds, news);
  for (const auto& p : f.pairs)
    f.kinds.push_back(classifyChange(p.oldIndex >= 0 ? &olds[p.oldIndex] : nullptr, p.newIndex >= 0 ? &news[p.newIndex] : nullptr));
  return f;
}

CommitResult analyzeCommit(const Repository& repo, size_t seq, const std::string& sha, const MineOptions& opt,
                           const analyzer::TestFileFilter& testFiles, const std::set<std::string>& graftPoints, RunShared& run) {
  CommitResult r;
  std::string err;
  auto info = repo.commit(sha, err);
  if (!info) {
    r.info.sha = sha;
    r.ok = false;
    r.error = err;
    return r;
  }
  r.info = std::move(*info);
  if ((opt.since && r.info.time < *opt.since) || (opt.until && r.info.time > *opt.until)) {
    r.outOfRange = true;
    return r;
  }
  r.merge = r.info.parents.size() > 1;
  // Merges bring changes made on their branches, which are mined on the branch commits; with
  // --first-parent the branch commits are not walked, so the merge's first-parent diff counts.
  if (r.merge && !opt.firstParent && !opt.diffMerges) return r;
  // A shallow clone's graft point: its parent is not here, so what it changed is unknown. It
  // is the baseline the later commits are compared with, not a commit that added every file.
  if (graftPoints.count(sha)) return r;
  auto changes = repo.changes(sha, err, [&](std::string_view path) { return testFiles.isTest(path); });
  if (!changes) {
    r.ok = false;
    r.error = err;
    return r;
  }
  r.note = repo.takeRenameNote();
  const std::string parent = r.info.parents.empty() ? std::string() : r.info.parents.front();
  std::vector<const FileChange*> tests;
  for (const FileChange& fc : *changes) {
    const bool oldIsTest = !fc.oldPath.empty() && testFiles.isTest(fc.oldPath);
    const bool newIsTest = !fc.newPath.empty() && testFiles.isTest(fc.newPath);
    if (oldIsTest || newIsTest) tests.push_back(&fc);
  }
  r.testFiles = static_cast<int>(tests.size());
  r.files.resize(tests.size());
  for (size_t i = 0; i < tests.size(); ++i) r.files[i] = analyzeFile(repo, seq, sha, parent, *tests[i], run);
  attachChangeEvidence(repo, *changes, testFiles, r);
  for (const FileResult& f : r.files)
    if (!f.unreadableObject.empty() && r.ok) {
      r.ok = false;
      r.error = f.unreadableObject;
    }
  return r;
}

}  // namespace

// Long: the run's set-up (repository, store, resume point, catalogue, walk), the workers ahead of
// the ordered writer, and the summary share the run's state; each part is one block below.
std::optional<MineSummary> mine(const MineOptions& opt, std::string& err) {
  auto repo = Repository::open(opt.repoPath, err);
  if (!repo) return std::nullopt;
  MineSummary summary;
  MineStore store;
  if (!store.open(opt.dbPath, err)) return std::nullopt;
  if (repo->isEmpty()) {
    summary.warnings.push_back(fmt::format("{}: the repository has no commits; nothing to mine", opt.repoPath));
    return summary;
  }
  if (repo->isShallow()) summary.warnings.push_back("shallow clone: history before the graft point is not mined");
  auto tip = repo->resolve(opt.rev, err);
  if (!tip) return std::nullopt;
  std::string walkErr;
  auto commits = repo->walk(*tip, opt.firstParent, walkErr);
  if (!commits) {
    err = walkErr;
    return std::nullopt;
  }
  summary.incomplete = walkErr;
  summary.walked = commits->size();
  if (!store.beginRepository(opt.repoPath, *tip, err)) return std::nullopt;
  summary.repositoryId = store.repositoryId();
  std::vector<std::pair<size_t, std::string>> todo;  // (walk position, sha)
  for (size_t i = 0; i < commits->size(); ++i) {
    if (store.isDone((*commits)[i])) ++summary.alreadyDone;
    else todo.emplace_back(i, (*commits)[i]);
  }
  std::optional<ReasonTagger> tagger = databaseReasonTagger(store, !todo.empty(), summary.warnings, err);
  if (!tagger) return std::nullopt;

  // The project's configuration as the tip holds it: its own APIs and test-file pattern apply to
  // the whole history, as they do to `scan` and `diff` of today's tree.
  std::string configuredTestFiles = opt.configuredTestFiles;
  const analyzer::Catalogue catalogue = opt.catalogue ? *opt.catalogue : tipCatalogue(*repo, *tip, configuredTestFiles, summary.warnings);
  analyzer::ScanOptions defaults;
  const std::string pythonTests = !opt.testFilePattern.empty()   ? opt.testFilePattern
                                  : !configuredTestFiles.empty() ? configuredTestFiles
                                                                 : defaults.testFilePattern;
  const analyzer::TestFileFilter testFiles(
      pythonTests, opt.cppTestFilePattern.empty() ? defaults.cppTestFilePattern : opt.cppTestFilePattern, opt.includeVendored);
  const unsigned threads = analyzer::threadCount(opt.threads, todo.size());
  const size_t window = kWindowPerWorker * threads;

  BlobCache cache(opt.blobCacheBytes);
  LayoutHandoff layouts(kLayoutHandoffBytes);
  NewestVersions newest;
  Splicing splicing;
  if (opt.spliceModels) splicing.pieces = std::make_unique<PieceModels>(opt.pieceCacheBytes, opt.spliceUnits);
  splicing.check = opt.checkSplices;
  const std::set<std::string> graftPoints = repo->shallowRoots();
  std::unique_ptr<SuiteWrappers> suite;
  // A helper's new version is spliced from the parts its earlier ones left, as a test's is.
  if (opt.suiteHelpers)
    suite = std::make_unique<SuiteWrappers>(catalogue, [&splicing](const std::string& path, const std::string& text) {
      return splicedModel(path, unscopedUnits(text), splicing);
    });
  // The writer, once it has caught up, sleeps until a run of kWriterBatch results is ready in
  // order (or a worker waits on the window, or every commit is claimed), and a worker is woken
  // only when the window moves while it waits: a wake-up for every result cost a switch onto a
  // busy core for each of Keras's 12,600 commits, most of which touch no test, and the worker
  // it displaced could hold a lock the other one then slept on.
  std::mutex mu;
  std::condition_variable resultReady, windowMoved;
  size_t nextToClaim = 0, nextToWrite = 0, waitingOnWindow = 0;
  bool writerWaiting = false;
  std::map<size_t, CommitResult> ready;
  const CheckWords catalogueWords(catalogue);
  RunShared run{opt, catalogue, {}, cache, splicing, layouts, newest, suite.get(), opt.leaveOutChecklessTests ? &catalogueWords : nullptr};
  run.scan.threads = 1;
  run.scan.allFiles = true;
  run.scan.limits = opt.limits;
  auto writerMayGo = [&] {  // under mu
    if (!ready.count(nextToWrite)) return false;
    if (waitingOnWindow > 0 || nextToClaim >= todo.size()) return true;
    for (size_t k = 1; k < kWriterBatch; ++k)
      if (!ready.count(nextToWrite + k)) return false;
    return true;
  };
  auto worker = [&] {
    std::string openErr;
    auto own = Repository::open(opt.repoPath, openErr);
    if (own) own->setRenameLimit(opt.renameLimit);
    for (;;) {
      size_t i;
      {
        std::unique_lock lock(mu);
        auto mayClaim = [&] { return nextToClaim >= todo.size() || nextToClaim < nextToWrite + window; };
        if (!mayClaim()) {
          ++waitingOnWindow;
          if (writerWaiting && writerMayGo()) resultReady.notify_one();
          windowMoved.wait(lock, mayClaim);
          --waitingOnWindow;
        }
        if (nextToClaim >= todo.size()) return;
        i = nextToClaim++;
      }
      CommitResult r;
      if (own) {
        r = analyzeCommit(*own, i, todo[i].second, opt, testFiles, graftPoints, run);
      } else {
        r.info.sha = todo[i].second;
        r.ok = false;
        r.error = openErr;
      }
      std::lock_guard lock(mu);
      ready.emplace(i, std::move(r));
      if (writerWaiting && writerMayGo()) resultReady.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);

  // A test hook: slows every commit's transaction down so a test can kill the run mid-way.
  const char* delayEnv = std::getenv("OALENS_TEST_COMMIT_DELAY_MS");
  const int delayMs = delayEnv ? std::atoi(delayEnv) : 0;
  bool fatal = false;
  if (opt.progress) opt.progress->phase("", todo.size(), "commits");
  for (size_t i = 0; i < todo.size(); ++i) {
    CommitResult r;
    {
      std::unique_lock lock(mu);
      if (!ready.count(i)) {
        writerWaiting = true;
        resultReady.wait(lock, writerMayGo);
        writerWaiting = false;
      }
      r = std::move(ready[i]);
      ready.erase(i);
      nextToWrite = i + 1;
      if (waitingOnWindow > 0) windowMoved.notify_all();
    }
    if (fatal || r.outOfRange) continue;
    const std::vector<MessageMatch> message = tagger->matches(r.info.message);
    StoredCommit stored;
    if (!store.writeCommit(todo[i].first, r, message, delayMs, stored, err)) {
      fatal = true;  // the database refuses writes (disk full, locked): stop cleanly
      continue;
    }
    ++summary.processed;
    summary.failed += !r.ok;
    summary.touchingTests += r.testFiles > 0;
    summary.oaCommits += stored.oaChanges > 0;
    summary.oaChanges += stored.oaChanges;
    if (!r.ok) summary.warnings.push_back(fmt::format("commit {}: {}", r.info.sha.substr(0, 12), r.error));
    if (!r.note.empty()) summary.warnings.push_back(fmt::format("commit {}: {}", r.info.sha.substr(0, 12), r.note));
    if (!r.ok && summary.incomplete.empty())
      summary.incomplete = fmt::format("commit {} stored as an error: {}", r.info.sha.substr(0, 12), r.error);
    if (opt.progress) opt.progress->advance();
  }
  {
    std::lock_guard lock(mu);
    nextToWrite = todo.size() + window;  // release workers waiting on the window
  }
  windowMoved.notify_all();
  for (auto& t : pool) t.join();
  if (fatal) return std::nullopt;
  if (summary.failed > 1 && summary.incomplete.rfind("commit ", 0) == 0)
    summary.incomplete += fmt::format(" (and {} more commits with errors)", summary.failed - 1);
  if (!store.recordRun(*tip, summary.walked, summary.failed, summary.incomplete, err)) return std::nullopt;
  summary.spliced = splicing.spliced;
  summary.derivedFromNewest = newest.derivations();
  if (splicing.pieces) {
    const PieceModels::Counters c = splicing.pieces->counters();
    summary.unitsBuilt = c.unitMisses;
    summary.unitsFromStatements = c.unitsFromStatements;
    summary.skeletonsFromStatements = c.skeletonsFromStatements;
    summary.blocksFromStatements = c.blocksFromStatements;
    summary.partsParsed = c.partMisses;
    summary.partsReused = c.partHits;
  }
  summary.spliceMismatches = splicing.mismatches;
  for (auto& m : splicing.firstMismatches) summary.warnings.push_back(std::move(m));
  return summary;
}

}  // namespace oalens::miners
