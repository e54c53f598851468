// Where the library's packages are found in a tree (inferLibraryPackages), and the independence
// order the diff gate judges oracle changes by (oracleWeakened).
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_independence.h"
#include "analyzer/oracle/origin_tracer.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::scanPython;

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

TEST(LibraryPackages, TakesTopLevelAndSourceRootPackagesButNotTestSuitesOrTools) {
  ScanResult r = scanPython({{"src/corelib/__init__.py", ""},
                             {"extras/__init__.py", ""},
                             {"tests/__init__.py", ""},
                             {"testing_utils/__init__.py", ""},
                             {"docs/__init__.py", ""},
                             {"scripts/run.py", ""},
                             {"python-package/boosted/__init__.py", ""},
                             {"python/netlib/__init__.py", ""},
                             {"python/src/nestedlib/__init__.py", ""},  // NNabla: a source root inside another
                             {"plugin/vision/__init__.py", ""},
                             {"ci/__init__.py", ""},
                             {"vecsearch/python/__init__.py", ""},  // Faiss: bindings installed as `vecsearch`
                             {"tools/python/__init__.py", ""}});
  EXPECT_EQ(inferLibraryPackages(r.project),
            (std::vector<std::string>{"boosted", "corelib", "extras", "nestedlib", "netlib", "vecsearch"}));
  EXPECT_TRUE(isSourceRoot("python_package"));
  EXPECT_FALSE(isSourceRoot("contrib"));
  EXPECT_EQ(libraryPackagesAmong({"zeta", "alpha", "tests", "alpha"}), (std::vector<std::string>{"alpha", "zeta"}));
}

// A project of its own in the tree, with its setup.py beside its package and its tests.
TEST(LibraryPackages, TakesThePackagesOfProjectsInsideTheTree) {
  ScanResult r = scanPython({{"mainlib/__init__.py", ""},
                             {"projects/Pose/setup.py", ""},
                             {"projects/Pose/poselib/__init__.py", ""},
                             {"projects/Pose/tests/test_pose.py", ""},
                             {"projects/Notes/notes/__init__.py", ""}});  // no setup.py: not a project
  EXPECT_EQ(inferLibraryPackages(r.project), (std::vector<std::string>{"mainlib", "poselib"}));
}

// No package at the top: the packages of a namespace package (PEP 420: no `__init__.py` of its
// own), named with it, as MuJoCo's `mjx/` tree installs `mujoco.mjx`.
TEST(LibraryPackages, TakesANamespacePackagesPackagesWhereNoneIsAtTheTop) {
  ScanResult r = scanPython({{"physics/sim/__init__.py", ""},
                             {"physics/sim/_src/step.py", ""},
                             {"physics/sim/_src/step_test.py", ""},
                             {"tests/helpers/__init__.py", ""}});
  EXPECT_EQ(inferLibraryPackages(r.project), (std::vector<std::string>{"physics.sim"}));
  // With a package at the top, a namespace beside it adds nothing.
  ScanResult both = scanPython({{"mainlib/__init__.py", ""}, {"physics/sim/__init__.py", ""}});
  EXPECT_EQ(inferLibraryPackages(both.project), (std::vector<std::string>{"mainlib"}));
}
