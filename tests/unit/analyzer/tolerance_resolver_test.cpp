#include "analyzer/tolerance/tolerance_resolver.h"

#include <gtest/gtest.h>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

namespace {

// Scans `code`, expects an OA assertion on `line`, returns its tolerance `name`.
Tolerance tolAt(const std::string& code, uint32_t line, const std::string& name) {
  auto r = scanOne(code);
  const Assertion* a = atLine(r, line);
  EXPECT_NE(a, nullptr) << "no assertion on line " << line;
  if (!a) return {};
  EXPECT_TRUE(a->isOa);
  const Tolerance* t = tolerance(*a, name);
  EXPECT_NE(t, nullptr) << "no tolerance " << name;
  return t ? *t : Tolerance{};
}

}  // namespace

TEST(ToleranceResolver, ParsesPythonNumbers) {
  EXPECT_DOUBLE_EQ(*ToleranceResolver::parseNumber("1e-5"), 1e-5);
  EXPECT_DOUBLE_EQ(*ToleranceResolver::parseNumber("1_000"), 1000);
  EXPECT_DOUBLE_EQ(*ToleranceResolver::parseNumber("0x10"), 16);
  EXPECT_DOUBLE_EQ(*ToleranceResolver::parseNumber("5L"), 5);
  EXPECT_DOUBLE_EQ(*ToleranceResolver::parseNumber(".5"), 0.5);
  EXPECT_FALSE(ToleranceResolver::parseNumber("1j"));
  EXPECT_FALSE(ToleranceResolver::parseNumber("abc"));
}

TEST(ToleranceResolver, DefaultFromCatalogue) {
  Tolerance t = tolAt("import numpy as np\ndef test_a():\n    np.testing.assert_allclose(f(), 1.0)\n", 3, "rtol");
  EXPECT_EQ(t.provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*t.value, 1e-7);
}

TEST(ToleranceResolver, EvaluatesLiteralArithmetic) {
  const std::string code =
      "import numpy as np\n"
      "def test_a():\n"
      "    np.testing.assert_allclose(f(), 1.0, rtol=10**-3, atol=1. / 255)\n"
      "    np.testing.assert_allclose(f(), 1.0, atol=-(-2e-3))\n";
  Tolerance r = tolAt(code, 3, "rtol");
  EXPECT_EQ(r.provenance, Provenance::Literal);
  EXPECT_NEAR(*r.value, 1e-3, 1e-15);
  Tolerance a = tolAt(code, 3, "atol");
  EXPECT_NEAR(*a.value, 1.0 / 255, 1e-15);
  EXPECT_NEAR(*tolAt(code, 4, "atol").value, 2e-3, 1e-15);
}

TEST(ToleranceResolver, ResolvesModuleConstant) {
  Tolerance t = tolAt("import numpy as np\nTOL = 2 * 1e-4\ndef test_a():\n    np.testing.assert_allclose(f(), 1.0, atol=TOL)\n", 4, "atol");
  EXPECT_EQ(t.provenance, Provenance::Constant);
  EXPECT_NEAR(*t.value, 2e-4, 1e-15);
}

TEST(ToleranceResolver, ResolvesLocalAndParameterDefault) {
  const std::string code =
      "import numpy as np\n"
      "def check(x, tol=1e-3):\n"
      "    np.testing.assert_allclose(x, 1.0, atol=tol)\n"
      "def test_a():\n"
      "    eps = 1e-6\n"
      "    np.testing.assert_allclose(f(), 1.0, atol=eps)\n";
  // Inside the helper the tolerance is each caller's choice: depend, the default its value.
  Tolerance p = tolAt(code, 3, "atol");
  EXPECT_EQ(p.provenance, Provenance::Depend);
  EXPECT_DOUBLE_EQ(*p.value, 1e-3);
  Tolerance l = tolAt(code, 6, "atol");
  EXPECT_EQ(l.provenance, Provenance::Constant);
  EXPECT_DOUBLE_EQ(*l.value, 1e-6);
}

