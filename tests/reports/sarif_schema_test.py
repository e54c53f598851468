"""Every SARIF log oalens writes (scan, lint, diff, report --margins) validates against the SARIF
2.1.0 JSON schema, formats checked (helpUri must be an absolute URI, a uri a URI reference), and
carries what code scanning reads: SRCROOT with uriBaseId on each location, ruleIndex and
partialFingerprints on each result, fullDescription, help (text and markdown) and helpUri on
each rule. Exits 77 (CTest's skip) without Debian's python3-jsonschema and python3-rfc3987.
Usage: sarif_schema_test.py OALENS_BINARY SCHEMA_JSON SOURCE_DIR"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from fixture_repo import make_repo  # noqa: E402

try:
    import jsonschema
    import rfc3987  # noqa: F401  (jsonschema checks the uri formats with it, and skips them without)
except ImportError as e:
    print(f"SARIF schema test skipped: {sys.executable} has no {e.name} (scripts/setup installs python3-jsonschema, python3-rfc3987)")
    sys.exit(77)

MARGINS_TEST = """import numpy as np


def test_exact():
    np.testing.assert_allclose(np.ones(3), np.ones(3), atol=0.5)
"""


def margins_db(source, tmp):
    """A margins database of one run of a one-test suite (pytest -p oalens_margins); None without pytest or NumPy."""
    try:
        import numpy  # noqa: F401
        import pytest  # noqa: F401
    except ImportError:
        return None
    suite = Path(tmp) / "margins_suite"
    suite.mkdir()
    (suite / "test_margin.py").write_text(MARGINS_TEST)
    env = {**os.environ, "PYTHONPATH": str(Path(source) / "miners" / "margins"), "PYTHONDONTWRITEBYTECODE": "1"}
    db = Path(tmp) / "margins.db"
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "oalens_margins", f"--oalens-margins={db}"],
                       cwd=suite, env=env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or not db.exists():
        raise RuntimeError(f"pytest -p oalens_margins failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    return db, suite


def logs(binary, source, tmp):
    """(name, SARIF text) of every command that writes SARIF."""
    repo = make_repo(Path(tmp) / "repo")
    sub = repo / "sub"
    run = lambda cwd, *args: subprocess.run([binary, *args], cwd=str(cwd), capture_output=True, text=True, timeout=300).stdout
    out = [("scan", run(sub, "scan", "tests", "--format", "sarif", "-q")),
           ("lint", run(sub, "lint", "tests", "--format", "sarif", "-q")),
           ("lint (every rule, corpora/ml_scripts)", run(source, "lint", "corpora/ml_scripts", "--format", "sarif", "-q")),
           ("diff", run(sub, "diff", "HEAD~1..HEAD", "--format", "sarif"))]
    margins = margins_db(source, tmp)
    if margins:
        db, suite = margins
        out.append(("report --margins", run(suite, "report", "--margins", str(db), "--root", ".", "--format", "sarif")))
    else:
        print("report --margins: no margins database (pytest or NumPy missing), not validated")
    return out


def content_problems(log):
    """What code scanning needs beyond the schema."""
    problems = []
    run = log["runs"][0]
    if "SRCROOT" not in run.get("originalUriBaseIds", {}):
        problems.append("no originalUriBaseIds.SRCROOT")
    rules = run["tool"]["driver"].get("rules", [])
    for rule in rules:
        for key in ("fullDescription", "help", "helpUri"):
            if key not in rule:
                problems.append(f"rule {rule['id']}: no {key}")
        if "help" in rule and not {"text", "markdown"} <= rule["help"].keys():
            problems.append(f"rule {rule['id']}: help without text and markdown")
    for result in run["results"]:
        index = result.get("ruleIndex")
        if index is None or index >= len(rules) or rules[index]["id"] != result["ruleId"]:
            problems.append(f"result of {result['ruleId']}: ruleIndex {index} does not name its rule")
        if not result.get("partialFingerprints"):
            problems.append(f"result of {result['ruleId']}: no partialFingerprints")
        for location in result["locations"]:
            if location["physicalLocation"]["artifactLocation"].get("uriBaseId") != "SRCROOT":
                problems.append(f"result of {result['ruleId']}: location without uriBaseId SRCROOT")
    return problems


def main(binary, schema_path, source):
    schema = json.loads(Path(schema_path).read_text())
    validator_class = jsonschema.validators.validator_for(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in logs(binary, source, tmp):
            log = json.loads(text)
            errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
            problems = content_problems(log)
            results = len(log["runs"][0]["results"])
            print(f"{name}: {results} results, {len(errors)} schema errors, {len(problems)} other problems")
            for e in errors[:5]:
                print(f"  schema: /{'/'.join(map(str, e.absolute_path))}: {e.message}")
            for p in sorted(set(problems))[:5]:
                print(f"  {p}")
            failed += bool(errors or problems or results == 0)
    print(f"{'FAILED' if failed else 'passed'}: {failed} of the SARIF logs do not validate")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])))
