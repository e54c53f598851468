// Oracle classification on Python code shaped like the backend tests of multi-backend
// libraries (a test parametrized over backend modules, a loop over a module-level list of
// backends, one function run by two backends), the independence order the diff gate judges
// oracle changes by, and where the library's packages are found.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/oracle/oracle_independence.h"
#include "analyzer/oracle/origin_tracer.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanPython;

namespace {

// A library `minilib` with two backend modules, and one test file.
ScanResult classified(const std::string& test) {
  ScanResult r = scanPython({{"minilib/__init__.py", ""}, {"minilib/backend/__init__.py", ""}, {"tests/test_backends.py", test}});
  classifyOracles(r);
  return r;
}

std::string typeAt(const ScanResult& r, uint32_t line) {
  const Assertion* a = atLine(r, line);
  return a ? a->oracleType : "(no assertion)";
}

const char* kImports =
    "import numpy as np\n"
    "import pytest\n"
    "from numpy.testing import assert_allclose\n"
    "from minilib.backend import theano_backend as KTH\n"
    "from minilib.backend import tensorflow_backend as KTF\n"
    "import reference_ops as KNP\n";

}  // namespace

TEST(OracleClassifier, ATestParametrizedOverBackendModulesRunsTheLibrary) {
  // `k` takes the library's backend modules: k.map_fn is the library, not "another library".
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "@pytest.mark.parametrize('k', [KTH, KTF], ids=['th', 'tf'])\n"
                            "def test_map(k):\n"
                            "    x = np.random.rand(10, 3)\n"
                            "    vx = k.variable(x)\n"
                            "    kx = k.eval(k.map_fn(k.sum, vx))\n"
                            "    kx2 = k.eval(k.map_fn(lambda i: k.sum(vx[i]), k.arange(10)))\n"
                            "    assert_allclose(kx, kx2, atol=1e-05)\n"  // line 14
                            "\n"
                            "@pytest.mark.parametrize('k,ref', [(KTH, [1.7, 3.8]), (KTF, [3.3, 5.4])])\n"
                            "def test_ctc(k, ref):\n"
                            "    res = k.eval(k.ctc_batch_cost(k.variable(np.ones(3))))\n"
                            "    assert_allclose(res, ref, atol=1e-05)\n");  // line 19
  EXPECT_EQ(typeAt(r, 14), "SCUT_DIFF");
  const Assertion* map = atLine(r, 14);
  ASSERT_NE(map, nullptr);
  bool namesTheModules = false;
  for (const auto& e : map->evidence) namesTheModules |= e.find("parametrized over modules of the library") != std::string::npos;
  EXPECT_TRUE(namesTheModules);
  EXPECT_EQ(typeAt(r, 19), "D");  // `ref` is a parameter too, of literals
}

TEST(OracleClassifier, ALoopOverAModuleLevelListOfBackendsComparesImplementations) {
  // One backend (chosen by a conditional) beside the suite's numpy reference module, compared
  // pairwise by a helper of the test file.
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "WITH_NP = [KTH if np.random.rand() > 2 else KTF, KNP]\n"
                            "ONLY_DATA = [np.ones(3), np.zeros(3)]\n"
                            "\n"
                            "def check_pairwise(values, atol=1e-05):\n"
                            "    for a, b in zip(values[1:], values[:-1]):\n"
                            "        assert_allclose(a, b, atol=atol)\n"
                            "\n"
                            "def test_switch():\n"
                            "    z_list = []\n"
                            "    for k in WITH_NP:\n"
                            "        x = k.variable(np.random.rand(2, 3))\n"
                            "        z_list.append(k.eval(k.switch(k.greater_equal(x, 0.5), x * 0.1, x * 0.2)))\n"
                            "    check_pairwise(z_list)\n"  // line 19
                            "\n"
                            "def test_data_loop():\n"
                            "    z_list = []\n"
                            "    for v in ONLY_DATA:\n"
                            "        z_list.append(KTF.eval(KTF.relu(KTF.variable(v))))\n"
                            "    check_pairwise(z_list)\n");  // line 25
  EXPECT_EQ(typeAt(r, 19), "DT");
  EXPECT_EQ(typeAt(r, 25), "SCUT_SAME");  // a list of arrays is no list of implementations
}

TEST(OracleClassifier, OneFunctionOfTwoBackendsIsDifferentialTestingWhateverPreparesTheInputs) {
  // The CUT's kernel goes through a library helper (convert_kernel) the oracle does not call.
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "from minilib.utils import convert_kernel\n"
                            "\n"
                            "def test_conv1d():\n"
                            "    xval = np.random.random((4, 8, 2))\n"
                            "    kval = np.random.random((3, 2, 3))\n"
                            "    zth = KTH.eval(KTH.conv1d(KTH.variable(xval), KTH.variable(convert_kernel(kval))))\n"
                            "    ztf = KTF.eval(KTF.conv1d(KTF.variable(xval), KTF.variable(kval)))\n"
                            "    assert_allclose(zth, ztf, atol=1e-05)\n"  // line 14
                            "    zsum = KTF.eval(KTF.sum(KTF.variable(xval)))\n"
                            "    assert_allclose(zth.sum(), zsum, atol=1e-05)\n");  // line 16
  EXPECT_EQ(typeAt(r, 14), "DT");
  EXPECT_EQ(typeAt(r, 16), "RI");  // another function of the library stays RI
}

TEST(OracleIndependence, OrdersOraclesByHowMuchOfTheLibraryTheyRun) {
  for (const char* from : {"D", "DT", "NI"}) {
    EXPECT_TRUE(oracleWeakened(from, "RI")) << from;
    EXPECT_TRUE(oracleWeakened(from, "SCUT_SAME")) << from;
    EXPECT_TRUE(oracleWeakened(from, "SCUT_DIFF")) << from;
    EXPECT_FALSE(oracleWeakened(from, "D")) << from;
    EXPECT_FALSE(oracleWeakened(from, "NI")) << from;
  }
  EXPECT_TRUE(oracleWeakened("RI", "SCUT_SAME"));
  EXPECT_FALSE(oracleWeakened("SCUT_SAME", "SCUT_DIFF"));
  EXPECT_FALSE(oracleWeakened("SCUT_DIFF", "DT"));  // stronger
  EXPECT_FALSE(oracleWeakened("UNKNOWN", "SCUT_SAME"));
  EXPECT_FALSE(oracleWeakened("DT", "UNKNOWN"));
  EXPECT_FALSE(oracleWeakened("", "RI"));
}

TEST(LibraryPackages, TakesTopLevelAndSrcLayoutPackagesButNotTestSuites) {
  ScanResult r = scanPython({{"src/corelib/__init__.py", ""},
                             {"extras/__init__.py", ""},
                             {"tests/__init__.py", ""},
                             {"testing_utils/__init__.py", ""},
                             {"docs/__init__.py", ""},
                             {"scripts/run.py", ""}});
  EXPECT_EQ(inferLibraryPackages(r.project), (std::vector<std::string>{"corelib", "extras"}));
  EXPECT_EQ(libraryPackagesAmong({"zeta", "alpha", "tests", "alpha"}), (std::vector<std::string>{"alpha", "zeta"}));
}
