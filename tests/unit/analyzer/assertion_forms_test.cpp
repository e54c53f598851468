// Forms of OA checks read from suites beyond the study's (2026-11-26): closeness predicates over
// a comprehension, jax.numpy's and the tensor methods' predicates, TensorFlow's assertNotAllClose,
// the array module `xp` of Chainer and CuPy, and what wrapper discovery follows (a conversion
// method's receiver, a mean) or does not (the method's own `self`).
#include <gtest/gtest.h>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::tolerance;

TEST(AssertionForms, AClosenessPredicateOverEveryElementOfAComprehensionIsOneCheck) {
  auto r = scanOne(
      "import numpy as np\n"
      "import torch\n"
      "def test_a():\n"
      "    assert all(torch.allclose(r1[i], r2[i], atol=1e-6) for i in range(len(r1)))\n"
      "    assert any([np.isclose(x, y).all() for y in ys])\n"
      "    assert [torch.allclose(a, b) for a, b in pairs]\n"
      "    assert all(len(x) > 1 for x in xs)\n");
  ASSERT_EQ(r.assertions.size(), 4u);
  EXPECT_TRUE(r.assertions[0].isOa);
  EXPECT_EQ(r.assertions[0].api, "torch.allclose");
  EXPECT_EQ(r.assertions[0].actualText, "r1[i]");
  EXPECT_EQ(r.assertions[0].expectedText, "r2[i]");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "atol")->value, 1e-6);
  EXPECT_TRUE(r.assertions[1].isOa);
  EXPECT_EQ(r.assertions[1].api, "numpy.isclose");
  EXPECT_FALSE(r.assertions[2].isOa) << "a list is true when it is not empty, whatever it holds";
  EXPECT_FALSE(r.assertions[3].isOa);
}

// jax.numpy's predicates take numpy's tolerances; tf.test.TestCase.assertNotAllClose passes its
// keywords to assertAllClose and fails when the values are close.
TEST(AssertionForms, JaxNumpyPredicatesAndTensorFlowsNotAllClose) {
  auto r = scanOne(
      "import jax.numpy as jnp\n"
      "import tensorflow as tf\n"
      "class T(tf.test.TestCase):\n"
      "  def test_a(self):\n"
      "    assert jnp.allclose(f(1), g(1), atol=1e-6)\n"
      "    self.assertTrue(jnp.isclose(f(2), 0.5).all())\n"
      "    self.assertNotAllClose(f(3), g(3), atol=1e-3)\n"
      "    jnp.allclose(f(4), g(4))\n");
  ASSERT_EQ(r.assertions.size(), 3u);
  EXPECT_EQ(r.assertions[0].api, "jax.numpy.allclose");
  EXPECT_TRUE(r.assertions[0].isOa);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "atol")->value, 1e-6);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "rtol")->value, 1e-5);
  EXPECT_EQ(tolerance(r.assertions[0], "rtol")->provenance, Provenance::Default);
  EXPECT_EQ(r.assertions[1].api, "jax.numpy.isclose");
  EXPECT_EQ(r.assertions[1].expectedText, "0.5");
  EXPECT_EQ(r.assertions[2].api, "tf.test.TestCase.assertNotAllClose");
  EXPECT_TRUE(r.assertions[2].isOa);
  EXPECT_TRUE(r.assertions[2].negated);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[2], "atol")->value, 1e-3);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[2], "rtol")->value, 1e-6);
}

// Chainer's and CuPy's suites check with the testing module of `xp`, the array module at hand
// (numpy or cupy), whose functions take numpy's arguments and defaults; CuPy's own are numpy's.
TEST(AssertionForms, TheArrayModulesTestingFunctionsAreNumpys) {
  auto r = scanOne(
      "import cupy\n"
      "from chainer import backend\n"
      "def test_a(backend_config):\n"
      "    xp = backend.get_array_module(x)\n"
      "    xp.testing.assert_allclose(f(x), g(x), atol=1e-4)\n"
      "    backend_config.xp.testing.assert_array_almost_equal(f(x), g(x), 4)\n"
      "    cupy.testing.assert_allclose(f(x), g(x))\n"
      "    xp.testing.assert_array_equal(f(x), g(x))\n"
      "    wxp.testing.assert_allclose(f(x), g(x))\n");
  ASSERT_EQ(r.assertions.size(), 5u);
  EXPECT_EQ(r.assertions[0].api, "numpy.testing.assert_allclose");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "rtol")->value, 1e-7);
  EXPECT_EQ(r.assertions[1].api, "numpy.testing.assert_array_almost_equal");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[1], "decimal")->value, 4);
  EXPECT_EQ(r.assertions[2].api, "numpy.testing.assert_allclose");
  EXPECT_TRUE(r.assertions[2].isOa);
  EXPECT_EQ(r.assertions[3].api, "numpy.testing.assert_array_equal");
  EXPECT_FALSE(r.assertions[3].isOa);
  EXPECT_FALSE(r.assertions[4].isOa) << "only a module named xp is the array module";
}

