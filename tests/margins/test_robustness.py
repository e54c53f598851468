"""The plugin on small suites written here: what it must refuse, what it must swallow, and
what it must leave as pytest would have it (fixtures, xfail, checks outside the rootdir)."""

import sqlite3
import textwrap

from conftest import junit_outcomes, run_pytest


def make_suite(root, files):
    root.mkdir(parents=True, exist_ok=True)
    (root / "pytest.ini").write_text("[pytest]\n")
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text))
    return root


def rows(db, sql):
    con = sqlite3.connect(str(db))
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_unmeasurable_values_become_diagnostics(tmp_path):
    suite = make_suite(tmp_path / "s", {"test_odd.py": """
        import unittest

        class T(unittest.TestCase):
            def test_strings(self):
                self.assertAlmostEqual("a", "a")  # equal, so unittest passes; nothing to measure
    """})
    db = tmp_path / "m.db"
    r = run_pytest(suite, ["--oalens-margins=%s" % db])
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT COUNT(*) FROM calls") == [(0,)]
    (api, line, message), = rows(db, "SELECT api, line, message FROM diagnostics")
    assert api == "unittest.TestCase.assertAlmostEqual" and line == 6 and "ValueError" in message


def test_foreign_file_is_not_replaced(tmp_path):
    suite = make_suite(tmp_path / "s", {"test_a.py": "def test_a():\n    pass\n"})
    foreign = tmp_path / "results.db"
    con = sqlite3.connect(str(foreign))
    con.execute("CREATE TABLE mine(x)")
    con.commit()
    con.close()
    before = foreign.read_bytes()
    r = run_pytest(suite, ["--oalens-margins=%s" % foreign])
    assert r.returncode == 4 and "not a margins database" in r.stderr
    assert foreign.read_bytes() == before
    text = tmp_path / "notes.txt"
    text.write_text("keep me\n")
    r = run_pytest(suite, ["--oalens-margins=%s" % text])
    assert r.returncode == 4 and text.read_text() == "keep me\n"


def test_database_taken_for_a_test_path(tmp_path):
    suite = make_suite(tmp_path / "s", {"test_a.py": "import numpy as np\n\ndef test_a():\n    assert np.allclose(1.0, 1.0)\n"})
    db = tmp_path / "m.db"
    assert run_pytest(suite, ["--oalens-margins=%s" % db]).returncode == 0
    r = run_pytest(suite, ["--oalens-margins", str(db)])  # now an existing file: pytest would root at tmp_path
    assert r.returncode == 4 and "--oalens-margins=" in r.stderr
    r = run_pytest(suite, ["--oalens-margins=%s" % db])
    assert r.returncode == 0
    assert rows(db, "SELECT file, test_id FROM calls") == [("test_a.py", "test_a.py::test_a")]


def test_fixture_scopes_and_xfail_under_extra_runs(tmp_path):
    log = tmp_path / "events.log"
    suite = make_suite(tmp_path / "s", {"test_scopes.py": """
        import numpy as np
        import pytest

        LOG = %r

        def note(event):
            with open(LOG, "a") as out:
                out.write(event + "\\n")

        @pytest.fixture(scope="module")
        def shared():
            note("module setup")
            yield 1.0
            note("module teardown")

        @pytest.fixture
        def fresh():
            note("function setup")
            yield 2.0
            note("function teardown")

        def test_uses_both(shared, fresh):
            np.testing.assert_allclose(shared + fresh, 3.0)

        @pytest.mark.xfail(reason="known", strict=True)
        def test_expected_failure():
            np.testing.assert_allclose(1.0, 2.0)

        def test_last(shared):
            assert np.allclose(shared, 1.0)
    """ % str(log)})
    db = tmp_path / "m.db"
    junit = tmp_path / "j.xml"
    r = run_pytest(suite, ["--oalens-margins=%s" % db, "--oalens-margins-runs", "3", "--junitxml", str(junit)])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "2 passed, 1 xfailed" in r.stdout
    events = log.read_text().splitlines()
    assert events.count("module setup") == 1 and events.count("module teardown") == 1
    assert events.count("function setup") == 3 and events.count("function teardown") == 3
    assert events[-1] == "module teardown"
    outcomes = rows(db, "SELECT test_id, run, outcome FROM runs WHERE test_id LIKE '%expected_failure' ORDER BY run")
    assert [o for _, _, o in outcomes] == ["xfailed"] * 3
    assert rows(db, "SELECT COUNT(*), SUM(passed) FROM calls WHERE test_id LIKE '%expected_failure'") == [(3, 0)]
    assert set(junit_outcomes(junit).values()) == {"passed", "skipped"}


