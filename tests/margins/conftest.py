"""Runs corpora/margins_suite under the plugin once per configuration (in a copy, so the source
tree stays clean) and hands the tests the databases, the pytest outcomes and the logged truths."""

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2]
SUITE = SOURCE / "corpora" / "margins_suite"
PLUGIN_PATH = SOURCE / "miners" / "margins"
PYTHON = sys.executable

try:
    import torch  # noqa: F401

    HAVE_TORCH = True
except Exception:
    HAVE_TORCH = False


def site_lines(root):
    """{site name: (file, line)} from the `# site: NAME` comments of a suite folder."""
    sites = {}
    for path in sorted(Path(root).glob("*.py")):
        for number, text in enumerate(path.read_text().splitlines(), 1):
            m = re.search(r"# site: (\w+)", text)
            if m:
                sites[m.group(1)] = (path.name, number)
    return sites


def run_pytest(cwd, args, truth=None, plugin=True, extra_env=None):
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONPATH"] = str(PLUGIN_PATH) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTEST_ADDOPTS", None)
    if truth:
        env["OALENS_MARGINS_TRUTH"] = str(truth)
    if extra_env:
        env.update(extra_env)
    cmd = [PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider"] + (["-p", "oalens_margins"] if plugin else []) + args
    return subprocess.run(cmd, cwd=str(cwd), env=env, capture_output=True, text=True, timeout=600)


def junit_outcomes(path):
    outcomes = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        kind = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                kind = child.tag
        outcomes[(case.get("classname"), case.get("name"))] = kind
    return outcomes


def read_truth(path):
    if not Path(path).exists():
        return []
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


class SuiteRun:
    def __init__(self, folder, name, runs, plugin=True):
        self.folder = folder
        self.db = folder.parent / (name + ".db")
        self.truth = folder.parent / (name + ".truth.jsonl")
        self.junit = folder.parent / (name + ".xml")
        args = ["--junitxml", str(self.junit)]
        if plugin:
            args += ["--oalens-margins=%s" % self.db, "--oalens-margins-runs", str(runs)]
        self.result = run_pytest(folder, args, truth=self.truth, plugin=plugin)
        self.outcomes = junit_outcomes(self.junit)
        self.truths = read_truth(self.truth)

    def query(self, sql, *params):
        con = sqlite3.connect(str(self.db))
        try:
            return con.execute(sql, params).fetchall()
        finally:
            con.close()


@pytest.fixture(scope="session")
def suite_dir(tmp_path_factory):
    base = tmp_path_factory.mktemp("margins")
    folder = base / "suite"
    shutil.copytree(SUITE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.fixture(scope="session")
def sites(suite_dir):
    return site_lines(suite_dir)


@pytest.fixture(scope="session")
def plain_run(suite_dir):
    return SuiteRun(suite_dir, "plain", 1, plugin=False)


@pytest.fixture(scope="session")
def one_run(suite_dir):
    return SuiteRun(suite_dir, "one", 1)


@pytest.fixture(scope="session")
def five_runs(suite_dir):
    return SuiteRun(suite_dir, "five", 5)
