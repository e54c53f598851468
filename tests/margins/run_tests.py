"""CTest's entry to the margins tests: runs pytest on this folder with the plugin's source on
the path, writing nothing into the tree; exits 77 (CTest's skip) when this Python lacks pytest
or NumPy, which scripts/setup installs (python3-pytest, python3-numpy)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))

sys.dont_write_bytecode = True
try:
    import numpy  # noqa: F401
    import pytest
except ImportError as e:
    print("margins tests skipped: %s has no %s (scripts/setup installs python3-pytest and python3-numpy)"
          % (sys.executable, e.name))
    sys.exit(77)

os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
sys.path.insert(0, os.path.join(SOURCE, "miners", "margins"))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", HERE, HERE] + sys.argv[1:]))
