#include "analyzer/assertions/wrapper_discovery.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/core/parallel.h"
#include "analyzer/core/words.h"
#include "analyzer/frontend/frontends.h"

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/approx_equality.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/bound_predicates.h"
#include "analyzer/assertions/check_objects.h"
#include "analyzer/assertions/comparator_classes.h"
#include "analyzer/assertions/condition_macros.h"
#include "analyzer/assertions/count_dispatch.h"
#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/declared_checks.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/dtype_rebinding.h"
#include "analyzer/assertions/error_bound_wrapper.h"
#include "analyzer/assertions/file_scoped.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/lent_names.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"
#include "analyzer/assertions/share_within.h"
#include "analyzer/assertions/ulp_neighbours.h"
#include "analyzer/assertions/wrapper_body.h"
#include "analyzer/assertions/wrapper_overloads.h"
#include "analyzer/assertions/wrapper_spec.h"

namespace oalens::analyzer {

namespace {

// Transitive wrappers deeper than this are not seen in real suites: ncnn's layer tests are the
// deepest seen, six (`NearlyEqual` in `CompareMat` in `test_layer_cpu` in `test_layer` in
// `test_layer_opt` in `test_layer` by name in each test); a round after the last finds nothing new.
constexpr int kMaxRounds = 8;

}  // namespace

// Whether function f's own statements or decorators name one of `names`.
static bool namesAnyOf(const FileModel& m, FunctionId f, const RE2& names) {
  const Function& F = m.functions[f];
  for (ExprId d : F.decorators)
    if (RE2::PartialMatch(m.expr(d).text, names)) return true;
  for (StmtId s = F.firstStmt; s < F.endStmt && s < m.stmts.size(); ++s)
    if (m.stmts[s].function == f && RE2::PartialMatch(m.stmts[s].text, names)) return true;
  return false;
}

// Whether an import of the file names one of `names`, whatever local name it binds.
static bool importsAnyOf(const FileModel& m, const RE2& names) {
  return std::ranges::any_of(m.imports, [&](const Import& i) {
    return RE2::PartialMatch(i.name, names) || RE2::PartialMatch(i.module, names) || RE2::PartialMatch(i.alias, names);
  });
}

// The name an entry is called by, without its module or class (`testing.assert_close` ->
// `assert_close`, `fl::allClose` -> `allClose`, a lambda's `floatApprox@path` -> `floatApprox`).
static std::string lastNameOf(std::string_view id) {
  id = id.substr(0, std::min(id.find('@'), id.size()));
  const size_t cut = id.find_last_of(".:");
  return std::string(cut == std::string_view::npos ? id : id.substr(cut + 1));
}

// Whether a catalogue entry reads every definition of the C++ function's name (`overrides_definitions`).
static bool catalogueOverridesName(const FileModel& m, const Function& f, const Catalogue& catalogue) {
  if (m.language != Language::Cpp) return false;
  const ApiSpec* entry = catalogue.byQualifiedName(f.qualifiedName, Language::Cpp);
  return entry && entry->overridesDefinitions;
}

// A header's definition of such a name, which every includer may call. A source file's own
// definition of the name (LiteRT's `bool ArrayFloatNear(result, expected, size, tol)` in
// lstm_eval_test.cc) is what that file calls and nobody else: it is kept, scoped to its file.
static bool overriddenByCatalogue(const FileModel& m, const Function& f, const Catalogue& catalogue) {
  return isCppHeaderPath(m.path) && catalogueOverridesName(m, f, catalogue);
}

// Definitions of a name overloaded across files (file_scoped.h) that check nothing, once another
// definition of the name is a wrapper: ViennaCL's exact `check_for_equality(a, b)` for integer
// matrices, whose calls would otherwise reach the two-parameter one of another file that checks
// within EPS. An id a wrapper holds already is left to it.
static size_t addCrossFileShadows(const Project& project, const std::unordered_set<std::string_view>& acrossFiles,
                                  const std::vector<std::vector<std::string>>& idOf, const Catalogue& catalogue, Catalogue& wrappers) {
  if (acrossFiles.empty()) return 0;
  std::unordered_set<std::string_view> wrapped;
  for (size_t fi = 0; fi < project.files.size(); ++fi)
    for (FunctionId f = 0; f < idOf[fi].size(); ++f)
      if (!idOf[fi][f].empty() && acrossFiles.count(project.files[fi].functions[f].qualifiedName))
        wrapped.insert(project.files[fi].functions[f].qualifiedName);
  size_t added = 0;
  for (size_t fi = 0; fi < project.files.size(); ++fi) {
    const FileModel& m = project.files[fi];
    for (FunctionId f = 0; f < idOf[fi].size(); ++f) {
      const Function& fn = m.functions[f];
      if (!idOf[fi][f].empty() || !mayOverloadAcrossFiles(fn) || !wrapped.count(fn.qualifiedName) ||
          overriddenByCatalogue(m, fn, catalogue))
        continue;
      ApiSpec shadow = overloadThatChecksNothing(m, fn);
      if (wrappers.byId(shadow.id)) continue;
      wrappers.add(std::move(shadow));
      ++added;
    }
  }
  return added;
}

// The headers, besides a discovered C++ entry's own, that define a function of its qualified name
// which is no wrapper: a file including one of them calls that definition (ApiSpec::shadowedIn).
static void noteShadowingHeaders(const Project& project, const std::vector<std::vector<std::string>>& idOf, Catalogue& wrappers) {
  std::unordered_map<std::string_view, std::vector<std::string_view>> plainIn;  // qualified name -> headers
  for (size_t fi = 0; fi < project.files.size(); ++fi) {
    const FileModel& m = project.files[fi];
    if (m.language != Language::Cpp || !isCppHeaderPath(m.path)) continue;
    for (FunctionId f = 0; f < m.functions.size(); ++f)
      if (idOf[fi][f].empty() && mayOverloadAcrossFiles(m.functions[f])) plainIn[m.functions[f].qualifiedName].push_back(m.path);
  }
  if (plainIn.empty()) return;
  std::vector<ApiSpec> updated;
  for (const ApiSpec& spec : wrappers.apis()) {
    // An entry defined in a source file is reached through a declaration in a header: its includes say nothing.
    if (!spec.discovered || spec.language != Language::Cpp || spec.checksNothing || !isCppHeaderPath(spec.definedIn) || spec.names.empty())
      continue;
    const auto it = plainIn.find(spec.names.front());
    if (it == plainIn.end()) continue;
    ApiSpec with = spec;
    for (std::string_view path : it->second)
      if (path != spec.definedIn && std::ranges::find(with.shadowedIn, path) == with.shadowedIn.end()) with.shadowedIn.emplace_back(path);
    if (!with.shadowedIn.empty()) updated.push_back(std::move(with));
  }
  for (ApiSpec& spec : updated) wrappers.add(std::move(spec));
}

Catalogue discoverWrappers(const Project& project, const Catalogue& catalogue, const ToleranceResolver& resolver,
                           const ClassHierarchy& classes, unsigned threads, const Catalogue* knownWrappers) {
  const std::unordered_set<std::string_view> severalSources = definedInSeveralSources(project);
  // A function each source defines for itself is told apart by its file already (file_scoped.h).
  const std::unordered_set<std::string_view> overloaded = overloadedAcrossFiles(project);
  std::unordered_set<std::string_view> acrossFiles = overloaded;
  for (std::string_view name : severalSources) acrossFiles.erase(name);
  // Overloads across files (different parameter counts) are told apart by their arguments and
  // what the calling file includes already (chooseOverload).
  std::unordered_set<std::string_view> severalHeaders = definedInSeveralHeaders(project);
  for (std::string_view name : overloaded) severalHeaders.erase(name);
  Catalogue wrappers = knownWrappers ? *knownWrappers : Catalogue{};
  addComparatorClasses(project, wrappers);
  addApproxEqualityClasses(project, wrappers);
  std::unordered_map<std::string_view, std::vector<DeclaredIn>> declaredByName;
  for (const FileModel& file : project.files)
    for (const FileModel::DeclaredDefaults& d : file.declaredDefaults) {
      const std::string_view q = d.qualifiedName;
      declaredByName[q.substr(q.rfind('.') == std::string_view::npos ? 0 : q.rfind('.') + 1)].emplace_back(&file, &d);
    }
  const size_t n = project.files.size();
  std::vector<std::vector<bool>> known(n);
  for (size_t fi = 0; fi < n; ++fi) known[fi].assign(project.files[fi].functions.size(), false);
  // After the first round, a file is read again only when its text names an entry the round
  // before added or changed: the matcher finds entries by name, so a file naming none of them
  // finds what it found before (dlib: five rounds over every function were a tenth of a scan).
  // Functions of several files may give entries of one id (`ynn::TestImpl` in each of XNNPACK's
  // subgraph tests): the last one read wins, so each of them is read in every round, as before.
  std::unique_ptr<RE2> namesChanged;
  std::vector<std::vector<std::string>> idOf(n);
  for (size_t fi = 0; fi < n; ++fi) idOf[fi].resize(project.files[fi].functions.size());
  std::unordered_set<std::string> contested;
  std::vector<bool> holdsContested(n, false);
  for (int round = 0; round < kMaxRounds; ++round) {
    ApiMatcher matcher(catalogue, wrappers, &classes);
    AssertionFinder finder(matcher, resolver);
    // Files are independent within a round; results merge in file order, so the catalogue
    // (and every report built on it) is the same whatever the thread count.
    std::vector<std::vector<ApiSpec>> found(n);
    parallelFor(n, threadCount(threads, n), [&](size_t fi, unsigned) {
      const FileModel& m = project.files[fi];
      if (namesChanged && !holdsContested[fi] && (!m.source || !RE2::PartialMatch(*m.source, *namesChanged))) return;
      const auto overloads = cppOverloads(m);
      // Each function by its own text, unless the file imports a changed name under another
      // (`from m import close as near`) or has overloads, which are decided together.
      const bool everyFunction = !namesChanged || !overloads.empty() || importsAnyOf(m, *namesChanged);
      std::vector<bool> isWrapper(m.functions.size(), false);
      const bool truthOperators = definesTruthOperator(m);
      for (FunctionId f = 0; f < m.functions.size(); ++f) {
        if (m.functions[f].isTestCase) continue;
        // A helper answering with a checking object is read again when its class's check is.
        if (!everyFunction && !contested.count(idOf[fi][f]) && !namesAnyOf(m, f, *namesChanged)) {
          const FunctionId truth = truthOperators ? checkObjectOperator(m, f) : kNone;
          if (truth == kNone || !namesAnyOf(m, truth, *namesChanged)) continue;
        }
        auto spec = wrapperSpec(m, f, matcher, finder, resolver);
        if (!spec) spec = conditionMacroSpec(m, f, finder);
        if (!spec) spec = predicateMacroSpec(m, f, finder);
        if (!spec) spec = operatorMacroSpec(m, f, finder);
        if (!spec) spec = approxPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = approxFactorySpec(m, f, matcher, finder, resolver);
        if (!spec) spec = shareWithinSpec(m, f, finder, resolver);
        if (!spec) spec = closenessPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = intervalPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = flagPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = boundPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = ulpNeighbourSpec(m, f);
        if (!spec) spec = closenessAssertionSpec(m, f, matcher, resolver);
        if (!spec) spec = declaredClosenessSpec(m, f, resolver);
        if (!spec && truthOperators) spec = checkObjectSpec(m, f, matcher, resolver);
        if (!spec)
          for (ApiSpec& picked : countDispatchSpecs(m, f, wrappers))
            if (const ApiSpec* before = wrappers.byId(picked.id); !before || before->digest() != picked.digest())
              found[fi].push_back(std::move(picked));
        if (spec && (overloads.count(m.functions[f].qualifiedName) || acrossFiles.count(m.functions[f].qualifiedName))) {
          signOverload(m, m.functions[f], *spec);
          if (const auto d = declaredByName.find(m.functions[f].name); d != declaredByName.end())
            takeDeclaredDefaults(d->second, m.functions[f], resolver, *spec);
          isWrapper[f] = true;
        } else if (spec && m.language == Language::Cpp) {
          if (const auto d = declaredByName.find(m.functions[f].name); d != declaredByName.end())
            takeDeclaredToleranceDefaults(d->second, m.functions[f], resolver, *spec);
        }
        if (spec && !spec->local && !isCppHeaderPath(m.path) &&
            (severalSources.count(m.functions[f].qualifiedName) || catalogueOverridesName(m, m.functions[f], catalogue)))
          scopeToFile(m, *spec);
        if (spec && !spec->local && isCppHeaderPath(m.path) && severalHeaders.count(m.functions[f].qualifiedName)) {
          scopeToFile(m, *spec);
          spec->includable = true;
        }
        // A wrapper found in an earlier round is read again: what it calls may have become a
        // wrapper since (JaxTestCase._CheckAgainstNumpy calls `self.assertAllClose`, which
        // matched TensorFlow's entry by method name until the suite's own was found).
        if (!spec) continue;
        // The catalogue's entry wins for a library's own definition of a catalogued API
        // (Theano's unittest_tools.assert_allclose): its defaults are the documented ones.
        // So does an entry that overrides every definition of its name for each overload a
        // header defines (TFLite's `ArrayFloatNear` matcher lists, whose definitions no rule
        // reads as checks).
        if (catalogue.byQualifiedName(spec->id, spec->language) || overriddenByCatalogue(m, m.functions[f], catalogue)) continue;
        idOf[fi][f] = spec->id;
        if (known[fi][f])
          if (const ApiSpec* before = wrappers.byId(spec->id); before && before->digest() == spec->digest()) continue;
        known[fi][f] = true;
        found[fi].push_back(std::move(*spec));
      }
      for (const auto& [name, siblings] : overloads) {
        if (std::ranges::none_of(siblings, [&](FunctionId g) { return isWrapper[g]; })) continue;
        for (FunctionId g : siblings) {
          if (isWrapper[g] || overriddenByCatalogue(m, m.functions[g], catalogue)) continue;
          ApiSpec shadow = overloadThatChecksNothing(m, m.functions[g]);
          // Overloads told apart only by `enable_if` (rocBLAS's complex trsm_err_res_check calling
          // the real one on std::abs of its arguments) sign alike: the checking one's entry stays.
          if (std::ranges::any_of(siblings, [&](FunctionId h) { return isWrapper[h] && idOf[fi][h] == shadow.id; })) continue;
          if (const ApiSpec* before = wrappers.byId(shadow.id); before && before->digest() == shadow.digest()) continue;
          found[fi].push_back(std::move(shadow));
        }
      }
    });
    size_t added = 0;
    std::set<std::string> changed;
    for (auto& perFile : found)
      for (auto& spec : perFile) {
        changed.emplace(lastNameOf(spec.id));
        for (const std::string& name : spec.names) changed.emplace(lastNameOf(name));
        wrappers.add(std::move(spec));
        ++added;
      }
    // A functor's check runs where a parallel construct is handed the functor (parallelFunctor).
    if (changed.count("operator()")) changed.insert({"parallel_reduce", "parallel_for", "parallel_scan"});
    added += addCrossFileShadows(project, acrossFiles, idOf, catalogue, wrappers);
    // Names lent to other modules (re-exports, a module chosen at run time) are not listed here:
    // after any, every file is read again.
    const size_t lent = addReexportedNames(project, catalogue, wrappers) + addRuntimeChosenNames(project, catalogue, wrappers);
    if (added + lent == 0) break;
    std::unordered_map<std::string_view, int> producers;
    for (const auto& ids : idOf)
      for (const std::string& id : ids)
        if (!id.empty()) ++producers[id];
    contested.clear();
    for (const auto& [id, count] : producers)
      if (count > 1) contested.emplace(id);
    for (size_t fi = 0; fi < n; ++fi)
      holdsContested[fi] = std::ranges::any_of(idOf[fi], [&](const std::string& id) { return contested.count(id) > 0; });
    namesChanged.reset();
    if (lent == 0 && !changed.empty()) {
      std::string alternatives;
      for (const std::string& name : changed) alternatives += (alternatives.empty() ? "" : "|") + RE2::QuoteMeta(name);
      RE2::Options options;
      options.set_max_mem(64 << 20);
      namesChanged = std::make_unique<RE2>("(?:" + alternatives + ")", options);
      if (!namesChanged->ok()) namesChanged.reset();  // too many names for one pattern: read every file
    }
  }
  noteShadowingHeaders(project, idOf, wrappers);
  return wrappers;
}

}  // namespace oalens::analyzer
