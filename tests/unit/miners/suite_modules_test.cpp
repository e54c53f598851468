// Which of the suite's modules the diff gate reads beside a changed test file.
#include "miners/gate/suite_modules.h"

#include <gtest/gtest.h>

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <random>
#include <set>

using oalens::miners::importedModules;
using oalens::miners::readFromImport;
using oalens::miners::readPlainImport;
using oalens::miners::suiteModulesOf;

TEST(SuiteModules, ImportsInEveryFormAndRelativeOnes) {
  const std::string source =
      "import numpy as np, os\n"
      "from minilib import testing\n"
      "from minilib.testing.test_case import (\n"
      "    TestCase,\n"
      "    skip_if as skip,\n"
      ")\n"
      "from . import helpers\n"
      "from ..shared.test_util import close  # a comment\n";
  EXPECT_EQ(importedModules("minilib/ops/tests/ops_test.py", source),
            (std::vector<std::string>{"minilib", "minilib.testing", "minilib.testing.test_case", "minilib.testing.test_case.TestCase",
                                      "minilib.testing.test_case.skip_if", "minilib.ops.tests", "minilib.ops.tests.helpers",
                                      "minilib.ops.shared.test_util", "minilib.ops.shared.test_util.close", "numpy", "os"}));
}

TEST(SuiteModules, ReadsTestUtilitiesTwoLevelsDeepButNotOtherTestsOrTheLibrary) {
  const std::map<std::string, std::string> repo{
      {"minilib/__init__.py", "from minilib import ops\n"},
      {"minilib/ops.py", "def relu(x): return x\n"},
      {"minilib/testing/__init__.py", "from minilib.testing.test_case import TestCase\n"},
      {"minilib/testing/test_case.py", "import unittest\nclass TestCase(unittest.TestCase): pass\n"},
      {"minilib/conv_test.py", "def np_conv(x): return x\n"},
      {"tests/unittests/_helpers/testers.py", "def check(a, b): pass\n"}};
  auto read = [&](const std::string& p) -> std::optional<std::string> {
    auto it = repo.find(p);
    return it == repo.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  auto found = suiteModulesOf("minilib/pool_test.py",
                              "from minilib import ops, testing\nfrom minilib.conv_test import np_conv\nimport numpy as np\n", read);
  std::vector<std::string> paths;
  for (const auto& f : found) paths.push_back(f.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"minilib/testing/__init__.py", "minilib/testing/test_case.py"}));

  // A tests directory on sys.path: `unittests._helpers.testers` from tests/unittests/...
  found = suiteModulesOf("tests/unittests/bases/test_metric.py", "from unittests._helpers.testers import check\n", read);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].path, "tests/unittests/_helpers/testers.py");
}

TEST(SuiteModules, BodiesOfFunctionsThatCheckNothingAreCutToPass) {
  const std::string source =
      "import numpy as np\n"
      "class TestCase:\n"
      "    def assertAllClose(self, a, b, atol=1e-6):\n"
      "        np.testing.assert_allclose(a, b, atol=atol)\n"
      "    def build_inputs(self, layer):\n"
      "        out = layer(np.ones(3))\n"
      "        def run_build():\n"
      "            pass\n"
      "        return out\n"
      "    def check_tree(self, x, y):\n"
      "        self.assertAllClose(x, y)\n";
  EXPECT_EQ(oalens::miners::withOtherBodiesCut(source),
            "import numpy as np\n"
            "class TestCase:\n"
            "    def assertAllClose(self, a, b, atol=1e-6):\n"
            "        np.testing.assert_allclose(a, b, atol=atol)\n"
            "    def build_inputs(self, layer):\n"
            "        pass\n"
            "    def check_tree(self, x, y):\n"
            "        self.assertAllClose(x, y)\n");
  EXPECT_EQ(oalens::miners::withOtherBodiesCut("def f(:\n  '''unterminated\n"), "def f(:\n  '''unterminated\n");
}