// PyTorch's tensor methods `out.allclose(ref)` and `out.isclose(ref)` are torch.allclose on the
// tensor; a module's function of that name (`tf.experimental.numpy.allclose`) is not one.
TEST(AssertionForms, TheTensorMethodsAllcloseAndIscloseArePredicatesOfTheirReceiver) {
  auto r = scanOne(
      "import tensorflow as tf\n"
      "def test_a():\n"
      "    assert out.allclose(exp, atol=1e-6)\n"
      "    assert not ema.running_mean.isclose(model.running_mean).all()\n"
      "    out.allclose(exp)\n"
      "    assert tf.experimental.numpy.allclose(a, b)\n"
      "    assert np.allclose(f(1), g(1))\n"
      "    for (name, param), g in zip(params.items(), grads):\n"
      "        assert param.allclose(cache[name] - g)\n");
  ASSERT_EQ(r.assertions.size(), 5u);
  EXPECT_EQ(r.assertions[0].api, "torch.Tensor.allclose");
  EXPECT_TRUE(r.assertions[0].isOa);
  EXPECT_EQ(r.assertions[0].actualText, "out");
  EXPECT_EQ(r.assertions[0].expectedText, "exp");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "atol")->value, 1e-6);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "rtol")->value, 1e-5);
  EXPECT_TRUE(r.assertions[1].isOa);
  EXPECT_TRUE(r.assertions[1].negated);
  EXPECT_FALSE(r.assertions[2].isOa) << "a module's function is no method of a tensor";
  EXPECT_FALSE(r.assertions[3].isOa) << "`np` is bound by nothing here: no tensor of ours";
  EXPECT_TRUE(r.assertions[4].isOa) << "a target of a nested tuple is bound by its loop";
  EXPECT_EQ(r.assertions[4].actualText, "param");
}

// JAX's Pallas tests compare in float32 whatever the dtype: `out.astype(jnp.float32)` passes the
// parameter on as its receiver, while the argument (a dtype) comes from elsewhere.
TEST(AssertionForms, AMethodThatConvertsAParameterPassesItsReceiverOn) {
  auto r = scanOne(
      "import numpy as np\n"
      "import jax.numpy as jnp\n"
      "class T:\n"
      "  def close(self, out, expected, *, atol=1e-5, rtol=1e-5):\n"
      "    np.testing.assert_allclose(out.astype(jnp.float32), expected.astype(jnp.float32), atol=atol, rtol=rtol)\n"
      "  def cast(self, out, ref):\n"
      "    np.testing.assert_allclose(out.astype(ref.dtype), ref)\n"
      "  def test_a(self):\n"
      "    self.close(f(1), g(1), atol=1e-3)\n"
      "    self.cast(f(1), g(1))\n");
  const Assertion* close = atLine(r, 9);
  ASSERT_NE(close, nullptr);
  EXPECT_TRUE(close->isOa);
  EXPECT_EQ(close->actualText, "f(1)");
  EXPECT_EQ(close->expectedText, "g(1)");
  EXPECT_DOUBLE_EQ(*tolerance(*close, "atol")->value, 1e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*close, "rtol")->value, 1e-5);
  const Assertion* cast = atLine(r, 10);
  ASSERT_NE(cast, nullptr);
  EXPECT_EQ(cast->actualText, "f(1)") << "the dtype argument is not the value compared";
  EXPECT_EQ(cast->expectedText, "g(1)");
}

// A method's own object holds the test's data, not a value its callers pass: tinygrad's
// `np.testing.assert_allclose(self.res, test)` and Chainer's `self.x.mean(axis=0)` made their
// helpers wrappers of `self`, and every call of them an OA check of its arguments. One side
// may be the object's state when the other is the caller's (tinygrad's `_compare(losses)`
// against the baseline `self.losses`).
TEST(AssertionForms, AWrapperComparesAtLeastOneValueItsCallerPasses) {
  auto r = scanOne(
      "import numpy as np\n"
      "class T:\n"
      "  def check_statistics(self, x):\n"
      "    np.testing.assert_allclose(self.x.mean(axis=0), self.link.avg_mean)\n"
      "  def check_covariance(self, is_gpu):\n"
      "    np.testing.assert_allclose(self.dist.cov, self.params['cov'])\n"
      "  def _compare(self, losses):\n"
      "    for i, (x, y) in enumerate(zip(self.losses, losses)):\n"
      "      self.assertAlmostEqual(x, y, places=5)\n"
      "  def test_a(self):\n"
      "    self.check_statistics(self.x)\n"  // 11
      "    self.check_covariance(False)\n"   // 12
      "    self._compare(run())\n");         // 13
  EXPECT_EQ(atLine(r, 11), nullptr);
  EXPECT_EQ(atLine(r, 12), nullptr);
  const Assertion* compare = atLine(r, 13);
  ASSERT_NE(compare, nullptr);
  EXPECT_TRUE(compare->isOa);
  EXPECT_EQ(compare->expectedText, "run()");
  EXPECT_DOUBLE_EQ(*tolerance(*compare, "places")->value, 5);
}

