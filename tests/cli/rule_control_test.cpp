// Rule control as ruff users know it: selectors by id, name, family and id prefix for lint and
// the diff gate, the configuration found from a subdirectory (and not above the repository),
// unknown tables and keys as errors naming the file and the key, unused suppressions reported,
// and `mine --config` putting a project's own check into the mined history.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/support/process.h"

namespace fs = std::filesystem;

namespace {

using oalens::testing::runCommand;
const std::string kBin = OALENS_BINARY;

// rtol=0.5 is OA101 (loose tolerance); `f(1) * 10 == 0.001` in a test is OA105 (exact float comparison).
const char* kLooseAndExact =
    "from numpy.testing import assert_allclose\n"
    "def test_a():\n"
    "    assert_allclose(f(1), 2.0, rtol=0.5)\n"
    "    assert f(1) * 10 == 0.001\n";

class RuleControl : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = oalens::testing::scratchDirectory("oalens_rules");
    repo_ = dir_ / "repo";
    fs::create_directories(repo_ / ".git");  // the repository's root, as far as the configuration search goes
    fs::create_directories(repo_ / "tests" / "unit");
    std::ofstream(repo_ / "tests" / "unit" / "test_m.py") << kLooseAndExact;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string lint(const std::string& args) { return kBin + " lint " + (repo_ / "tests").string() + " -q " + args; }
  fs::path dir_, repo_;
};

TEST_F(RuleControl, SelectorsNameIdsNamesFamiliesAndPrefixes) {
  auto both = runCommand(lint(""));
  EXPECT_NE(both.out.find("[OA101]"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("[OA105]"), std::string::npos) << both.out;
  auto prefix = runCommand(lint("--select OA10 --ignore exact-float-comparison"));
  EXPECT_NE(prefix.out.find("[OA101]"), std::string::npos) << prefix.out;
  EXPECT_EQ(prefix.out.find("[OA105]"), std::string::npos) << prefix.out;
  auto family = runCommand(lint("--select ml"));
  EXPECT_EQ(family.status, 0) << family.out;
  EXPECT_EQ(family.out.find("[OA"), std::string::npos) << family.out;
  auto commas = runCommand(lint("--ignore OA101,OA105"));
  EXPECT_EQ(commas.status, 0) << commas.out;
  auto unknown = runCommand(lint("--select QQ9"));
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("unknown rule 'QQ9'"), std::string::npos) << unknown.out;
}

TEST_F(RuleControl, TheConfigurationIsFoundFromASubdirectoryUpToTheRepositoryRoot) {
  std::ofstream(repo_ / ".oalens.toml") << "[lint]\nignore = [\"OA1\"]\n";
  const std::string sub = (repo_ / "tests" / "unit").string();
  EXPECT_EQ(runCommand(kBin + " lint " + sub + " -q").status, 0) << "the root's [lint] ignore applies below it";
  EXPECT_EQ(runCommand("cd " + sub + " && " + kBin + " lint test_m.py -q").status, 0);
  // A configuration above the repository is another project's.
  fs::rename(repo_ / ".oalens.toml", dir_ / ".oalens.toml");
  EXPECT_EQ(runCommand(kBin + " lint " + sub + " -q").status, 1);
  // pyproject.toml without [tool.oalens] does not stop the search; with it, it is the configuration.
  fs::rename(dir_ / ".oalens.toml", repo_ / ".oalens.toml");
  std::ofstream(repo_ / "tests" / "pyproject.toml") << "[project]\nname = \"x\"\n";
  EXPECT_EQ(runCommand(kBin + " lint " + sub + " -q").status, 0);
  std::ofstream(repo_ / "tests" / "pyproject.toml") << "[tool.oalens.lint]\nignore = [\"OA105\"]\n";
  auto nearer = runCommand(kBin + " lint " + sub + " -q");
  EXPECT_EQ(nearer.status, 1) << nearer.out;
  EXPECT_NE(nearer.out.find("[OA101]"), std::string::npos) << nearer.out;
}