// A function that calls one whose body is kept may be a wrapper of it, whatever its name
// (torchmetrics: run_class_metric_test -> _class_test -> _assert_allclose), so it keeps its
// body too, and so on to a fixpoint; a function calling none of them is still cut.
TEST(SuiteModules, AFunctionCallingAKeptOneKeepsItsBody) {
  const std::string kept =
      "import numpy as np\n"
      "def _assert_close(a, b, atol=1e-8):\n"
      "    assert np.allclose(a, b, atol=atol)\n"
      "def _class_test(metric_class, reference, atol=1e-8):\n"
      "    _assert_close(metric_class()(1), reference(1), atol=atol)\n"
      "class MetricTester:\n"
      "    def run_class_metric_test(self, metric_class, reference, atol=None):\n"
      "        _class_test(metric_class, reference, atol=atol or 1e-8)\n"
      "    def run_precision_test(self, metric_class):\n";
  EXPECT_EQ(oalens::miners::withOtherBodiesCut(kept + "        metric_class().half()\n"), kept + "        pass\n");
}

// An override handing on to its base's method of its name keeps its body, and so does the
// adapter it binds with `partial`, for wrapper discovery reads what that calls; a function only
// named in a check is cut as before.
TEST(SuiteModules, AnAdapterAKeptFunctionBindsWithPartialKeepsItsBody) {
  const std::string adapter =
      "from functools import partial\n"
      "def _per_query(preds, target, metric=None):\n"
      "    return [metric(p, t) for p, t in zip(preds, target)]\n";
  const std::string tester =
      "class RankingTester(MetricTester):\n"
      "    def run_class_metric_test(self, preds, target, reference_metric):\n"
      "        adapted = partial( _per_query, metric=reference_metric)\n"
      "        super().run_class_metric_test(preds, target, reference_metric=adapted)\n";
  EXPECT_EQ(oalens::miners::withOtherBodiesCut(adapter + "def _unused(preds):\n    return preds\n" + tester),
            adapter + "def _unused(preds):\n    pass\n" + tester);
  const std::string notBound =
      "def _per_query(preds, target, metric=None):\n    return metric(preds, target)\n"
      "def assert_ranked(a, b):\n    assert a == _per_query\n";
  EXPECT_EQ(oalens::miners::withOtherBodiesCut(notBound),
            "def _per_query(preds, target, metric=None):\n    pass\ndef assert_ranked(a, b):\n    assert a == _per_query\n");
}

// Callers defined before what they call keep their bodies as well: the keep spreads through
// who mentions whom, in any order of definition.
TEST(SuiteModules, KeptBodiesSpreadToCallersDefinedBeforeTheirCallees) {
  const std::string source =
      "def outer(a, b):\n"
      "    return middle(a, b)\n"
      "def middle(a, b):\n"
      "    return inner(a, b)\n"
      "def inner(a, b):\n"
      "    return compare_close(a, b)\n"
      "def unrelated(a):\n"
      "    return a + 1\n"
      "def compare_close(a, b):\n"
      "    assert abs(a - b) < 1e-6\n";
  const std::string cut = oalens::miners::withOtherBodiesCut(source);
  EXPECT_NE(cut.find("return middle(a, b)"), std::string::npos);
  EXPECT_NE(cut.find("return inner(a, b)"), std::string::npos);
  EXPECT_NE(cut.find("return compare_close(a, b)"), std::string::npos);
  EXPECT_EQ(cut.find("return a + 1"), std::string::npos);
}

TEST(SuiteModules, TheCutTellsWhetherAFunctionKeepsItsBody) {
  bool kept = true;
  oalens::miners::withOtherBodiesCut("import numpy as np\nDATA = dict(x=np.ones(3))\nclass Case:\n    pass\n", &kept);
  EXPECT_FALSE(kept);
  oalens::miners::withOtherBodiesCut("def make_harness(n):\n    return [n]\nclass Case:\n    def setUp(self):\n        self.x = 1\n",
                                     &kept);
  EXPECT_FALSE(kept);
  oalens::miners::withOtherBodiesCut("def make_harness(n):\n    return [n]\ndef close(a, b):\n    return abs(a - b) < 1e-6\n", &kept);
  EXPECT_TRUE(kept);
  oalens::miners::withOtherBodiesCut("def helper(a, b): assert_allclose(a, b)\n", &kept);  // a body on the def's line
  EXPECT_TRUE(kept);
  kept = false;
  oalens::miners::withOtherBodiesCut("def f(:\n  '''unterminated\n", &kept);  // unsure: nothing is cut
  EXPECT_TRUE(kept);
}