TEST(ToleranceResolver, ResolvesClassAttributeAndSetUp) {
  const std::string code =
      "import unittest\n"
      "import numpy as np\n"
      "class TestA(unittest.TestCase):\n"
      "    TOL = 1e-4\n"
      "    def setUp(self):\n"
      "        self.eps = 5e-5\n"
      "    def test_a(self):\n"
      "        np.testing.assert_allclose(f(), 1.0, atol=self.TOL, rtol=self.eps)\n"
      "        np.testing.assert_allclose(f(), 1.0, atol=TestA.TOL)\n";
  EXPECT_DOUBLE_EQ(*tolAt(code, 8, "atol").value, 1e-4);
  Tolerance r = tolAt(code, 8, "rtol");
  EXPECT_EQ(r.provenance, Provenance::Constant);
  EXPECT_DOUBLE_EQ(*r.value, 5e-5);
  EXPECT_DOUBLE_EQ(*tolAt(code, 9, "atol").value, 1e-4);
}

TEST(ToleranceResolver, ResolvesImportedConstantAcrossFiles) {
  auto r = scanPython({{"pkg/consts.py", "TOL = 3e-5\n"},
                       {"pkg/tests/test_a.py",
                        "import numpy as np\nfrom pkg.consts import TOL\nimport pkg.consts as C\n"
                        "def test_a():\n    np.testing.assert_allclose(f(), 1, atol=TOL)\n"
                        "    np.testing.assert_allclose(f(), 1, atol=C.TOL)\n"}});
  ASSERT_EQ(r.assertions.size(), 2u);
  for (const auto& a : r.assertions) {
    const Tolerance* t = tolerance(a, "atol");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->provenance, Provenance::Constant) << a.range.start.line;
    ASSERT_TRUE(t->value.has_value()) << a.range.start.line;
    EXPECT_DOUBLE_EQ(*t->value, 3e-5);
  }
}

TEST(ToleranceResolver, MarksDtypeChoicesDepend) {
  const std::string code =
      "import numpy as np\n"
      "TOLS = {np.float16: 1e-2, np.float32: 1e-5}\n"
      "def test_a(dtype):\n"
      "    np.testing.assert_allclose(f(), 1, atol=1e-3 if dtype == np.float16 else 1e-6)\n"
      "    if dtype == 'float16':\n"
      "        tol = 1e-2\n"
      "    else:\n"
      "        tol = 1e-6\n"
      "    np.testing.assert_allclose(f(), 1, atol=tol)\n"
      "    np.testing.assert_allclose(f(), 1, atol=TOLS[dtype])\n"
      "    np.testing.assert_allclose(f(), 1, atol=np.finfo(dtype).eps)\n";
  EXPECT_EQ(tolAt(code, 4, "atol").provenance, Provenance::Depend);
  EXPECT_EQ(tolAt(code, 9, "atol").provenance, Provenance::Depend);
  EXPECT_EQ(tolAt(code, 10, "atol").provenance, Provenance::Depend);
  EXPECT_EQ(tolAt(code, 11, "atol").provenance, Provenance::Depend);
}

// A function of the file that picks one of its constants by what the test hands it
// (PennyLane's `atol_for_shots(shots)`: `1e-2 if shots else 1e-6`) chooses the tolerance at run
// time; one that computes a value from its argument (`naive_tanh(x)`) chooses nothing.
TEST(ToleranceResolver, AHelperPickingAConstantByItsArgumentIsDepend) {
  const std::string code =
      "import numpy as np\n"
      "def atol_for_shots(shots):\n"
      "    return 1e-2 if shots else 1e-6\n"
      "def tol_for(precise):\n"
      "    if precise:\n"
      "        return 1e-6\n"
      "    return 1e-3\n"
      "def naive_tanh(x):\n"
      "    if x > 40:\n"
      "        return 1\n"
      "    return np.tanh(x)\n"
      "def test_a(shots, precise, x):\n"
      "    np.testing.assert_allclose(f(), 1, atol=atol_for_shots(shots))\n"
      "    np.testing.assert_allclose(f(), 1, atol=tol_for(precise))\n"
      "    np.testing.assert_allclose(f(), 1, atol=naive_tanh(x))\n";
  const Tolerance picked = tolAt(code, 13, "atol");
  EXPECT_EQ(picked.provenance, Provenance::Depend) << picked.note;
  EXPECT_NE(picked.note.find("atol_for_shots"), std::string::npos) << picked.note;
  EXPECT_EQ(tolAt(code, 14, "atol").provenance, Provenance::Depend);
  EXPECT_EQ(tolAt(code, 15, "atol").provenance, Provenance::Unresolved);
}