TEST_F(RuleControl, UnknownTablesAndKeysAreErrorsNamingTheFileAndKey) {
  auto errorOf = [&](const std::string& toml) {
    std::ofstream(repo_ / ".oalens.toml") << toml;
    return runCommand(kBin + " scan " + repo_.string());
  };
  auto table = errorOf("[lnit]\nignore = [\"OA101\"]\n");
  EXPECT_EQ(table.status, 2);
  EXPECT_NE(table.out.find(".oalens.toml: unknown table [lnit]; did you mean [lint]?"), std::string::npos) << table.out;
  auto scanKey = errorOf("[scan]\ntest_file = \"x\"\n");
  EXPECT_EQ(scanKey.status, 2);
  EXPECT_NE(scanKey.out.find(".oalens.toml: [scan] unknown key 'test_file'; did you mean 'test_files'?"), std::string::npos) << scanKey.out;
  auto apiKey = errorOf("[[api]]\nid = \"m.close\"\ncategory = \"abs\"\ntolerance = { atol = \"eps\" }\n");
  EXPECT_EQ(apiKey.status, 2);
  EXPECT_NE(apiKey.out.find("api[0] (m.close): unknown key 'tolerance'; did you mean 'tolerances'?"), std::string::npos) << apiKey.out;
  auto diffKey = errorOf("[diff]\nselekt = [\"CH301\"]\n");
  EXPECT_EQ(diffKey.status, 2);
  EXPECT_NE(diffKey.out.find("[diff] unknown key 'selekt'; did you mean 'select'?"), std::string::npos) << diffKey.out;
  std::ofstream(repo_ / ".oalens.toml") << "";
  std::ofstream(repo_ / "pyproject.toml") << "[tool.ruff]\nline-length = 99\n[tool.oalens.scna]\nx = 1\n";
  fs::remove(repo_ / ".oalens.toml");
  auto py = runCommand(kBin + " scan " + repo_.string());
  EXPECT_EQ(py.status, 2);
  EXPECT_NE(py.out.find("pyproject.toml: unknown table [tool.oalens.scna]; did you mean [tool.oalens.scan]?"), std::string::npos) << py.out;
}

TEST_F(RuleControl, UnusedSuppressionsAreReported) {
  std::ofstream(repo_ / "tests" / "unit" / "test_m.py") << "from numpy.testing import assert_allclose\n"
                                                           "def test_a():\n"
                                                           "    assert_allclose(f(1), 2.0, rtol=0.5)  # oalens: ignore[OA101]\n"
                                                           "    assert_allclose(f(2), 4.0)  # oalens: ignore[OA101, ML205]\n";
  std::ofstream(repo_ / "train.py") << "x = 1  # oalens: ignore\n";
  auto r = runCommand(kBin + " lint " + repo_.string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("tests/unit/test_m.py:4:33: note: unused suppression: no OA101, ML205 finding on this line to ignore"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("test_m.py:3:"), std::string::npos) << "the marker on line 3 drops a finding" << r.out;
  EXPECT_NE(r.out.find("train.py:1:8: note: unused suppression: `oalens: ignore` drops no finding on this line"), std::string::npos)
      << r.out;
  auto json = runCommand(kBin + " lint " + repo_.string() + " --format json -q");
  EXPECT_NE(json.out.find("\"unused_suppressions\": ["), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"rules\": [\n        \"OA101\",\n        \"ML205\""), std::string::npos) << json.out;
  auto stats = runCommand(kBin + " lint " + repo_.string() + " --statistics -q");
  EXPECT_NE(stats.out.find("     2  unused suppressions"), std::string::npos) << stats.out;
  // The marker is listed where the rules are.
  EXPECT_NE(runCommand(kBin + " rules").out.find("`# oalens: ignore[ID or name, ...]`"), std::string::npos);
}