// A parameter the helper's own body assigns anew from something else (Chainer's `def
// check_forward(self, y): y = F.upsampling_2d(self.pooled_y, ...)`) is no longer the caller's
// value; `x = np.asarray(x)` and a default set under a condition keep it.
TEST(AssertionForms, AParameterAssignedAnewIsNotTheCallersValue) {
  auto r = scanOne(
      "import numpy as np\n"
      "class T:\n"
      "  def check_forward(self, y):\n"
      "    y = upsample(self.pooled)\n"
      "    np.testing.assert_allclose(self.pooled, y)\n"
      "  def check_close(self, x, atol=None):\n"
      "    if atol is None:\n"
      "      atol = 1e-5\n"
      "    x = np.asarray(x)\n"
      "    np.testing.assert_allclose(x, self.ref, atol=atol)\n"
      "  def test_a(self):\n"
      "    self.check_forward(self.x)\n"            // 12
      "    self.check_close(run(), atol=1e-3)\n");  // 13
  EXPECT_EQ(atLine(r, 12), nullptr);
  const Assertion* close = atLine(r, 13);
  ASSERT_NE(close, nullptr);
  EXPECT_TRUE(close->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*close, "atol")->value, 1e-3);
}

// TFP's assertAllMeansClose(samples, expected, axis, atol, rtol) checks the mean of the samples:
// each call is an OA check of its arguments, with its own tolerances.
TEST(AssertionForms, AWrapperMayCompareTheMeanOfTheValuePassed) {
  auto r = scanOne(
      "import tensorflow as tf\n"
      "class TestCase(tf.test.TestCase):\n"
      "  def assertAllMeansClose(self, to_reduce, expected, axis, atol=1e-6, rtol=1e-6):\n"
      "    mean = tf.reduce_mean(to_reduce, axis=axis)\n"
      "    self.assertAllClose(mean, expected, atol=atol, rtol=rtol)\n"
      "class NormalTest(TestCase):\n"
      "  def test_mean(self):\n"
      "    self.assertAllMeansClose(samples, 0.5, axis=0, atol=0.1)\n");
  const Assertion* a = atLine(r, 8);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isOa);
  EXPECT_EQ(a->actualText, "samples");
  EXPECT_DOUBLE_EQ(*tolerance(*a, "atol")->value, 0.1);
  EXPECT_DOUBLE_EQ(*tolerance(*a, "rtol")->value, 1e-6);
}

// JAX's differential checks: `_CheckAgainstNumpy(np_fun, jnp_fun, args_maker, tol=...)` runs both
// functions it is given on the same arguments and compares the answers, with each tolerance the
// first given of two parameters (`atol=atol or tol`).
TEST(AssertionForms, AHelperComparingTwoFunctionsItIsGivenIsAWrapperOfThem) {
  auto r = scanOne(
      "import numpy as np\n"
      "import jax.numpy as jnp\n"
      "class T:\n"
      "  def _CheckAgainstNumpy(self, numpy_op, lax_op, args_maker, tol=None, atol=None, rtol=None):\n"
      "    args = args_maker()\n"
      "    lax_ans = lax_op(*args)\n"
      "    numpy_ans = numpy_op(*args)\n"
      "    np.testing.assert_allclose(lax_ans, numpy_ans, atol=atol or tol, rtol=rtol or tol)\n"
      "  def test_add(self):\n"
      "    self._CheckAgainstNumpy(np.add, jnp.add, make, tol=1e-5)\n"          // 10
      "    self._CheckAgainstNumpy(np.sub, jnp.sub, make, tol=1e-5, atol=0)\n"  // 11
      "    self._CheckAgainstNumpy(np.mul, jnp.mul, make)\n");                  // 12
  const Assertion* add = atLine(r, 10);
  ASSERT_NE(add, nullptr);
  EXPECT_TRUE(add->isOa);
  EXPECT_EQ(add->actualText, "jnp.add");
  EXPECT_EQ(add->expectedText, "np.add");
  EXPECT_DOUBLE_EQ(*tolerance(*add, "atol")->value, 1e-5);
  EXPECT_DOUBLE_EQ(*tolerance(*add, "rtol")->value, 1e-5);
  EXPECT_EQ(add->tolerances.size(), 2u) << "one tolerance per kind";
  const Assertion* sub = atLine(r, 11);
  ASSERT_NE(sub, nullptr);
  EXPECT_DOUBLE_EQ(*tolerance(*sub, "atol")->value, 0) << "the first parameter given wins";
  EXPECT_DOUBLE_EQ(*tolerance(*sub, "rtol")->value, 1e-5);
  const Assertion* mul = atLine(r, 12);
  ASSERT_NE(mul, nullptr);
  EXPECT_EQ(tolerance(*mul, "rtol")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*mul, "rtol")->value, 1e-7) << "numpy's default when neither is given";
}

