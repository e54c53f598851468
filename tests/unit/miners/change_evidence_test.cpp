// The diff's evidence about a changed check: changed library definitions, what changed around
// the check in its test, and the edit it got.
#include "miners/classify/change_evidence.h"

#include <gtest/gtest.h>

using namespace oalens::miners;

TEST(ChangeEvidence, ChangedDefinitionsAreThoseEnclosingAChangedLine) {
  const std::string before =
      "import numpy as np\n\nclass Conv:\n    def __init__(self):\n        self.k = 1\n\n    def call(self, x):\n        return x * "
      "self.k\n\n"
      "def pad(x):\n    return x\n";
  std::string after = before;
  after.replace(after.find("return x * self.k"), 17, "return x * self.k + 0");
  EXPECT_EQ(changedDefinitions(before, after), (std::set<std::string>{"Conv", "call"}));
  after = before;
  after.replace(after.find("self.k = 1"), 10, "self.k = 2");
  EXPECT_EQ(changedDefinitions(before, after), (std::set<std::string>{"Conv"}));  // no __init__
  EXPECT_EQ(changedDefinitions("", "def fresh(x):\n    return x\n"), (std::set<std::string>{"fresh"}));
  EXPECT_TRUE(changedDefinitions(before, before).empty());
}

// Theano's ops hold their C code in strings whose lines start at column 0: they close no
// definition, so a change in them is a change of the op and its method.
TEST(ChangeEvidence, LinesInsideAStringCloseNoDefinition) {
  const std::string before =
      "class GpuDnnPoolGrad(Op):\n    def c_code(self, node):\n        return \"\"\"\nif (err != 0)\n  %(fail)s\n\"\"\"\n\n"
      "    def c_code_cache_version(self):\n        return (6,)\n";
  std::string after = before;
  after.replace(after.find("if (err != 0)"), 13, "memset(out, 0, n);\nif (err != 0)");
  EXPECT_EQ(changedDefinitions(before, after), (std::set<std::string>{"GpuDnnPoolGrad", "c_code"}));
  after.replace(after.find("(6,)"), 4, "(7,)");
  EXPECT_EQ(changedDefinitions(before, after), (std::set<std::string>{"GpuDnnPoolGrad", "c_code", "c_code_cache_version"}));
}

TEST(ChangeEvidence, SurroundingsAreTheChecksTest) {
  const std::string before =
      "def test_a():\n    x = conv(1)\n    assert_allclose(x, 1)\n\n\ndef test_b():\n    y = pad(2)\n    assert_allclose(y, 2)\n";
  // Only the check of test_b changed: test_b is not reworked, and test_a's lines are not its.
  std::string after = before;
  after.replace(after.find("assert_allclose(y, 2)"), 21, "assert_allclose(y, 2, atol=1e-5)");
  Surroundings s = TestFileChange(before, after).surroundingsOf({8, 8, 8, 8});
  EXPECT_FALSE(s.testReworked);
  // The names test_b uses, not test_a's.
  EXPECT_EQ(s.identifiers, (std::set<std::string>{"def", "test_b", "y", "pad", "assert_allclose", "atol"}));
  // The call above the check changed too: reworked.
  after.replace(after.find("pad(2)"), 6, "pad(2, mode=1)");
  s = TestFileChange(before, after).surroundingsOf({8, 8, 8, 8});
  EXPECT_TRUE(s.testReworked);
  EXPECT_TRUE(s.identifiers.count("mode"));
  EXPECT_FALSE(s.identifiers.count("conv"));
}