// The gate's rules chosen on the command line and in the old side's [diff] table.
TEST_F(RuleControl, TheDiffGateChoosesItsRulesToo) {
  const fs::path git = dir_ / "gated";
  const std::string setup =
      "git init -q " + git.string() + " && cd " + git.string() +
      " && git config user.email t@example.com && git config user.name t && mkdir tests"
      " && printf 'from numpy.testing import assert_allclose\\ndef test_a():\\n    assert_allclose(f(1), 2.0, rtol=1e-7)\\n'"
      " > tests/test_m.py && git add -A && git commit -qm one && sed -i s/1e-7/1e-2/ tests/test_m.py";
  ASSERT_EQ(runCommand(setup).status, 0);
  const std::string diff = kBin + " diff --repo " + git.string();
  auto plain = runCommand(diff);
  EXPECT_EQ(plain.status, 1) << plain.out;
  EXPECT_NE(plain.out.find("[CH301]"), std::string::npos) << plain.out;
  EXPECT_EQ(runCommand(diff + " --ignore loosened-tolerance").status, 0);
  EXPECT_EQ(runCommand(diff + " --select CH302").status, 0);
  EXPECT_EQ(runCommand(diff + " --select CH30").status, 1);
  // A baseline of today's findings: the same range passes, a new loosening fails again.
  const std::string baseline = (dir_ / "gate-baseline.json").string();
  EXPECT_EQ(runCommand(diff + " --write-baseline " + baseline).status, 1);
  auto accepted = runCommand(diff + " --baseline " + baseline);
  EXPECT_EQ(accepted.status, 0) << accepted.out;
  EXPECT_NE(accepted.out.find("1 finding(s) in the baseline"), std::string::npos) << accepted.out;
  ASSERT_EQ(runCommand("cd " + git.string() + " && sed -i s/1e-2/1e-1/ tests/test_m.py").status, 0);
  EXPECT_EQ(runCommand(diff + " --baseline " + baseline).status, 1) << "loosened further: another finding";
  auto unknown = runCommand(diff + " --ignore OA101");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("unknown gate rule 'OA101'"), std::string::npos) << unknown.out;
  // A [diff] table the change itself adds does not switch off what checks the change.
  std::ofstream(git / ".oalens.toml") << "[diff]\nignore = [\"CH301\"]\n";
  EXPECT_EQ(runCommand(diff).status, 1);
  ASSERT_EQ(runCommand("cd " + git.string() + " && git add .oalens.toml && git commit -qm cfg -- .oalens.toml").status, 0);
  EXPECT_EQ(runCommand(diff).status, 0) << "committed, the old side's [diff] ignore applies";
  std::ofstream(git / ".oalens.toml") << "[diff.per-file-ignores]\n\"tests/*\" = [\"gate\"]\n";
  ASSERT_EQ(runCommand("cd " + git.string() + " && git commit -qm cfg2 -- .oalens.toml").status, 0);
  EXPECT_EQ(runCommand(diff).status, 0) << "per-file-ignores by family";
}

// `mine --config FILE`: a project's own check declared outside the repository is mined.
TEST_F(RuleControl, MineReadsTheConfigurationItIsGiven) {
  const fs::path git = dir_ / "mined";
  const std::string setup = "git init -q " + git.string() + " && cd " + git.string() +
                            " && git config user.email t@example.com && git config user.name t && mkdir tests"
                            " && printf 'from mylib.checks import check_close\\ndef test_a():\\n    check_close(f(1), 2.0, 1e-6)\\n'"
                            " > tests/test_m.py && git add -A && git commit -qm one && sed -i s/1e-6/1e-3/ tests/test_m.py"
                            " && git commit -qam two";
  ASSERT_EQ(runCommand(setup).status, 0);
  std::ofstream(dir_ / "mine.toml") << "[[api]]\nid = \"mylib.checks.check_close\"\ncategory = \"abs\"\noa = true\n"
                                       "params = [\"got\", \"want\", \"eps\"]\nactual = \"got\"\nexpected = \"want\"\n"
                                       "tolerances = { atol = \"eps\" }\n";
  const std::string db = (dir_ / "h.db").string();
  auto without = runCommand(kBin + " mine " + git.string() + " --db " + (dir_ / "plain.db").string());
  EXPECT_NE(without.out.find("OA changes 0"), std::string::npos) << without.out;
  auto with = runCommand(kBin + " mine " + git.string() + " --db " + db + " --config " + (dir_ / "mine.toml").string());
  EXPECT_EQ(with.status, 0) << with.out;
  auto changes = runCommand(kBin + " report --changes " + db);
  EXPECT_NE(changes.out.find("tests/test_m.py:3 [\"threshold\"] loosen"), std::string::npos) << changes.out;
  std::ofstream(dir_ / "mine.toml") << "[mine]\n";
  EXPECT_EQ(runCommand(kBin + " mine " + git.string() + " --db " + db + " --config " + (dir_ / "mine.toml").string()).status, 2);
}

}  // namespace
