// Which of the suite's modules the diff gate reads beside a changed test file.
#include "miners/gate/suite_modules.h"

#include <gtest/gtest.h>

#include <map>

using oalens::miners::importedModules;
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
  for (const auto& f : found) paths.push_back(f.first);
  EXPECT_EQ(paths, (std::vector<std::string>{"minilib/testing/__init__.py", "minilib/testing/test_case.py"}));

  // A tests directory on sys.path: `unittests._helpers.testers` from tests/unittests/...
  found = suiteModulesOf("tests/unittests/bases/test_metric.py", "from unittests._helpers.testers import check\n", read);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].first, "tests/unittests/_helpers/testers.py");
}

TEST(SuiteModules, BodiesOfFunctionsThatCheckNothingAreCutToPass) {
  const std::string source =
      "import numpy as np\n"
      "class TestCase:\n"
      "    def assertAllClose(self, a, b, atol=1e-6):\n"
      "        np.testing.assert_allclose(a, b, atol=atol)\n"
      "    def run_layer_test(self, layer):\n"
      "        out = layer(np.ones(3))\n"
      "        self.assertAllClose(out, out)\n"
      "        def run_build_asserts():\n"
      "            pass\n"
      "    def check_tree(self, x, y):\n"
      "        self.assertAllClose(x, y)\n";
  EXPECT_EQ(oalens::miners::withOtherBodiesCut(source),
            "import numpy as np\n"
            "class TestCase:\n"
            "    def assertAllClose(self, a, b, atol=1e-6):\n"
            "        np.testing.assert_allclose(a, b, atol=atol)\n"
            "    def run_layer_test(self, layer):\n"
            "        pass\n"
            "    def check_tree(self, x, y):\n"
            "        self.assertAllClose(x, y)\n");
  EXPECT_EQ(oalens::miners::withOtherBodiesCut("def f(:\n  '''unterminated\n"), "def f(:\n  '''unterminated\n");
}