namespace {

std::vector<oalens::miners::SuiteModule> suiteOf(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<oalens::miners::SuiteModule> out;
  for (const auto& [path, text] : files) out.push_back(*oalens::miners::suiteModuleFromBytes(path, text));
  return out;
}

std::vector<std::string> pathsOf(const std::vector<oalens::miners::SuiteModule>& modules) {
  std::vector<std::string> out;
  for (const auto& m : modules) out.push_back(m.path);
  return out;
}

}  // namespace

// A module with no function left after the cut lends wrappers only through another module of
// the set that imports it; the set read without the others finds the same wrappers.
TEST(SuiteModules, ModulesThatCanLendNoWrapperAreLeftOut) {
  const auto suite = suiteOf({
      {"pkg/testing/__init__.py", "from pkg.testing.checks import assert_near\n"},
      {"pkg/testing/checks.py",
       "import numpy as np\nfrom pkg.testing.tolerances import ATOL\n"
       "def assert_near(a, b, atol=ATOL):\n    np.testing.assert_allclose(a, b, atol=atol)\n"},
      {"pkg/testing/tolerances.py", "ATOL = 1e-5\n"},
      {"pkg/testing/data/conv_cases.py", "import numpy as np\nCASES = [np.ones(3), np.zeros(3)]\n"},
      {"pkg/testing/harness.py", "def make_cases(n):\n    return list(range(n))\n"},
  });
  const auto lending = oalens::miners::modulesLendingWrappers(suite);
  // The package stays: checks.py's import pkg.testing.tolerances names it (any component counts).
  EXPECT_EQ(pathsOf(lending), (std::vector<std::string>{"pkg/testing/__init__.py", "pkg/testing/checks.py", "pkg/testing/tolerances.py"}));

  const auto catalogue = oalens::analyzer::Catalogue::builtin();
  const auto all = oalens::miners::wrappersOfSuiteModules(suite, catalogue);
  const auto lent = oalens::miners::wrappersOfSuiteModules(lending, catalogue);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(lent.digest(), all.digest());
  const auto* spec = lent.byId("pkg.testing.checks.assert_near");
  ASSERT_NE(spec, nullptr);
  ASSERT_TRUE(spec->defaultValues.count("atol"));
  EXPECT_DOUBLE_EQ(spec->defaultValues.at("atol"), 1e-5);  // read from the module it imports
}

// A package imported by its name (`from pkg import testing`) counts as imported.
TEST(SuiteModules, APackageImportedByAnotherModuleIsKept) {
  const auto suite = suiteOf({
      {"pkg/testing/__init__.py", "LIMIT = 1e-4\n"},
      {"pkg/testing/checks.py",
       "from pkg import testing\nimport numpy as np\n"
       "def check_close(a, b):\n    np.testing.assert_allclose(a, b, atol=testing.LIMIT)\n"},
  });
  EXPECT_EQ(pathsOf(oalens::miners::modulesLendingWrappers(suite)),
            (std::vector<std::string>{"pkg/testing/__init__.py", "pkg/testing/checks.py"}));
}

