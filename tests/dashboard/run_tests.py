"""CTest's entry to the dashboard's browser tests: runs pytest on this folder, writing nothing
into the tree; exits 77 (CTest's skip) when this Python lacks pytest (scripts/setup installs
python3-pytest)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

sys.dont_write_bytecode = True
try:
    import pytest
except ImportError as e:
    print("dashboard tests skipped: %s has no %s (scripts/setup installs python3-pytest)" % (sys.executable, e.name))
    sys.exit(77)

os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", HERE, HERE] + sys.argv[1:]))