TEST(ChangeEvidence, TheSameEditOnTwoChecksHasOneSignature) {
  EXPECT_EQ(editSignature("f", "f", "f(a,b)", "f(g(a),b)"), editSignature("f", "f", "f(x[0],y)", "f(g(x[0]),y)"));
  // Another API: the move names the edit, whatever the arguments became.
  EXPECT_EQ(editSignature("assert_allclose", "assert_list_pairwise", "assert_allclose(zth,ztf,atol=1e-05)", "assert_list_pairwise(z_list)"),
            "api assert_allclose -> assert_list_pairwise");
  EXPECT_EQ(editSignature("allclose", "allclose", "numpy.allclose(a,b)", "np.allclose(a,b)"), "+np -numpy");
  EXPECT_EQ(editSignature("f", "f", "f(a,1e-5)", "f(a,1e-6)"), "-1e-5 +1e-6");
  EXPECT_EQ(editSignature("f", "f", "f(a)", "f(a)"), "");
}

// `likelihood_list` -> `likelihoods` in the check, where the library's changed lines lost the
// first (its constructor kept it once, as a parameter's name) and gained the second.
TEST(ChangeEvidence, ACheckFollowsARenameTheLibraryMade) {
  LibraryEdits library;
  library.add(
      "class Switched:\n"
      "    def __init__(self, likelihood_list):\n"
      "        self.likelihood_list = likelihood_list\n"
      "    def mean(self):\n"
      "        return [l.mean() for l in self.likelihood_list]\n",
      "class Switched:\n"
      "    def __init__(self, likelihood_list):\n"
      "        self.likelihoods = likelihood_list\n"
      "    def mean(self):\n"
      "        return [l.mean() for l in self.likelihoods]\n");
  EXPECT_TRUE(followsLibraryRename("assert_allclose(m.likelihood_list[0].v,1.0)", "assert_allclose(m.likelihoods[0].v,1.0)", library));
  // A name the check gained that the library did not (a tolerance, the test's own names).
  EXPECT_FALSE(followsLibraryRename("assert_allclose(m.likelihood_list[0].v,1.0)", "assert_allclose(m.parts[0].v,1.0)", library));
  // A number changed only: no name lost.
  EXPECT_FALSE(followsLibraryRename("assert_allclose(m.likelihoods[0].v,1.0,atol=1e-3)",
                                    "assert_allclose(m.likelihoods[0].v,1.0,atol=1e-2)", library));
  EXPECT_FALSE(
      followsLibraryRename("assert_allclose(m.likelihood_list[0].v,1.0)", "assert_allclose(m.likelihoods[0].v,1.0)", LibraryEdits{}));
}

// A check in a helper that a test added in this version calls serves more cases; one in a test
// beside which another test is added does not.
TEST(ChangeEvidence, ANewTestCallingTheChecksHelperReworksIt) {
  const std::string before = "def run_case(n):\n    assert_allclose(f(n), g(n), rtol=1e-4)\n\n\ndef test_small():\n    run_case(1)\n";
  std::string after = before;
  after.replace(after.find("rtol=1e-4"), 9, "rtol=1e-3");
  EXPECT_FALSE(TestFileChange(before, after).surroundingsOf({2, 2, 2, 2}).testReworked);
  after += "\n\ndef test_large():\n    run_case(1000)\n";
  EXPECT_TRUE(TestFileChange(before, after).surroundingsOf({2, 2, 2, 2}).testReworked);
  const std::string inTest = "def test_inverse():\n    assert_allclose(inv(a) @ a, eye, atol=5e-3)\n";
  std::string added = inTest + "\n\ndef test_cholesky():\n    assert_allclose(chol(a), ref)\n";
  added.replace(added.find("atol=5e-3"), 9, "atol=1e-2");
  EXPECT_FALSE(TestFileChange(inTest, added).surroundingsOf({2, 2, 2, 2}).testReworked);
}