// A function of the file handed nothing that answers one constant on a TPU and another elsewhere
// (`_tol()`) chooses by the device the test runs on; one that answers by a setting of its own
// (`_fixed_tol()`, reading a module flag) chooses nothing the run decides.
TEST(ToleranceResolver, AHelperPickingAConstantByTheDeviceIsDepend) {
  const std::string code =
      "import jax\n"
      "import numpy as np\n"
      "STRICT = True\n"
      "def _tol():\n"
      "    return 1e-2 if jax.default_backend() == 'tpu' else 1e-4\n"
      "def _fixed_tol():\n"
      "    return 1e-6 if STRICT else 1e-3\n"
      "def test_a():\n"
      "    tol = _tol()\n"
      "    np.testing.assert_allclose(f(), 1, atol=tol)\n"
      "    np.testing.assert_allclose(f(), 1, atol=_fixed_tol())\n";
  const Tolerance byDevice = tolAt(code, 10, "atol");
  EXPECT_EQ(byDevice.provenance, Provenance::Depend) << byDevice.note;
  EXPECT_NE(byDevice.note.find("tpu"), std::string::npos) << byDevice.note;
  EXPECT_EQ(tolAt(code, 11, "atol").provenance, Provenance::Unresolved);
}

TEST(ToleranceResolver, FixedDtypeEpsilonIsConstant) {
  Tolerance t =
      tolAt("import numpy as np\ndef test_a():\n    np.testing.assert_allclose(f(), 1, atol=np.finfo(np.float32).eps)\n", 3, "atol");
  EXPECT_EQ(t.provenance, Provenance::Constant);
  EXPECT_NEAR(*t.value, 1.1920928955078125e-07, 1e-20);
}

TEST(ToleranceResolver, UnresolvedCallIsReported) {
  Tolerance t = tolAt("import numpy as np\ndef test_a():\n    np.testing.assert_allclose(f(), 1, atol=compute_tol())\n", 3, "atol");
  EXPECT_EQ(t.provenance, Provenance::Unresolved);
  EXPECT_FALSE(t.value.has_value());
  EXPECT_NE(t.note.find("compute_tol"), std::string::npos);
}

TEST(ToleranceResolver, SelfReferentialNamesTerminate) {
  Tolerance t = tolAt("import numpy as np\nA = B\nB = A\ndef test_a():\n    np.testing.assert_allclose(f(), 1, atol=A)\n", 5, "atol");
  EXPECT_FALSE(t.value.has_value());
}

TEST(ThresholdProvenance, FollowsTheStudyClasses) {
  auto r = scanOne(
      "import numpy as np\n"
      "class T(tf.test.TestCase):\n"
      "    def test_a(self):\n"
      "        np.testing.assert_allclose(f(), 1)\n"
      "        np.testing.assert_allclose(f(), 1, rtol=1e-3)\n"
      "        self.assertAllCloseAccordingToType(f(), 1)\n");
  ASSERT_EQ(r.assertions.size(), 3u);
  EXPECT_EQ(r.assertions[0].thresholdProvenance, ThresholdProvenance::Default);
  EXPECT_EQ(r.assertions[1].thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_EQ(r.assertions[2].thresholdProvenance, ThresholdProvenance::Depend);
}