def test_checks_outside_the_rootdir_and_at_import(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "outside.py").write_text("import numpy as np\n\ndef same(a, b):\n    return np.allclose(a, b)\n")
    suite = make_suite(tmp_path / "s", {"test_a.py": """
        import numpy as np
        from outside import same

        MODULE_CHECK = np.isclose(1.0, 1.0)

        def test_library_check_is_not_the_suites():
            assert same(1.0, 1.0)
    """})
    db = tmp_path / "m.db"
    import os

    from conftest import PLUGIN_PATH

    r = run_pytest(suite, ["--oalens-margins=%s" % db], extra_env={"PYTHONPATH": "%s%s%s" % (PLUGIN_PATH, os.pathsep, lib)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT test_id, api, file, line FROM calls") == [("", "numpy.isclose", "test_a.py", 5)]


def test_without_the_option_nothing_happens(tmp_path):
    suite = make_suite(tmp_path / "s", {"test_a.py": "import numpy as np\n\ndef test_a():\n    assert np.allclose(1.0, 1.0)\n"})
    r = run_pytest(suite, [])
    assert r.returncode == 0 and "oalens-margins" not in r.stdout
    assert not list(tmp_path.glob("*.db"))


def test_checks_on_several_threads(tmp_path):
    suite = make_suite(tmp_path / "s", {"test_threads.py": """
        from concurrent.futures import ThreadPoolExecutor

        import numpy as np

        def check(i):
            for _ in range(50):
                np.testing.assert_allclose(float(i), float(i) + 2.0**-20, rtol=0, atol=2.0**-18)

        def test_threads():
            with ThreadPoolExecutor(4) as pool:
                list(pool.map(check, range(4)))
    """})
    db = tmp_path / "m.db"
    r = run_pytest(suite, ["--oalens-margins=%s" % db])
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(used), MAX(used) FROM calls") == [(200, 200, 0.25, 0.25)]
    assert rows(db, "SELECT COUNT(*) FROM frames") == [(200,)]


def test_torchscript_still_compiles_the_watched_apis(tmp_path):
    import pytest

    pytest.importorskip("torch")
    suite = make_suite(tmp_path / "s", {"test_jit.py": """
        import torch

        def close(a: torch.Tensor, b: torch.Tensor) -> bool:
            return torch.allclose(a, b) and bool(torch.isclose(a, b).all()) and a.allclose(b)

        def test_script():
            assert torch.jit.script(close)(torch.ones(2), torch.ones(2))
            assert torch.allclose(torch.ones(2), torch.ones(2) + 2.0**-30)
    """})
    db = tmp_path / "m.db"
    r = run_pytest(suite, ["--oalens-margins=%s" % db])
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT api, line FROM calls") == [("torch.allclose", 9)]


def test_numpy_predicates_left_alone_where_numba_is_installed(tmp_path):
    import os

    from conftest import PLUGIN_PATH

    fake = tmp_path / "site" / "numba"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")  # found, never imported
    suite = make_suite(tmp_path / "s", {"test_a.py": """
        import numpy as np

        def test_a():
            assert np.allclose(1.0, 1.0)
            np.testing.assert_allclose(1.0, 1.0)
    """})
    db = tmp_path / "m.db"
    path = os.pathsep.join([str(PLUGIN_PATH), str(tmp_path / "site")])
    r = run_pytest(suite, ["--oalens-margins=%s" % db], extra_env={"PYTHONPATH": path})
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT api FROM calls") == [("numpy.testing.assert_allclose",)]
    assert sorted(a for a, in rows(db, "SELECT api FROM diagnostics")) == ["numpy.allclose", "numpy.isclose"]
    watched = rows(db, "SELECT value FROM meta WHERE key = 'watched_apis'")[0][0].split(",")
    assert "numpy.allclose" not in watched and "numpy.testing.assert_allclose" in watched


def test_calls_per_site_are_capped(tmp_path):
    from oalens_margins.recorder import MAX_CALLS_PER_SITE

    suite = make_suite(tmp_path / "s", {"test_loop.py": """
        import numpy as np

        def test_loop():
            for i in range(%d):
                assert np.isclose(float(i), float(i))
    """ % (MAX_CALLS_PER_SITE + 5)})
    db = tmp_path / "m.db"
    r = run_pytest(suite, ["--oalens-margins=%s" % db])
    assert r.returncode == 0, r.stdout + r.stderr
    assert rows(db, "SELECT COUNT(*) FROM calls") == [(MAX_CALLS_PER_SITE,)]
    (message,), = rows(db, "SELECT message FROM diagnostics")
    assert "the rest not measured" in message
