"""Paths in every output of scan, lint and diff are relative to the repository root (outside a
repository, to the current directory), whatever directory the command runs in: text, JSON, CSV,
SARIF and GitHub annotations, and the diagnostics on stderr.
Usage: report_paths_test.py OALENS_BINARY"""

import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixture_repo import COLUMN, LINE, make_repo, write_suite  # noqa: E402

BINARY = None
FILE = "sub/tests/test_ops.py"
BLOB = "sub/tests/test_blob.py"


def oalens(cwd, *args):
    return subprocess.run([BINARY, *args], cwd=str(cwd), capture_output=True, text=True, timeout=120)


class InRepository(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.repo = make_repo(Path(cls.tmp.name) / "repo")
        cls.sub = cls.repo / "sub"

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_lint_text_and_stderr_from_a_subdirectory(self):
        r = oalens(self.sub, "lint", "tests")
        self.assertIn(f"{FILE}:{LINE}:{COLUMN}: warning: ", r.stdout)
        self.assertIn(f"{BLOB}:", r.stderr)

    def test_lint_of_one_file_named_from_its_own_directory(self):
        r = oalens(self.sub / "tests", "lint", "test_ops.py")
        self.assertTrue(r.stdout.startswith(f"{FILE}:{LINE}:{COLUMN}: "), r.stdout)

    def test_lint_json_csv_github(self):
        j = json.loads(oalens(self.sub, "lint", "tests", "--format", "json", "-q").stdout)
        self.assertEqual([f["file"] for f in j["findings"]], [FILE])
        rows = list(csv.DictReader(io.StringIO(oalens(self.sub, "lint", "tests", "--format", "csv", "-q").stdout)))
        self.assertEqual([row["file"] for row in rows], [FILE])
        github = oalens(self.sub, "lint", "tests", "--format", "github", "-q").stdout
        self.assertTrue(github.startswith(f"::warning file={FILE},line={LINE},col={COLUMN},"), github)

    def test_lint_sarif(self):
        self.check_sarif(json.loads(oalens(self.sub, "lint", "tests", "--format", "sarif", "-q").stdout))

    def test_scan_json_csv_sarif_and_stderr(self):
        r = oalens(self.sub, "scan", "tests", "--format", "json")
        self.assertIn(f"{BLOB}:", r.stderr)
        j = json.loads(r.stdout)
        self.assertEqual({a["file"] for a in j["assertions"]}, {FILE})
        self.assertEqual({t["file"] for t in j["test_cases"]}, {FILE})
        self.assertEqual({d["file"] for d in j["diagnostics"]}, {BLOB})
        rows = list(csv.DictReader(io.StringIO(oalens(self.sub, "scan", "tests", "--format", "csv", "-q").stdout)))
        self.assertEqual({row["file"] for row in rows}, {FILE})
        self.check_sarif(json.loads(oalens(self.sub, "scan", "tests", "--format", "sarif", "-q").stdout))

    def test_scan_database_keeps_paths_of_the_scanned_tree(self):
        db = Path(self.tmp.name) / "scan.db"
        oalens(self.sub, "scan", "tests", "-q", "--db", str(db))
        files = subprocess.run(["sqlite3", str(db), "SELECT DISTINCT f.path FROM assertions a JOIN files f ON f.id = a.file_id"], capture_output=True, text=True).stdout
        self.assertEqual(files.split(), ["test_ops.py"])

    def test_diff_every_format_from_a_subdirectory(self):
        text = oalens(self.sub, "diff", "HEAD~1..HEAD").stdout
        self.assertTrue(text.startswith(f"{FILE}:{LINE}:{COLUMN}: warning: "), text)
        j = json.loads(oalens(self.sub, "diff", "HEAD~1..HEAD", "--format", "json").stdout)
        self.assertEqual([f["file"] for f in j["findings"]], [FILE])
        github = oalens(self.sub, "diff", "HEAD~1..HEAD", "--format", "github").stdout
        self.assertTrue(github.startswith(f"::warning file={FILE},line={LINE},"), github)
        self.check_sarif(json.loads(oalens(self.sub, "diff", "HEAD~1..HEAD", "--format", "sarif").stdout))

    def check_sarif(self, log):
        run = log["runs"][0]
        self.assertEqual(run["originalUriBaseIds"]["SRCROOT"]["uri"], self.repo.resolve().as_uri() + "/")
        locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
        self.assertTrue(locations)
        self.assertEqual({(a["uri"], a["uriBaseId"]) for a in locations}, {(FILE, "SRCROOT")})


class OutsideARepository(unittest.TestCase):
    """Relative to the current directory, `..` steps included."""

    def test_lint_and_scan(self):
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp) / "work"
            write_suite(work)
            r = oalens(work, "lint", "tests")
            self.assertTrue(r.stdout.startswith(f"tests/test_ops.py:{LINE}:{COLUMN}: "), r.stdout)
            elsewhere = Path(tmp) / "elsewhere"
            elsewhere.mkdir()
            r = oalens(elsewhere, "lint", str(work / "tests"))
            self.assertTrue(r.stdout.startswith(f"../work/tests/test_ops.py:{LINE}:{COLUMN}: "), r.stdout)
            log = json.loads(oalens(work, "scan", "tests", "--format", "sarif", "-q").stdout)
            self.assertEqual(log["runs"][0]["originalUriBaseIds"]["SRCROOT"]["uri"], work.resolve().as_uri() + "/")
            self.assertEqual(log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                             "tests/test_ops.py")


if __name__ == "__main__":
    BINARY = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