// tinygrad's helper_test_op(shapes, torch_fxn, tinygrad_fxn, atol=1e-6, rtol=1e-3) compares what
// the two functions compute, the lazy tinygrad tensor made concrete with `.realize()`, through a
// nested helper that checks its own two parameters.
TEST(AssertionForms, ALazyTensorRealizedIsTheValueItsFunctionComputes) {
  auto r = scanOne(
      "import numpy as np\n"
      "def helper_test_op(shps, torch_fxn, tinygrad_fxn=None, atol=1e-6, rtol=1e-3):\n"
      "  if tinygrad_fxn is None: tinygrad_fxn = torch_fxn\n"
      "  ts, tst = prepare(shps)\n"
      "  out = torch_fxn(*ts)\n"
      "  ret = tinygrad_fxn(*tst).realize()\n"
      "  def compare(s, tinygrad_output, torch_output, atol, rtol):\n"
      "    np.testing.assert_allclose(tinygrad_output, torch_output, atol=atol, rtol=rtol)\n"
      "  compare('forward pass', ret.numpy(), out.detach().cpu().numpy(), atol=atol, rtol=rtol)\n"
      "def test_dot():\n"
      "  helper_test_op([(45, 65), (65, 45)], lambda x, y: x.matmul(y), Tensor.dot, atol=1e-4)\n");  // 11
  const Assertion* dot = atLine(r, 11);
  ASSERT_NE(dot, nullptr);
  EXPECT_TRUE(dot->isOa);
  EXPECT_EQ(dot->actualText, "Tensor.dot");
  EXPECT_DOUBLE_EQ(*tolerance(*dot, "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(*dot, "rtol")->value, 1e-3);
}

// Backend-neutral suites convert what they compare before numpy checks it: TensorLy's
// `np.testing.assert_allclose(T.to_numpy(actual), T.to_numpy(desired), ...)`, MXNet's
// `assert_allclose(A.asnumpy(), B.asnumpy(), **kwds)`. The conversion passes the caller's value on.
TEST(AssertionForms, ToNumpyAndAsnumpyPassTheCallersValueOn) {
  auto r = oalens::testing::scanPython({{"pkg/testing.py",
                                         "import numpy as np\n"
                                         "from pkg import backend as T\n"
                                         "def assert_allclose(actual, desired, rtol=1e-07, atol=0.0):\n"
                                         "    np.testing.assert_allclose(T.to_numpy(actual), T.to_numpy(desired), rtol=rtol, atol=atol)\n"
                                         "def assert_mx_allclose(A, B, **kwds):\n"
                                         "    return np.testing.assert_allclose(A.asnumpy(), B.asnumpy(), **kwds)\n"},
                                        {"pkg/tests/test_x.py",
                                         "from pkg.testing import assert_allclose, assert_mx_allclose\n"
                                         "def test_a():\n"
                                         "    assert_allclose(f(x), y, rtol=1e-3)\n"
                                         "    assert_mx_allclose(f(x), y, atol=1e-4)\n"}});
  std::vector<const Assertion*> inTest;
  for (const auto& a : r.assertions)
    if (a.file == "pkg/tests/test_x.py") inTest.push_back(&a);
  ASSERT_EQ(inTest.size(), 2u);
  EXPECT_TRUE(inTest[0]->isOa);
  EXPECT_EQ(inTest[0]->via, "numpy.testing.assert_allclose");
  EXPECT_DOUBLE_EQ(*tolerance(*inTest[0], "rtol")->value, 1e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*inTest[0], "atol")->value, 0.0);  // the wrapper's own default
  EXPECT_TRUE(inTest[1]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*inTest[1], "atol")->value, 1e-4);
}