TEST(ChangeEvidence, ImportsBindNamesToModules) {
  const std::string text =
      "import numpy as np\nimport theano.tensor, os\nfrom keras import backend as K\nfrom keras.layers import (\n    core,\n    Dense as "
      "D)\n"
      "from . import helpers\nfrom keras.models import *\nfrom a \\\n    import b\n\ndef test_x():\n    from keras.constraints import "
      "maxnorm\n";
  EXPECT_EQ(importBindings(text), (std::set<ImportBinding>{{"np", "numpy"},
                                                           {"theano", "theano.tensor"},
                                                           {"os", "os"},
                                                           {"K", "keras.backend"},
                                                           {"core", "keras.layers.core"},
                                                           {"D", "keras.layers.Dense"},
                                                           {"b", "a.b"},
                                                           {"maxnorm", "keras.constraints.maxnorm"}}));
  EXPECT_TRUE(isTestModule("keras.utils.test_utils"));
  EXPECT_TRUE(isTestModule("theano.tests.unittest_tools"));
  EXPECT_TRUE(isTestModule("kornia.testing"));
  EXPECT_FALSE(isTestModule("keras.backend"));
}

// Keras's "Update a number of tests": `from theano import tensor as T` dropped for `from keras
// import backend as K`, and the test calls K now: a port to the library's API. numpy imported
// as np, a move to pytest, or the tests' own helper module are no such port.
TEST(ChangeEvidence, AFileSwappingAnotherPackageForTheLibrarysMovesToItsApi) {
  const std::set<std::string> keras = {"keras"};
  const std::string before =
      "import numpy as np\nfrom theano import tensor as T\n\n\ndef test_mean():\n    out = model(T.ones(3))\n"
      "    assert_allclose(out.mean().eval(), 0.0)\n\n\ndef test_other():\n    assert_allclose(g(1), 1)\n";
  std::string after = before;
  after.replace(after.find("from theano import tensor as T"), 30, "from keras import backend as K");
  after.replace(after.find("T.ones(3)"), 9, "K.ones(3)");
  after.replace(after.find("out.mean().eval()"), 17, "K.eval(K.mean(out))");
  EXPECT_TRUE(TestFileChange(before, after, keras).surroundingsOf({7, 7, 7, 7}).movedToLibraryApi);
  // The other test does not use K: not shown to follow the port.
  EXPECT_FALSE(TestFileChange(before, after, keras).surroundingsOf({11, 11, 11, 11}).movedToLibraryApi);
  // Without knowing the library's packages, nothing is read.
  EXPECT_FALSE(TestFileChange(before, after).surroundingsOf({7, 7, 7, 7}).movedToLibraryApi);
  // Only a library import gained, none of another package dropped.
  std::string added = before;
  added.replace(added.find("from theano import tensor as T"), 30, "from theano import tensor as T\nfrom keras import backend as K");
  added.replace(added.find("out.mean().eval()"), 17, "K.eval(K.mean(out))");
  EXPECT_FALSE(TestFileChange(before, added, keras).surroundingsOf({7, 7, 8, 8}).movedToLibraryApi);
  // scipy dropped for numpy, and a library module imported before under another name: no port.
  const std::string aliased =
      "import scipy\nimport theano.tensor as T\n\n\ndef test_a():\n    assert_allclose(f(T.ones(2)), scipy.ones(2))\n";
  const std::string renamed =
      "import numpy\nfrom theano import tensor\n\n\ndef test_a():\n    assert_allclose(f(tensor.ones(2)), numpy.ones(2))\n";
  EXPECT_FALSE(TestFileChange(aliased, renamed, {"theano"}).surroundingsOf({6, 6, 6, 6}).movedToLibraryApi);
  // unittest dropped for the tests' own helpers: a change of style.
  const std::string unit = "import unittest\n\n\ndef test_a():\n    assert_allclose(f(1), 1)\n";
  const std::string helper =
      "from keras.utils.test_utils import keras_test\n\n\ndef test_a():\n    keras_test(f)\n    assert_allclose(f(1), 1)\n";
  EXPECT_FALSE(TestFileChange(unit, helper, keras).surroundingsOf({5, 5, 6, 6}).movedToLibraryApi);
}

