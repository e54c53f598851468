#include "miners/classify/respelled_value.h"

#include <gtest/gtest.h>

namespace oalens::miners {
namespace {

TEST(RespelledValue, TypingCastsAreLeftOut) {
  EXPECT_EQ(withoutTypeCasts("self.assertAlmostEqual(cast(float, pert), 2.0)"), "self.assertAlmostEqual(pert,2.0)");
  EXPECT_EQ(withoutTypeCasts("f(typing.cast(Tensor, g[i].grad), cast(List[int], (a, b)))"), "f(g[i].grad,(a,b))");
  // A method named cast is the library's conversion, not a type checker's annotation.
  EXPECT_EQ(withoutTypeCasts("f(x.cast(dtype))"), "f(x.cast(dtype))");
  EXPECT_EQ(withoutTypeCasts("broadcast(a, b)"), "broadcast(a,b)");
}

TEST(RespelledValue, OnlyATypingCastAdded) {
  EXPECT_TRUE(onlyAddsTypeCasts("self.assertAlmostEqual(pert, 2.0)", "self.assertAlmostEqual(cast(float, pert), 2.0)"));
  EXPECT_FALSE(onlyAddsTypeCasts("self.assertAlmostEqual(pert, 2.0)", "self.assertAlmostEqual(cast(float, pert), 3.0)"));
  EXPECT_FALSE(onlyAddsTypeCasts("self.assertAlmostEqual(cast(float, pert), 2.0)", "self.assertAlmostEqual(cast(float, pert), 2.0)"));
  EXPECT_FALSE(onlyAddsTypeCasts("assert_allclose(x, y)", "assert_allclose(x.cast(f32), y)"));
}

TEST(RespelledValue, AnExpressionNamedByALocal) {
  const char* oldText = "def test():\n    cavs = run()\n    assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)\n";
  const char* newText =
      "def test():\n    cavs = run()\n    stats = cavs['0-1']['conv1'].stats  # pyre-fixme\n    assertAlmostEqual(stats['accs'].item(), "
      "0.48)\n";
  EXPECT_TRUE(namesAnExpression("assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)",
                                "assertAlmostEqual(stats['accs'].item(), 0.48)", oldText, newText, 3, 4));
  // Written back in place: the reverse.
  EXPECT_TRUE(namesAnExpression("assertAlmostEqual(stats['accs'].item(), 0.48)",
                                "assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)", newText, oldText, 4, 3));
  // Bound in another test of the file: not this check's local.
  const char* elsewhere =
      "def test_a():\n    stats = cavs['0-1']['conv1'].stats\n\ndef test():\n    assertAlmostEqual(stats['accs'].item(), 0.48)\n";
  EXPECT_FALSE(namesAnExpression("assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)",
                                 "assertAlmostEqual(stats['accs'].item(), 0.48)", oldText, elsewhere, 3, 5));
  // A name rebound from itself changes the value; a literal named readies something else.
  const char* rebound = "def test():\n    t = run()\n    t = t.cpu().numpy()\n    assert e == approx(t)\n";
  EXPECT_FALSE(namesAnExpression("assert e == approx(t)", "assert e == approx(t.cpu().numpy())", rebound, "", 4, 3));
  const char* named = "def test():\n    layer = 'conv2'\n    assertAlmostEqual(s[layer], 1.0)\n";
  EXPECT_FALSE(namesAnExpression("assertAlmostEqual(s['conv2'], 1.0)", "assertAlmostEqual(s[layer], 1.0)", "", named, 2, 3));
  // A local bound to something else is another value.
  const char* otherText = "def test():\n    stats = cavs['0-2']['conv1'].stats\n    assertAlmostEqual(stats['accs'].item(), 0.48)\n";
  EXPECT_FALSE(namesAnExpression("assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)",
                                 "assertAlmostEqual(stats['accs'].item(), 0.48)", oldText, otherText, 3, 3));
  // Another expected value besides is a change of what is compared.
  EXPECT_FALSE(namesAnExpression("assertAlmostEqual(cavs['0-1']['conv1'].stats['accs'].item(), 0.48)",
                                 "assertAlmostEqual(stats['accs'].item(), 0.5)", oldText, newText, 3, 4));
}

}  // namespace
}  // namespace oalens::miners
