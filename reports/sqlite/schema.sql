-- OALens database schema, version 7 (version 1: the scan tables; 2: the mine tables; 3: blob
-- assertions stored as one set per blob; 4: lint runs and findings, added tables only; 5: mine
-- runs; 6: provenance columns for merged databases, added by applySchema to older files; 7:
-- change_kinds and tolerance_changes, change_kinds filled from oa_changes.kinds for older files). Documented in docs/schema.md; keep the two in step.
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
  test_cases_with_oa INTEGER NOT NULL,
  repository_id INTEGER REFERENCES repositories(id)  -- version 6: its repository in a merged database
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

-- Version 2: git history mining (oalens mine). One transaction per commit.
CREATE TABLE IF NOT EXISTS repositories (
  id        INTEGER PRIMARY KEY,
  path      TEXT NOT NULL UNIQUE,
  tip       TEXT NOT NULL,
  -- Version 6, written by `oalens merge` (NULL in a database `mine` wrote): where the
  -- repository came from, the revisions read, the oalens that read them and its options.
  source    TEXT,
  revision  TEXT,
  tool      TEXT,
  options   TEXT
);

CREATE TABLE IF NOT EXISTS commits (
  id          INTEGER PRIMARY KEY,
  repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,            -- position in the walk, parents first
  sha         TEXT NOT NULL,
  parents     TEXT NOT NULL,               -- space-separated
  time        INTEGER NOT NULL,            -- committer time, seconds since the epoch
  author      TEXT NOT NULL,
  subject     TEXT NOT NULL,
  message     TEXT NOT NULL,               -- UTF-8; invalid bytes replaced by U+FFFD
  is_merge    INTEGER NOT NULL,
  test_files  INTEGER NOT NULL,            -- changed test files (0: the commit does not touch tests)
  oa_changes  INTEGER NOT NULL,
  status      TEXT NOT NULL,               -- ok | error
  error       TEXT,
  UNIQUE (repository_id, sha)
);

CREATE TABLE IF NOT EXISTS oa_changes (
  id          INTEGER PRIMARY KEY,
  commit_id   INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
  assertion_uid TEXT NOT NULL,             -- stable identity of the assertion over time
  file        TEXT NOT NULL,               -- new path (old path for deletions)
  line        INTEGER NOT NULL,            -- new line (old line for deletions)
  old_file    TEXT,
  old_line    INTEGER,
  api         TEXT NOT NULL,
  old_api     TEXT,
  kinds       TEXT NOT NULL,               -- comma list: added,deleted,cosmetic,api,parameter,threshold
  direction   TEXT,                        -- tighten | loosen | mixed | NULL
  old_tolerances TEXT,                     -- name=text;... as written (defaults included)
  new_tolerances TEXT,
  details     TEXT,                        -- per-tolerance old -> new with factor
  old_text    TEXT,
  new_text    TEXT
);
CREATE INDEX IF NOT EXISTS oa_changes_by_uid ON oa_changes(assertion_uid);

CREATE TABLE IF NOT EXISTS change_reasons (
  change_id   INTEGER NOT NULL REFERENCES oa_changes(id) ON DELETE CASCADE,
  reason      TEXT NOT NULL,
  source      TEXT NOT NULL,               -- message | code
  PRIMARY KEY (change_id, reason)
);

-- Version 7: the kinds of a change one row each (oa_changes.kinds as a table to join and
-- count), and the numbers of each tolerance a change moved.
CREATE TABLE IF NOT EXISTS change_kinds (
  change_id   INTEGER NOT NULL REFERENCES oa_changes(id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,               -- added | deleted | cosmetic | api | parameter | threshold
  PRIMARY KEY (change_id, kind)
);
CREATE INDEX IF NOT EXISTS change_kinds_by_kind ON change_kinds(kind);

CREATE TABLE IF NOT EXISTS tolerance_changes (
  change_id   INTEGER NOT NULL REFERENCES oa_changes(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,               -- rtol, atol, decimal, places, bound, ...
  old_value   REAL NOT NULL,
  new_value   REAL NOT NULL,
  factor      REAL,                        -- times looser or tighter (>= 1); NULL when a side is 0
  direction   TEXT NOT NULL,               -- loosen | tighten
  PRIMARY KEY (change_id, name)
);

CREATE TABLE IF NOT EXISTS commit_reasons (
  commit_id   INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
  reason      TEXT NOT NULL,
  PRIMARY KEY (commit_id, reason)
);

-- Which assertion (uid) sits at which line of which blob: how identities follow an assertion
-- from the version it was last changed in to the next change (miners/state/blob_identities.h).
-- Each identity text is stored once; each blob once, as a JSON array of [line, identity id]
-- pairs. The view shows one row per assertion and blob, as version 2's table held them.
CREATE TABLE IF NOT EXISTS assertion_identities (
  id          INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS blob_assertion_sets (
  blob        TEXT PRIMARY KEY,
  assertions  TEXT NOT NULL                -- [[line, assertion_identities.id], ...] in line order
) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS blob_assertions(blob, line, assertion_uid) AS
  SELECT s.blob, json_extract(j.value, '$[0]'), i.uid
  FROM blob_assertion_sets s, json_each(s.assertions) j
  JOIN assertion_identities i ON i.id = json_extract(j.value, '$[1]');

CREATE TABLE IF NOT EXISTS mine_diagnostics (
  commit_id   INTEGER REFERENCES commits(id) ON DELETE CASCADE,
  path        TEXT NOT NULL,
  message     TEXT NOT NULL
);

-- Version 4: `oalens lint --db`, one row per run and per finding (the JSON finding's fields).
CREATE TABLE IF NOT EXISTS lint_runs (
  id          INTEGER PRIMARY KEY,
  root        TEXT NOT NULL,
  tool        TEXT NOT NULL,
  files       INTEGER NOT NULL,
  findings    INTEGER NOT NULL,
  suppressed  INTEGER NOT NULL,
  repository_id INTEGER REFERENCES repositories(id)  -- version 6: its repository in a merged database
);

CREATE TABLE IF NOT EXISTS lint_findings (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES lint_runs(id) ON DELETE CASCADE,
  file        TEXT NOT NULL,
  line        INTEGER NOT NULL,
  col         INTEGER NOT NULL,
  end_line    INTEGER NOT NULL,
  end_col     INTEGER NOT NULL,
  rule        TEXT NOT NULL,
  name        TEXT NOT NULL,
  severity    TEXT NOT NULL,
  message     TEXT NOT NULL,
  fingerprint TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lint_findings_by_rule ON lint_findings(rule);

-- Version 5: one row per `oalens mine` run that reached its end. `complete` is 0 when the walk
-- passed over a commit it could not read (the history behind it is not mined) or some commit
-- was stored as an error (an object git cannot read); `problem` says which, in git's words.
CREATE TABLE IF NOT EXISTS mine_runs (
  id            INTEGER PRIMARY KEY,
  repository_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
  tip           TEXT NOT NULL,
  tool          TEXT NOT NULL,
  walked        INTEGER NOT NULL,
  failed        INTEGER NOT NULL,
  complete      INTEGER NOT NULL,
  problem       TEXT
);