// Kornia's "Use nearest neighbour interpolation for masks" moved rtol 1e-5 -> 1e-4 on the two
// checks of a test and nothing else in it: the same edit twice, not a test reworked around
// each. A line besides the checks still reworks it.
TEST(ChangeEvidence, OtherChecksChangedAlikeDoNotReworkTheTest) {
  const std::string before = "def test_jiggle():\n    out = f(x)\n    assert_close(out, e, rtol=1e-5)\n    assert_close(m, t, rtol=1e-5)\n";
  std::string after = before;
  after.replace(after.find("rtol=1e-5"), 9, "rtol=1e-4");
  after.replace(after.find("rtol=1e-5"), 9, "rtol=1e-4");
  TestFileChange versions(before, after);
  EXPECT_TRUE(versions.surroundingsOf({3, 3, 3, 3}).testReworked);  // the checks' lines unknown
  versions.setChecks({{3, 3, 3, 3}, {4, 4, 4, 4}});
  EXPECT_FALSE(versions.surroundingsOf({3, 3, 3, 3}).testReworked);
  after.replace(after.find("f(x)"), 4, "f(x, mode=1)");
  TestFileChange reworked(before, after);
  reworked.setChecks({{3, 3, 3, 3}, {4, 4, 4, 4}});
  EXPECT_TRUE(reworked.surroundingsOf({3, 3, 3, 3}).testReworked);
}

// Kornia's "Improve losses tests": test_perfect_prediction gained reduction and shape, each by a
// parametrize decorator, while the checks of the file moved to another helper.
TEST(ChangeEvidence, ATestGainingParametersRunsMoreCases) {
  const std::string before = "class TestLoss:\n    def test_perfect(self, device, dtype):\n        assert_close(loss(a), 0.0, rtol=1e-3)\n";
  const std::string after =
      "class TestLoss:\n    @pytest.mark.parametrize(\"reduction\", [\"mean\", \"sum\"])\n    def test_perfect(self, device, dtype,\n"
      "                     reduction):\n        self.assert_close(loss(a, reduction), 0.0)\n";
  EXPECT_TRUE(TestFileChange(before, after).surroundingsOf({3, 3, 5, 5}).testGainedCases);
  // The same header: no more cases; a default's tuple is one parameter.
  const std::string same = "class TestLoss:\n    def test_perfect(self, device, dtype):\n        self.assert_close(loss(a), 0.0)\n";
  EXPECT_FALSE(TestFileChange(before, same).surroundingsOf({3, 3, 3, 3}).testGainedCases);
  const std::string tuple = "class TestLoss:\n    def test_perfect(self, device, shape=(1, 2)):\n        assert_close(loss(a), 0.0)\n";
  EXPECT_FALSE(TestFileChange(before, tuple).surroundingsOf({3, 3, 3, 3}).testGainedCases);
  // Another test's name: not the same test extended.
  std::string renamed = after;
  renamed.replace(renamed.find("test_perfect"), 12, "test_zero");
  EXPECT_FALSE(TestFileChange(before, renamed).surroundingsOf({3, 3, 5, 5}).testGainedCases);
}

// Theano's "modified test_nnet to profile more cases": the helper's check compares every output
// where it compared the first two, with tolerances raised for it.
TEST(ChangeEvidence, ACheckDroppingASubscriptComparesMore) {
  EXPECT_TRUE(comparesMore("assert numpy.allclose(rval_cpu[:2],rval_gpu[:2],rtol=1e-4,atol=1e-6)",
                           "assert numpy.allclose(rval_cpu,rval_gpu,rtol=1e-3,atol=1e-5)"));
  EXPECT_TRUE(comparesMore("assert_allclose(f(x)[0][1], y)", "assert_allclose(f(x), y)"));
  // A list literal is no subscript; nor is a subscript that moved or an argument renamed.
  EXPECT_FALSE(comparesMore("assert_allclose(a, [1, 2])", "assert_allclose(a, 1)"));
  EXPECT_FALSE(comparesMore("assert_allclose(a[0], b)", "assert_allclose(a, b[0])"));
  EXPECT_FALSE(comparesMore("assert_allclose(a[0], b)", "assert_allclose(c, b)"));
  EXPECT_FALSE(comparesMore("assert_allclose(a, b, rtol=1e-4)", "assert_allclose(a, b, rtol=1e-3)"));
}

