"""The margins database: one SQLite file per pytest run, written as the suite goes (one
transaction per test) and read by `oalens report --margins`. docs/margins.md documents every
table; SCHEMA_VERSION changes with any change a reader would notice.

An existing file is replaced only when it is a margins database already; anything else at that
path (a scan database, a foreign file) is refused, so a mistyped path never destroys data.
"""

import os
import sqlite3
import sys

FORMAT = "oalens-margins"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE calls(
  id INTEGER PRIMARY KEY,
  test_id TEXT NOT NULL,
  run INTEGER NOT NULL,
  seed INTEGER,
  api TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  form TEXT NOT NULL,
  rtol REAL,
  atol REAL,
  bound REAL,
  param REAL,
  tolerance TEXT NOT NULL,
  max_abs_err REAL,
  max_rel_err REAL,
  err_at_worst REAL,
  tol_at_worst REAL,
  used REAL,
  dtype TEXT NOT NULL,
  shape TEXT NOT NULL,
  elements INTEGER NOT NULL,
  passed INTEGER NOT NULL
);
CREATE TABLE frames(
  call_id INTEGER NOT NULL REFERENCES calls(id),
  depth INTEGER NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  PRIMARY KEY(call_id, depth)
) WITHOUT ROWID;
CREATE INDEX frames_by_site ON frames(file, line);
CREATE TABLE runs(
  test_id TEXT NOT NULL,
  run INTEGER NOT NULL,
  seed INTEGER,
  outcome TEXT NOT NULL,
  duration REAL NOT NULL,
  PRIMARY KEY(test_id, run)
);
CREATE TABLE diagnostics(
  id INTEGER PRIMARY KEY,
  test_id TEXT NOT NULL,
  run INTEGER NOT NULL,
  api TEXT NOT NULL,
  file TEXT,
  line INTEGER,
  message TEXT NOT NULL
);
CREATE TABLE extremes(
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  distribution TEXT NOT NULL,
  shape REAL,
  loc REAL NOT NULL,
  scale REAL NOT NULL,
  confidence REAL NOT NULL,
  used_at_confidence REAL NOT NULL,
  p_exceed REAL NOT NULL,
  PRIMARY KEY(file, line)
);
"""


class StoreError(Exception):
    pass


def _is_margins_db(path):
    try:
        con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        try:
            row = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        finally:
            con.close()
        return row is not None and row[0] == FORMAT
    except sqlite3.Error:
        return False


class Store:
    def __init__(self, path):
        self.path = str(path)
        self.warned = False
        if os.path.exists(self.path):
            if os.path.getsize(self.path) > 0 and not _is_margins_db(self.path):
                raise StoreError("%s exists and is not a margins database; refusing to replace it" % self.path)
            for suffix in ("", "-wal", "-shm", "-journal"):
                if os.path.exists(self.path + suffix):
                    os.remove(self.path + suffix)
        try:
            self.con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.con.execute("PRAGMA journal_mode=WAL")
            self.con.execute("PRAGMA synchronous=NORMAL")
            self.con.executescript("BEGIN;" + SCHEMA + "INSERT INTO meta VALUES ('format', '%s'), ('schema_version', '%d');"
                                   "COMMIT;" % (FORMAT, SCHEMA_VERSION))
        except sqlite3.Error as e:
            raise StoreError("%s: %s" % (self.path, e))

    def set_meta(self, values):
        self._run(lambda con: con.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                                              [(k, str(v)) for k, v in values.items()]))

    def write(self, calls, frames, diagnostics, runs):
        def rows(con):
            con.executemany("INSERT INTO calls VALUES (%s)" % ",".join("?" * 22), calls)
            con.executemany("INSERT INTO frames VALUES (?, ?, ?, ?)", frames)
            con.executemany("INSERT INTO diagnostics(test_id, run, api, file, line, message) VALUES (?, ?, ?, ?, ?, ?)",
                            diagnostics)
            con.executemany("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?)", runs)

        self._run(rows)

    def write_extremes(self, rows):
        def replace(con):
            con.execute("DELETE FROM extremes")
            con.executemany("INSERT INTO extremes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

        self._run(replace)

    def _run(self, fill):
        """One transaction; a failure rolls back and warns once on stderr instead of raising: a
        full disk must not fail the suite's tests."""
        try:
            self.con.execute("BEGIN")
            fill(self.con)
            self.con.execute("COMMIT")
        except sqlite3.Error as e:
            try:
                self.con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if not self.warned:
                self.warned = True
                sys.stderr.write("oalens-margins: warning: %s: %s (measurements lost)\n" % (self.path, e))

    def close(self):
        """Leaves one self-contained file (no -wal, -shm), which a read-only reader can open."""
        try:
            self.con.execute("PRAGMA journal_mode=DELETE")
            self.con.close()
        except sqlite3.Error:
            pass
