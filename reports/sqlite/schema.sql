-- OALens database schema, version 1. Documented in docs/schema.md; keep the two in step.
PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS scans (
  id          INTEGER PRIMARY KEY,
  root        TEXT NOT NULL,
  tool        TEXT NOT NULL,
  files       INTEGER NOT NULL,
  assertions  INTEGER NOT NULL,
  oa_assertions INTEGER NOT NULL,
  test_cases  INTEGER NOT NULL,
  test_cases_with_oa INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS files (
  id        INTEGER PRIMARY KEY,
  scan_id   INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
  path      TEXT NOT NULL,
  language  TEXT NOT NULL,
  is_test_file INTEGER NOT NULL,
  scanned   INTEGER NOT NULL,
  UNIQUE (scan_id, path)
);

CREATE TABLE IF NOT EXISTS test_cases (
  id        INTEGER PRIMARY KEY,
  file_id   INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name      TEXT NOT NULL,
  line      INTEGER NOT NULL,
  end_line  INTEGER NOT NULL,
  assertions INTEGER NOT NULL,
  oa_assertions INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS assertions (
  id          INTEGER PRIMARY KEY,
  file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  test_case_id INTEGER REFERENCES test_cases(id) ON DELETE SET NULL,
  line        INTEGER NOT NULL,
  col         INTEGER NOT NULL,
  end_line    INTEGER NOT NULL,
  end_col     INTEGER NOT NULL,
  language    TEXT NOT NULL,
  function    TEXT,
  api         TEXT NOT NULL,
  api_text    TEXT NOT NULL,
  via         TEXT,
  form        TEXT NOT NULL,
  category    TEXT NOT NULL,
  is_oa       INTEGER NOT NULL,
  actual      TEXT NOT NULL,
  expected    TEXT NOT NULL,
  threshold_provenance TEXT,
  oracle_type TEXT
);
CREATE INDEX IF NOT EXISTS assertions_by_file ON assertions(file_id, line);

CREATE TABLE IF NOT EXISTS tolerances (
  assertion_id INTEGER NOT NULL REFERENCES assertions(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  text        TEXT NOT NULL,
  value       REAL,
  provenance  TEXT NOT NULL,
  note        TEXT,
  PRIMARY KEY (assertion_id, name)
);

CREATE TABLE IF NOT EXISTS oracle_evidence (
  assertion_id INTEGER NOT NULL REFERENCES assertions(id) ON DELETE CASCADE,
  step        INTEGER NOT NULL,
  text        TEXT NOT NULL,
  PRIMARY KEY (assertion_id, step)
);

CREATE TABLE IF NOT EXISTS diagnostics (
  scan_id   INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
  path      TEXT NOT NULL,
  line      INTEGER NOT NULL,
  col       INTEGER NOT NULL,
  severity  TEXT NOT NULL,
  code      TEXT NOT NULL,
  message   TEXT NOT NULL
);