// A check whose edit only renames a module's alias (`import numpy` -> `import numpy as np`), or
// picks another module the file imported before; not a library module moved in the commit.
TEST(ChangeEvidence, AModuleAliasRenamedOnlyRenames) {
  EXPECT_EQ(renamedQualifier("assert numpy.allclose(numpy.sum(a), b)", "assert np.allclose(np.sum(a), b)"),
            (std::pair<std::string, std::string>{"numpy", "np"}));
  EXPECT_EQ(renamedQualifier("assert numpy.allclose(a, b)", "assert np.allclose(a, c)"), (std::pair<std::string, std::string>{}));
  EXPECT_EQ(renamedQualifier("assert numpy.allclose(numpy.sum(a), b)", "assert np.allclose(numpy.sum(a), b)"),
            (std::pair<std::string, std::string>{}));
  EXPECT_EQ(renamedQualifier("assert_allclose(x.a, b)", "assert_allclose(x.c, b)"), (std::pair<std::string, std::string>{}));
  const std::set<ImportBinding> numpy = importBindings("import numpy\n"), np = importBindings("import numpy as np\n");
  EXPECT_TRUE(renamesAModuleAlias("numpy.testing.assert_allclose(a, b)", "np.testing.assert_allclose(a, b)", numpy, np));
  const std::set<ImportBinding> before = importBindings("from optax.losses import classification\n");
  const std::set<ImportBinding> after = importBindings("from optax.losses import _classification\n");
  EXPECT_FALSE(renamesAModuleAlias("assert_allclose(classification.f(x), y)", "assert_allclose(_classification.f(x), y)", before, after));
  const std::set<ImportBinding> both = importBindings("import tensorly.backend as T\nimport tensorly as tl\n");
  EXPECT_TRUE(renamesAModuleAlias("assert_allclose(T.norm(x), y)", "assert_allclose(tl.norm(x), y)", both,
                                  importBindings("import tensorly as tl\n")));
}

// A check whose edit only renames variables its test assigns, at every place they stand; not names
// a test rebuilt around other values reads under a new name.
TEST(ChangeEvidence, ALocalRenamedEverywhereOnlyRenames) {
  const std::string before = "def test_sample():\n    indice = buf.sample_index(0)\n    assert np.allclose(buf.obs[indice], obs)\n";
  const std::string after = "def test_sample():\n    indices = buf.sample_indices(0)\n    assert np.allclose(buf.obs[indices], obs)\n";
  EXPECT_TRUE(renamesALocal("assert np.allclose(buf.obs[indice], obs)", "assert np.allclose(buf.obs[indices], obs)", before, after));
  // A loop now reads other values under a name used many times besides: no rename.
  const std::string rebuilt = "def test_rep():\n    for z in zs:\n        assert_allclose(np_rep, z)\n        print(z, z)\n";
  EXPECT_FALSE(renamesALocal("assert_allclose(np_rep, th_rep)", "assert_allclose(np_rep, z)",
                             "def test_rep():\n    th_rep = K.eval(x)\n    assert_allclose(np_rep, th_rep)\n", rebuilt));
  // A name no statement binds (a module function) is not the test's variable.
  EXPECT_FALSE(renamesALocal("assert_allclose(f(x), y)", "assert_allclose(g(x), y)", "y = 1\n", "y = 1\n"));
  // Anything else changed with it: no rename only.
  EXPECT_FALSE(
      renamesALocal("assert np.allclose(buf.obs[indice], obs)", "assert np.allclose(buf.obs[indices], obs, atol=1e-6)", before, after));
}
