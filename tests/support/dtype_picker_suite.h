// A small suite of ours in JAX's layout (the module names the catalogue's dtype picker is
// known by): `tolerance(dtype, tol)`, and a base test case whose checks rebind their
// tolerances through it. Shared by the scan's and the change classifier's tests.
#pragma once
#include <string>

#include "tests/support/scan_helpers.h"

namespace oalens::testing {

inline const char* kDtypePicker =
    "def tolerance(dtype, tol=None):\n"
    "    table = tol if isinstance(tol, dict) else {}\n"
    "    if tol is not None and not isinstance(tol, dict):\n"
    "        return tol\n"
    "    return table.get(dtype, _defaults[dtype])\n";

inline const char* kDtypePickingTestCase =
    "import numpy as np\n"
    "from jax._src.public_test_util import tolerance\n"
    "class JaxTestCase:\n"
    "    def assertArraysAllClose(self, x, y, *, atol=None, rtol=None):\n"
    "        atol = max(tolerance(x.dtype, atol), tolerance(y.dtype, atol))\n"
    "        rtol = max(tolerance(x.dtype, rtol), tolerance(y.dtype, rtol))\n"
    "        np.testing.assert_allclose(x, y, atol=atol, rtol=rtol)\n"
    // The recursion over sequences comes first, as in JAX's own: it is no check of another API.
    "    def assertAllClose(self, x, y, *, atol=None, rtol=None):\n"
    "        if isinstance(x, (list, tuple)):\n"
    "            for a, b in zip(x, y):\n"
    "                self.assertAllClose(a, b, atol=atol, rtol=rtol)\n"
    "        else:\n"
    "            self.assertArraysAllClose(x, y, atol=atol, rtol=rtol)\n"
    // Matched by method name to TensorFlow's assertAllClose in the first round, before the
    // case's own is known: read again once it is.
    "    def checkAgainstNumpy(self, np_fn, our_fn, args, tol=None, atol=None, rtol=None):\n"
    "        self.assertAllClose(np_fn(*args), our_fn(*args), atol=atol or tol, rtol=rtol or tol)\n";

// `tests`: the text of tests/ops_test.py.
inline analyzer::ScanResult scanDtypePickerSuite(const std::string& tests) {
  return scanPython(
      {{"jax/_src/public_test_util.py", kDtypePicker}, {"jax/_src/test_util.py", kDtypePickingTestCase}, {"tests/ops_test.py", tests}});
}

}  // namespace oalens::testing
