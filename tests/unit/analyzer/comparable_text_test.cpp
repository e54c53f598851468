#include "analyzer/tolerance/comparable_text.h"

#include <gtest/gtest.h>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::tolerance;

namespace {

// The comparable text of tolerance `name` of the check on `line` of `code`.
std::string comparableAt(const std::string& code, uint32_t line, const std::string& name) {
  auto r = scanOne(code);
  const Assertion* a = atLine(r, line);
  EXPECT_NE(a, nullptr) << "no assertion on line " << line;
  if (!a) return "<no assertion>";
  const Tolerance* t = tolerance(*a, name);
  EXPECT_NE(t, nullptr) << "no tolerance " << name;
  return t ? std::string(t->comparableText()) : "<no tolerance>";
}

const std::string kHead = "import numpy as onp\nfrom numpy.testing import assert_allclose\n";

}  // namespace

TEST(ComparableText, ImportedNamesAreSpelledByTheirModule) {
  EXPECT_EQ(comparableAt(kHead + "def test_a(n, p):\n    assert abs(f() - 1) < 1 / onp.sqrt(n * p)\n", 4, "bound"),
            "1 / numpy.sqrt(n * p)");
}

TEST(ComparableText, ANameBoundOnceAheadOfTheCheckIsItsValue) {
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {onp.float32: 1e-4}\n    assert_allclose(f(), g(), rtol=tol)\n", 5, "rtol"),
            "{numpy.float32: 1e-4}");
  // Module level too; an expression that is no atom keeps its grouping.
  EXPECT_EQ(comparableAt(kHead + "EPS = onp.finfo(dtype).eps * 3\ndef test_a():\n    assert_allclose(f(), g(), atol=2 * EPS)\n", 5, "atol"),
            "2 * (numpy.finfo(dtype).eps * 3)");
}

TEST(ComparableText, ANameATopLevelIfChoosesIsAConditional) {
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {}\n    if on_tpu():\n        tol = {onp.float32: 5e-3}\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         7, "rtol"),
            "({numpy.float32: 5e-3} if on_tpu() else {})");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    if on_tpu():\n        tol = 1e-2\n    else:\n        tol = 1e-5\n"
                                 "    assert_allclose(f(), g(), rtol=tol * scale)\n",
                         8, "rtol"),
            "(1e-2 if on_tpu() else 1e-5) * scale");
  // With an elif, or the reassignment deeper, it is no longer one condition.
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {}\n    if on_tpu():\n        tol = {onp.float32: 5e-3}\n"
                                 "    elif on_gpu():\n        pass\n    assert_allclose(f(), g(), rtol=tol)\n",
                         9, "rtol"),
            "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {}\n    for d in devices():\n        if on_tpu(d):\n"
                                 "            tol = {onp.float32: 5e-3}\n    assert_allclose(f(), g(), rtol=tol)\n",
                         8, "rtol"),
            "tol");
}

TEST(ComparableText, ANameChosenAtRunTimeStaysAsWritten) {
  // A parameter, a name bound twice or under a branch, or a table changed in place.
  EXPECT_EQ(comparableAt(kHead + "def test_a(tol):\n    assert_allclose(f(), g(), rtol=tol)\n", 4, "rtol"), "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {onp.float32: 1e-4}\n    tol = {onp.float32: 1e-3}\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         6, "rtol"),
            "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    if on_tpu():\n        tol = {onp.float32: 1e-2}\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         6, "rtol"),
            "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = 1e-5\n    if on_tpu():\n        tol = 1e-2\n    tol = 1e-3\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         8, "rtol"),
            "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {onp.float64: 1e-14}\n    if on_tpu():\n        tol[onp.float32] = 1e-2\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         7, "rtol"),
            "tol");
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    tol = {onp.float64: 1e-14}\n    tol.update(extra)\n"
                                 "    assert_allclose(f(), g(), rtol=tol)\n",
                         6, "rtol"),
            "tol");
  // A loop variable, and an attribute of the test case.
  EXPECT_EQ(comparableAt(kHead + "def test_a():\n    for tol in TOLS:\n        assert_allclose(f(), g(), rtol=tol)\n", 5, "rtol"), "tol");
  EXPECT_EQ(comparableAt(kHead + "class T:\n    def test_a(self):\n        assert_allclose(f(), g(), rtol=self.tol)\n", 5, "rtol"),
            "self.tol");
}

// Names whose values repeat other names grow the text as the product of their widths: past a
// budget the tolerance keeps its text as written, at once.
TEST(ComparableText, AHostileChainOfWideBindingsStaysAsWritten) {
  std::string code = kHead + "e = make()\n";
  const char* names[] = {"e", "d", "c", "b", "a"};
  for (int level = 1; level < 5; ++level) {
    code += std::string(names[level]) + " = ";
    for (int i = 0; i < 150; ++i) code += std::string(i ? " + " : "") + names[level - 1];
    code += "\n";
  }
  code += "def test_a():\n    assert_allclose(f(), g(), atol=a * 2)\n";
  const uint32_t line = 9;
  EXPECT_EQ(comparableAt(code, line, "atol"), "a * 2");
}
