// The reasons `oalens mine` reads from a change itself (docs/reasons.md): a small scripted
// history whose commits each leave one kind of evidence, mined and read back from
// change_reasons with the source that decided.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "miners/walk/miner.h"
#include "reports/sqlite/sqlite_db.h"

namespace fs = std::filesystem;
using namespace oalens;

namespace {

int run(const std::string& cmd) { return WEXITSTATUS(std::system(cmd.c_str())); }

// Each commit: a message and the files it writes (path, then its whole text).
const char* const kHistory = R"SH(
set -e
mkdir -p lib tests
touch lib/__init__.py
commit() { git add -A; GIT_AUTHOR_DATE="2020-01-0$1T00:00:00" GIT_COMMITTER_DATE="2020-01-0$1T00:00:00" git commit -q -m "$2"; }
cat > lib/ops.py <<'PY'
def scale(x):
    return x * 2


def shift(x, by=1):
    return x + by
PY
cat > tests/test_ops.py <<'PY'
from numpy.testing import assert_allclose
from lib.ops import scale, shift


def test_scale():
    out = scale(1.0)
    assert_allclose(out, 2.0, rtol=1e-7)


def test_shift():
    assert_allclose(shift(1.0), 2.0)
PY
cat > tests/test_many.py <<'PY'
from numpy.testing import assert_allclose


def test_many(model, a, b, c, d, e, f):
    assert_allclose(a, 1.0)
    assert_allclose(b, 2.0)
    assert_allclose(c, 3.0)
    assert_allclose(d, 4.0)
    assert_allclose(e, 5.0)
    assert_allclose(f, 6.0)
PY
cat > tests/test_alias.py <<'PY'
import numpy
from lib.ops import scale


def test_alias():
    assert numpy.allclose(scale(1.0), numpy.ones(1) * 2)
PY
cat > tests/test_port.py <<'PY'
from numpy.testing import assert_allclose
import mathx


def test_double():
    assert_allclose(mathx.double(1.0), 2.0)
PY
commit 1 "Start the ops"
sed -i 's/return x \* 2/return abs(x) * 2 if x > 0 else x * 2/' lib/ops.py
sed -i 's/out = scale(1.0)/out = scale(-1.0)/; s/assert_allclose(out, 2.0, rtol=1e-7)/assert_allclose(out, -2.0, rtol=1e-6)/' tests/test_ops.py
commit 2 "Fix scale for negative inputs"
sed -i 's/return x + by/return x + by * 1.0/' lib/ops.py
sed -i 's/assert_allclose(shift(1.0), 2.0)/assert_allclose(shift(1.0, 2), 3.0)/' tests/test_ops.py
commit 3 "Update ops"
sed -i 's/assert_allclose(\([a-f]\),/assert_allclose(model(\1),/' tests/test_many.py
commit 4 "Go over the suite"
sed -i 's/rtol=1e-6/rtol=1e-5/' tests/test_ops.py
commit 5 "Loosen the scale check"
sed -i 's/rtol=1e-5/rtol=1e-6/' tests/test_ops.py
commit 6 "Tighten the scale check again"
sed -i 's/^import mathx$/from lib import ops/; s/mathx.double(1.0)/ops.scale(1.0)/' tests/test_port.py
commit 7 "Update a number of tests"
sed -i 's/return x + by \* 1.0/return x + by * 1.0 + 0.0/' lib/ops.py
for m in a b c d; do printf 'def %s(x):\n    return x\n' $m > lib/$m.py; done
sed -i 's/assert_allclose(shift(1.0, 2), 3.0)/assert_allclose(shift(1.0, by=2), 3.0)/' tests/test_ops.py
commit 8 "Fix up the ops tests"
sed -i 's/^import numpy$/import numpy as np/; s/numpy\./np./g' tests/test_alias.py
commit 9 "Go over test_alias"
sed -i 's/assert np.allclose(/np.testing.assert_allclose(/' tests/test_alias.py
commit 10 "Assert with numpy.testing"
sed -i 's/ops.scale(1.0), 2.0)/ops.scale(1.0), 2.)/' tests/test_port.py
commit 11 "Shorter literals"
)SH";

}  // namespace

TEST(MineReasons, EachChangeGetsTheEvidenceThatDecided) {
  const fs::path work = fs::temp_directory_path() / ("oalens_reasons_" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work / "repo");
  const std::string script = (work / "history.sh").string();
  {
    FILE* f = std::fopen(script.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(kHistory, f);
    std::fclose(f);
  }
  ASSERT_EQ(run("cd " + (work / "repo").string() +
                " && git init -q && git config user.email t@example.com && git config user.name t && bash " + script + " > /dev/null"),
            0);
  miners::MineOptions opt;
  opt.repoPath = (work / "repo").string();
  opt.dbPath = (work / "reasons.db").string();
  opt.threads = 2;
  std::string err;
  ASSERT_TRUE(miners::mine(opt, err).has_value()) << err;

  reports::Database db;
  ASSERT_TRUE(db.open(opt.dbPath, err)) << err;
  reports::Statement q(db,
                       "SELECT c.subject, ch.file, r.reason, r.source FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id"
                       " JOIN commits c ON c.id = ch.commit_id WHERE ch.kinds NOT LIKE '%added%' ORDER BY c.seq, ch.line");
  std::multiset<std::string> got;
  bool row = false;
  while (q.step(&row) && row) got.insert(q.columnText(0) + " | " + q.columnText(1) + " | " + q.columnText(2) + " | " + q.columnText(3));
  std::multiset<std::string> want = {
      // A fix with the library's scale changed in the same commit, named by the test: the library's.
      "Fix scale for negative inputs | tests/test_ops.py | cut-fix | library",
      // No word of the message: the library's shift changed and the test follows it.
      "Update ops | tests/test_ops.py | feature | library",
      // Nothing said, and nothing shown: stored as unknown.
      "Loosen the scale check | tests/test_ops.py | unknown | none",
      // The check's text before the previous change, restored.
      "Tighten the scale check again | tests/test_ops.py | rollback | revert",
      // Another package's import swapped for the library's, which the test calls now: a port.
      "Update a number of tests | tests/test_port.py | feature | migration",
      // Tests fixed up in a commit that changes five library files, one the test calls: they follow it.
      "Fix up the ops tests | tests/test_ops.py | feature | library",
      // `assert numpy.allclose` -> `assert np.allclose`, numpy imported as np: a module's alias renamed.
      "Go over test_alias | tests/test_alias.py | refactoring | alias",
      // `assert np.allclose(...)` -> `np.testing.assert_allclose(...)`, its tolerances as they were.
      "Assert with numpy.testing | tests/test_alias.py | refactoring | asserting-call",
      // `2.0` -> `2.`: the check reads as it did.
      "Shorter literals | tests/test_port.py | refactoring | cosmetic",
  };
  // The same edit on six checks of one commit.
  for (int i = 0; i < 6; ++i) want.insert("Go over the suite | tests/test_many.py | refactoring | many-checks");
  EXPECT_EQ(got, want);
  fs::remove_all(work);
}
