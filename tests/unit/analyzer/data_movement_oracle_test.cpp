// Data movement is transparent to the oracle's origin (docs/oracles.md): a library's own
// conversions, device moves and copies, one input in another layout and a tensor's new zeros hand
// their data on, so a literal moved stays a literal and the library's run stays the library's.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::oracleTypeAt;
using oalens::testing::scanPython;

TEST(OracleClassifier, TheLibrarysConversionsPassTheirDataThrough) {
  // MXNet's layout: the package under python/, inputs built with its own array constructor,
  // results converted with .asnumpy().
  ScanResult r = scanPython({{"python/netlib/__init__.py", ""},
                             {"python/netlib/test_utils.py",
                              "from .ops import exp_reference\n"
                              "def reference_exp(x):\n"
                              "    return exp_reference(x)\n"},
                             {"tests/test_ops.py",
                              "import numpy as onp\n"
                              "import netlib as nl\n"
                              "from numpy.testing import assert_allclose\n"
                              "def test_literal():\n"
                              "    out = nl.np.add(nl.np.array([1., 2.]), 1)\n"
                              "    assert_allclose(out.asnumpy(), nl.np.array([2., 3.]).asnumpy())\n"  // line 6
                              "def test_reference():\n"
                              "    x = nl.np.array(onp.random.rand(4))\n"
                              "    out = nl.np.exp(x)\n"
                              "    assert_allclose(out.asnumpy(), onp.exp(x.asnumpy()))\n"  // line 10
                              "def test_hybrid():\n"
                              "    x = nl.np.array(onp.random.rand(4))\n"
                              "    net = nl.gluon.Dense(2)\n"
                              "    net2 = nl.gluon.Dense(2)\n"
                              "    net2.hybridize()\n"
                              "    assert_allclose(net(x).asnumpy(), net2(x).asnumpy())\n"  // line 16
                              "def test_helper():\n"
                              "    from netlib.test_utils import reference_exp\n"
                              "    x = nl.np.array(onp.random.rand(4))\n"
                              "    assert_allclose(nl.np.exp(x).asnumpy(), reference_exp(x))\n"}});  // line 20
  classifyOracles(r);
  EXPECT_EQ(r.libraryPackages, (std::vector<std::string>{"netlib"}));
  EXPECT_EQ(oracleTypeAt(r, 6), "D");    // was RI: the constructor read as a function of the library
  EXPECT_EQ(oracleTypeAt(r, 10), "DT");  // numpy's exp on the converted input
  EXPECT_EQ(oracleTypeAt(r, 16), "SCUT_SAME");
  // The suite's helper calls python/netlib/ops.py, named python.netlib.ops in the tree: the library.
  EXPECT_EQ(oracleTypeAt(r, 20), "RI");
}

// PyTorch's device moves and copies (`.to(device)`, `.cpu()`, `.detach()`, `.clone()`,
// `.numpy()`) hand their tensor on: a literal moved to a device is still a literal, and two runs
// of the library compared on the CPU are still the library's. They read as another library's
// computation (DT) before (DGL, PyG, PyTorch3D: 160 oracles now D).
TEST(OracleClassifier, DeviceMovesAndCopiesPassTheirTensorThrough) {
  ScanResult r = scanPython({{"geomlib/__init__.py", ""},
                             {"tests/test_ops.py",
                              "import torch\n"
                              "import geomlib\n"
                              "def test_literal(device):\n"
                              "    expected = torch.tensor([1.0, 2.0]).to(device)\n"
                              "    torch.testing.assert_close(geomlib.f(device).cpu(), expected.cpu())\n"  // line 5
                              "def test_copy():\n"
                              "    x = torch.randn(3)\n"
                              "    torch.testing.assert_close(geomlib.identity(x), x.clone().detach().numpy())\n"  // line 8
                              "def test_two_runs():\n"
                              "    x = torch.randn(3)\n"
                              "    torch.testing.assert_close(geomlib.f(x).cpu(), geomlib.f(x.cuda()).cpu())\n"}});  // line 11
  classifyOracles(r);
  EXPECT_EQ(oracleTypeAt(r, 5), "D");
  EXPECT_EQ(oracleTypeAt(r, 8), "D");
  EXPECT_EQ(oracleTypeAt(r, 11), "SCUT_SAME");
}

// One graph given as an edge list and as a sparse adjacency made from it (PyTorch Geometric's
// conv tests: 13 of the 18 disagreements of its labels, read as another function (RI) or
// another input (SCUT_DIFF) before): the same input in another layout. The conversion compared by
// itself is the code under test.
TEST(OracleClassifier, OneInputInAnotherLayoutIsTheSameInput) {
  ScanResult r = scanPython({{"graphlib/__init__.py", ""},
                             {"graphlib/utils.py", "def to_torch_csc_tensor(edge_index, size=None):\n    pass\n"},
                             {"tests/test_conv.py",
                              "import torch\n"
                              "from graphlib import Conv\n"
                              "from graphlib.utils import to_torch_csc_tensor\n"
                              "def test_layouts():\n"
                              "    x = torch.randn(4, 8)\n"
                              "    edge_index = torch.tensor([[0, 1], [1, 0]])\n"
                              "    adj = to_torch_csc_tensor(edge_index, size=(4, 4))\n"
                              "    conv = Conv(8)\n"
                              "    out = conv(x, edge_index)\n"
                              "    assert torch.allclose(conv(x, adj.t()), out)\n"                          // line 10
                              "    assert torch.allclose(conv(x, to_torch_csc_tensor(edge_index)), out)\n"  // line 11
                              "    assert torch.allclose(conv(x, adj.to_dense()), out)\n"                   // line 12
                              "def test_the_conversion():\n"
                              "    edge_index = torch.tensor([[0, 1], [1, 0]])\n"
                              "    dense = to_torch_csc_tensor(edge_index).to_dense()\n"
                              "    assert torch.allclose(dense, torch.tensor([[0.0, 1.0], [1.0, 0.0]]))\n"}});  // line 16
  classifyOracles(r, {"graphlib"});
  EXPECT_EQ(oracleTypeAt(r, 10), "SCUT_SAME");
  EXPECT_EQ(oracleTypeAt(r, 11), "SCUT_SAME");
  EXPECT_EQ(oracleTypeAt(r, 12), "SCUT_SAME");
  EXPECT_EQ(oracleTypeAt(r, 16), "D");
}

TEST(OracleClassifier, ATensorsNewZerosAreFixedValuesWhateverTheTensorHolds) {
  ScanResult r = scanPython({{"optlib/__init__.py", ""},
                             {"tests/test_steps.py",
                              "import torch\n"
                              "import optlib\n"
                              "def test_converges_to_zero():\n"
                              "    param = optlib.parameter(torch.ones(3))\n"
                              "    optlib.minimize_square(param, steps=100)\n"
                              "    assert torch.allclose(param, param.new_zeros(param.shape), atol=1e-2)\n"}});  // line 6
  classifyOracles(r, {"optlib"});
  EXPECT_EQ(oracleTypeAt(r, 6), "D");
}