// DGL's tests import `backend`, a package that imports the backend the environment names
// (`importlib.import_module(".%s" % name, __name__)`): its children are read with it, and lend
// their wrappers the package's name. Without a lister (the diff gate's reader of files) they
// are not found.
TEST(SuiteModules, APackageChoosingAChildAtRunTimeBringsItsChildren) {
  const std::map<std::string, std::string> repo{
      {"tests/backend/__init__.py",
       "import importlib, os\nfrom . import spec\n"
       "impl = importlib.import_module('.%s' % os.environ.get('B', 'torch_impl'), __name__)\n"},
      {"tests/backend/spec.py", "def close(a, b, rtol=1e-4, atol=1e-4):\n    pass\n"},
      {"tests/backend/torch_impl/__init__.py",
       "import torch\ndef close(a, b, rtol=1e-4, atol=1e-4):\n    return torch.allclose(a, b, rtol=rtol, atol=atol)\n"},
      {"tests/backend/numpy_impl.py",
       "import numpy as np\ndef close(a, b, rtol=1e-4, atol=1e-4):\n    return np.allclose(a, b, rtol=rtol, atol=atol)\n"},
      {"tests/backend/numpy_impl_test.py", "def test_close():\n    pass\n"}};
  auto lookup = [&](const std::string& p) -> std::optional<oalens::miners::SuiteModule> {
    auto it = repo.find(p);
    return it == repo.end() ? std::nullopt : oalens::miners::suiteModuleFromBytes(p, it->second);
  };
  auto children = [&](const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& [path, text] : repo) {
      if (!path.starts_with(dir)) continue;
      const std::string rest = path.substr(dir.size());
      if (rest.find('/') == std::string::npos) out.push_back(path);
      else if (rest.ends_with("/__init__.py") && rest.find('/') == rest.size() - 12) out.push_back(path);
    }
    return out;
  };
  const std::vector<std::string> imports{"backend"};
  const auto withChildren = suiteModulesOf("tests/ops/test_ops.py", imports, lookup, children);
  EXPECT_EQ(pathsOf(withChildren), (std::vector<std::string>{"tests/backend/__init__.py", "tests/backend/numpy_impl.py",
                                                             "tests/backend/spec.py", "tests/backend/torch_impl/__init__.py"}));
  const auto lending = oalens::miners::modulesLendingWrappers(withChildren);
  const auto catalogue = oalens::analyzer::Catalogue::builtin();
  const auto wrappers = oalens::miners::wrappersOfSuiteModules(lending, catalogue);
  const auto* spec = wrappers.byQualifiedName("backend.close");
  ASSERT_NE(spec, nullptr);
  EXPECT_EQ(spec->id, "tests.backend.close");
  EXPECT_DOUBLE_EQ(spec->defaultValues.count("atol") ? spec->defaultValues.at("atol") : std::stod(spec->defaults.at("atol")), 1e-4);

  const auto without = suiteModulesOf("tests/ops/test_ops.py", imports, lookup);
  EXPECT_EQ(pathsOf(without), (std::vector<std::string>{"tests/backend/__init__.py", "tests/backend/spec.py"}));
  EXPECT_EQ(
      oalens::miners::wrappersOfSuiteModules(oalens::miners::modulesLendingWrappers(without), catalogue).byQualifiedName("backend.close"),
      nullptr);
}

namespace {

// importedModules as it was before it searched only the lines holding `import`: both
// patterns over the whole text, and the same reading of each match. The fast one must agree.
std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

std::vector<std::string> importedModulesSearchingEverything(const std::string& path, const std::string& source) {
  static const RE2 fromImport(R"((?m)^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*))");
  static const RE2 plainImport(R"((?m)^[ \t]*import[ \t]+([^\n#]+))");
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](std::string m) {
    if (!m.empty() && seen.insert(m).second) out.push_back(std::move(m));
  };
  auto eachListed = [](const std::string& list, auto&& use) {
    for (size_t start = 0; start <= list.size();) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      const std::string item = trimmed(std::string_view(list).substr(start, comma - start));
      use(trimmed(item.substr(0, item.find(" as "))));
      start = comma + 1;
    }
  };
  re2::StringPiece in(source);
  std::string module, names;
  while (RE2::FindAndConsume(&in, fromImport, &module, &names)) {
    size_t dots = 0;
    while (dots < module.size() && module[dots] == '.') ++dots;
    std::string base = module.substr(dots);
    if (dots > 0) {
      std::string pkg = path.substr(0, path.rfind('/'));
      std::replace(pkg.begin(), pkg.end(), '/', '.');
      for (size_t up = 1; up < dots && !pkg.empty(); ++up) pkg = pkg.substr(0, pkg.rfind('.') == std::string::npos ? 0 : pkg.rfind('.'));
      base = pkg.empty() ? base : base.empty() ? pkg : pkg + "." + base;
    }
    add(base);
    std::string list = names;
    list.erase(std::remove_if(list.begin(), list.end(), [](char c) { return c == '(' || c == ')' || c == '\\'; }), list.end());
    eachListed(list, [&](const std::string& name) {
      if (!name.empty() && name != "*" && !base.empty()) add(base + "." + name);
    });
  }
  in = re2::StringPiece(source);
  std::string list;
  while (RE2::FindAndConsume(&in, plainImport, &list)) eachListed(list, add);
  return out;
}

}  // namespace

