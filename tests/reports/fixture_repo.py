"""A small git repository for the report tests, written here with fixed dates and identities: a
test suite under sub/tests/ whose second commit loosens an OA tolerance (a lint finding, a gate
finding and an OA assertion for scan), plus a file with a NUL byte (an input diagnostic)."""

import os
import subprocess
from pathlib import Path

BEFORE = """import numpy as np


def test_layer_norm():
    out = np.ones(3)
    np.testing.assert_allclose(out, np.ones(3), rtol=1e-6)
"""
AFTER = BEFORE.replace("rtol=1e-6", "rtol=0.5")
LINE, COLUMN = 6, 5  # of the assertion, in both versions

ENV = {
    "GIT_AUTHOR_NAME": "Fixture", "GIT_AUTHOR_EMAIL": "fixture@example.org", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_NAME": "Fixture", "GIT_COMMITTER_EMAIL": "fixture@example.org", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo, *args):
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env={**os.environ, **ENV})


def write_suite(root, text=AFTER):
    tests = Path(root) / "tests"
    tests.mkdir(parents=True, exist_ok=True)
    (tests / "test_ops.py").write_text(text)
    (tests / "test_blob.py").write_bytes(b"x = 1\n\0\n")
    return tests


def make_repo(repo):
    """The repository at `repo` (created): HEAD~1 has rtol=1e-6, HEAD rtol=0.5, under sub/tests/."""
    repo = Path(repo)
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    write_suite(repo / "sub", BEFORE)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "suite")
    write_suite(repo / "sub", AFTER)
    git(repo, "commit", "-q", "-am", "loosen")
    return repo
