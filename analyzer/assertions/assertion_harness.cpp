// Checks a base test case makes of the test cases deriving from it. Chainer's suites write
//
//     class TestReLU(testing.FunctionTestCase):
//         def setUp(self):
//             if self.dtype == numpy.float16:
//                 self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})
//         def forward(self, inputs, device):
//             x, = inputs
//             return functions.relu(x),
//         def forward_expected(self, inputs):
//             x, = inputs
//             return numpy.maximum(x, 0),
//
// and the test_forward the base defines compares what `forward` returns (the code under test)
// with what `forward_expected` returns (the oracle) by chainer.testing.assert_allclose, within
// `**self.check_forward_options`, a dict the base makes empty. One OA check per such test case:
// it sits on the class's base in its header, belongs to the oracle method, and its tolerances
// are the dict's entries (keyword_splat.h) or the check's defaults.
#include <fmt/format.h>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/splat_tolerance.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

namespace {

constexpr int kMaxLocalBases = 4;  // class A(B), B(C), ... inside one file, as classMethod reads them

// The class statement of class `c`.
StmtId classStatement(const FileModel& m, ClassId c) {
  for (StmtId s = 0; s < m.stmts.size(); ++s)
    if (m.stmts[s].kind == StmtKind::ClassDef && m.stmts[s].range.start.line == m.classes[c].range.start.line &&
        m.stmts[s].range.start.col == m.classes[c].range.start.col)
      return s;
  return kNone;
}

}  // namespace

const ApiSpec* AssertionFinder::harnessOf(const FileModel& m, ClassId c, int depth) const {
  for (ExprId base : m.classes[c].bases) {
    if (const std::vector<ClassId> locals = sameFileClasses(m, base, c); !locals.empty()) {
      for (ClassId local : locals)
        if (depth < kMaxLocalBases)
          if (const ApiSpec* spec = harnessOf(m, local, depth + 1)) return spec;
      continue;
    }
    const ApiMatch match = matcher_.matchCallee(m, m.classes[c].enclosingFunction, base);
    if (match.spec && match.spec->isHarness()) return match.spec;
  }
  return nullptr;
}

void AssertionFinder::fromHarnessClasses(const FileModel& m, std::vector<Assertion>& out) const {
  if (m.language != Language::Python || m.classes.empty()) return;
  // A class the file's other classes derive from is their base, not a test case that runs.
  std::vector<bool> derivedFrom(m.classes.size());
  for (ClassId c = 0; c < m.classes.size(); ++c)
    for (ExprId base : m.classes[c].bases)
      for (ClassId local : sameFileClasses(m, base, c)) derivedFrom[local] = true;
  for (ClassId c = 0; c < m.classes.size(); ++c) {
    if (derivedFrom[c] || m.classes[c].bases.empty()) continue;
    const ApiSpec* spec = harnessOf(m, c, 0);
    if (!spec) continue;
    const FunctionId oracle = classMethod(m, c, spec->harness[1]);
    const StmtId s = classStatement(m, c);
    if (oracle == kNone || s == kNone) continue;  // an abstract test case: no oracle, no check
    const FunctionId cut = classMethod(m, c, spec->harness[0]);
    Assertion a = newAssertion(m, s);
    const ExprId firstBase = m.classes[c].bases.front();
    a.range = m.expr(firstBase).range;
    a.api = spec->id;
    a.apiText = std::string(m.expr(firstBase).text);
    a.form = "harness";
    a.isOa = spec->oa;
    a.category = spec->category;
    placeIn(m, a, oracle);
    if (cut != kNone) a.actualExpr = returnedValue(m, cut);
    a.expectedExpr = returnedValue(m, oracle);
    if (a.actualExpr != kNone) a.actualText = std::string(m.expr(a.actualExpr).text);
    if (a.expectedExpr != kNone) a.expectedText = std::string(m.expr(a.expectedExpr).text);
    const std::string options = fmt::format("self.{}", spec->harness[2]);
    const std::optional<SplatDict> dict = emptyBaseDictOf(m, c, spec->harness[2]);
    for (const auto& [kind, param] : spec->tolerances) {
      auto d = spec->defaults.find(kind);
      const std::string defaultText = d == spec->defaults.end() ? std::string{} : d->second;
      std::string note = "API default";
      if (std::optional<Tolerance> t = toleranceFromSplat(m, a, resolver_, options, dict, kind, param, defaultText, note)) {
        a.tolerances.push_back(std::move(*t));
      } else if (d != spec->defaults.end()) {
        a.tolerances.push_back(defaultTolerance(*spec, kind, note));
      }
    }
    a.thresholdProvenance = thresholdProvenanceOf(a, spec);
    out.push_back(std::move(a));
  }
}

}  // namespace oalens::analyzer