TEST(SuiteModules, SearchingOnlyImportLinesFindsWhatAWholeSearchFinds) {
  const std::vector<std::string> pieces{"import numpy as np\n",
                                        "from a.b import (c,\n    d as e)\n",
                                        "x = 'import os'\n",
                                        "  from .x import y  # import z\n",
                                        "def importer():\n    import json\n",
                                        "from m import (\n  import_this,\n)\n",
                                        "important = 1\n",
                                        "from q import *\n",
                                        "# from r import s\n",
                                        "import a.test_util, b\n",
                                        "from . import (\n",
                                        "\n",
                                        "reimport x\n",
                                        "from\timport\timport x\n",
                                        "imports = [1]\n",
                                        "from t import u\\\n    , v\n",
                                        "from w import (x)  # (y)\n",
                                        "from (z import a\n",
                                        "x = f(1)  # from b import c)\n",
                                        "  import  d , e as f\n",
                                        "from g.h import (i, j)\n",
                                        ")\n",
                                        "(\n",
                                        "from k import l) (m\n",
                                        "\tfrom\t.n\timport\to\n"};
  std::mt19937 random(7);
  for (int round = 0; round < 5000; ++round) {
    std::string source;
    const int n = static_cast<int>(random() % 8);
    for (int i = 0; i < n; ++i) source += pieces[random() % pieces.size()];
    if (random() % 3 == 0 && !source.empty()) source.pop_back();  // no newline at the end
    ASSERT_EQ(importedModules("pkg/sub/tests/x_test.py", source), importedModulesSearchingEverything("pkg/sub/tests/x_test.py", source))
        << source;
  }
}

TEST(SuiteModules, ImportStatementsReadAsTheirPatternsMatch) {
  // The patterns the hand reading replaced, matched at the start of the text as before.
  static const RE2 fromImport(R"([ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*))");
  static const RE2 plainImport(R"([ \t]*import[ \t]+([^\n#]+))");
  const std::vector<std::string> tokens{" ", "\t", "from", "import", ".", "..",       "a", "b_1", "Z9",    "(",      ")",
                                        ",", "#",  "\n",   " as ",   "-", "\xc3\xa9", "*", "\\",  "fromx", "importy"};
  std::mt19937 random(11);
  int fromMatches = 0, plainMatches = 0;
  for (int round = 0; round < 40000; ++round) {
    // Most texts start as a statement does, so that the readers get past their keywords.
    static const std::vector<std::string> starts{
        "", "from ", "import ", "from a import ", "from  import ", "  from .b\timport ", "\tfrom x.y  import\t", "from import "};
    std::string text = starts[static_cast<size_t>(round) % starts.size()];
    for (int n = static_cast<int>(random() % 10); n > 0; --n) text += tokens[random() % tokens.size()];
    const std::string_view view(text);

    std::string module, names, reModule, reNames;
    re2::StringPiece in(text);
    const bool reFrom = RE2::Consume(&in, fromImport, &reModule, &reNames);
    const std::optional<size_t> from = readFromImport(view, module, names);
    ASSERT_EQ(from.has_value(), reFrom) << text;
    if (reFrom) {
      ++fromMatches;
      EXPECT_EQ(*from, static_cast<size_t>(in.data() - text.data())) << text;
      EXPECT_EQ(module, reModule) << text;
      EXPECT_EQ(names, reNames) << text;
    }

    in = re2::StringPiece(text);
    const bool rePlain = RE2::Consume(&in, plainImport, &reNames);
    const std::optional<size_t> plain = readPlainImport(view, names);
    const bool onlyBlanks = plain && names.find_first_not_of(" \t") == std::string::npos;
    if (rePlain) {
      ++plainMatches;
      ASSERT_TRUE(plain.has_value()) << text;
      EXPECT_EQ(*plain, static_cast<size_t>(in.data() - text.data())) << text;
      EXPECT_EQ(trimmed(names), trimmed(reNames)) << text;
    } else {
      EXPECT_TRUE(!plain || onlyBlanks) << text;
    }
  }
  EXPECT_GT(fromMatches, 1000);
  EXPECT_GT(plainMatches, 1000);
}
