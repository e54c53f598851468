// Per-rule tests of the diff gate, one instance per folder under rules/gate/ (as the lint rules
// have theirs, STYLE.md "Rules"):
//  - the folder is named after a rule of the gate's table (rules/gate/registry.h);
//  - its README has the fixed sections, and every line of its code examples is in a fixture;
//  - `before/` committed, then replaced by `after/` and committed, `oalens diff HEAD~1..HEAD`
//    (plus the folder's args.txt) reports the folder's rule and no other, and its stdout equals
//    expected.txt (a unified diff when not; update with OALENS_UPDATE_GOLDEN=1 ctest -R GateRule).
// And for the table: every rule has a folder.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "rules/gate/registry.h"
#include "tests/support/golden_text.h"
#include "tests/support/process.h"
#include "tests/support/rule_readme.h"

namespace fs = std::filesystem;

namespace {

using oalens::testing::readText;
using oalens::testing::runCommand;
using oalens::testing::unifiedDiff;

const fs::path kRulesDir = fs::path(OALENS_SOURCE_DIR) / "rules" / "gate";

std::vector<std::string> ruleFolders() { return oalens::testing::ruleFolders(kRulesDir); }

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// Every regular file under `dir`, by relative path, read whole.
std::string filesUnder(const fs::path& dir) {
  std::string out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out += readText(e.path());
  return out;
}

class GateRule : public ::testing::TestWithParam<std::string> {
 protected:
  fs::path folder() const { return kRulesDir / GetParam(); }
  std::string id() const { return GetParam().substr(0, 5); }

  // A repository whose last commit turns `before/` into `after/`; its path.
  fs::path replay() const {
    const fs::path repo = oalens::testing::scratchDirectory("oalens_gate_rule");
    // Fixed identities and dates: the fixture's output must not depend on who runs it.
    const std::string git = "cd " + quoted(repo) +
                            " && GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid "
                            "GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid GIT_AUTHOR_DATE=2026-01-01T00:00:00Z "
                            "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z git ";
    EXPECT_EQ(runCommand(git + "init -q -b main").status, 0);
    for (const char* side : {"before", "after"}) {
      for (const auto& e : fs::directory_iterator(repo))
        if (e.path().filename() != ".git") fs::remove_all(e.path());
      fs::copy(folder() / side, repo, fs::copy_options::recursive);
      EXPECT_EQ(runCommand(git + "add -A && " + git + "-c commit.gpgsign=false commit -q --allow-empty -m " + side).status, 0);
    }
    return repo;
  }

  std::string extraArguments() const {
    std::string args = readText(folder() / "args.txt");
    while (!args.empty() && (args.back() == '\n' || args.back() == ' ')) args.pop_back();
    return args;
  }
};

TEST_P(GateRule, IsARuleOfTheGate) {
  const oalens::rules::GateRule* rule = nullptr;
  for (const auto& r : oalens::rules::gateRules())
    if (r.id == id()) rule = &r;
  ASSERT_NE(rule, nullptr) << id() << " has a folder but no line in rules/gate/registry.cpp";
  EXPECT_EQ(oalens::rules::gateRuleFolder(*rule), GetParam()) << "the folder must be <ID>_<name with _ for ->";
}

TEST_P(GateRule, ReadmeHasTheSectionsAndItsExamplesAreFixtures) {
  const std::string fixtures = filesUnder(folder() / "before") + filesUnder(folder() / "after");
  oalens::testing::expectRuleReadme(readText(folder() / "README.md"), id(), fixtures, GetParam());
}

TEST_P(GateRule, ReportsItsRuleAloneAndMatchesExpectedOutput) {
  const fs::path repo = replay();
  // stdout alone: stderr carries the advice on stating a reason, not findings.
  const auto r = runCommand("cd " + quoted(repo) + " && (" + OALENS_BINARY + " diff HEAD~1..HEAD " + extraArguments() + " 2>/dev/null)");
  fs::remove_all(repo);
  EXPECT_LE(r.status, 1) << "exit 2 is a usage or fatal error:\n" << r.out;
  std::istringstream lines(r.out);
  std::string line;
  size_t own = 0;
  while (std::getline(lines, line)) {
    const bool ownRule = line.ends_with("[" + id() + "]");
    own += ownRule;
    EXPECT_TRUE(ownRule) << GetParam() << ": a finding of another rule: " << line;
  }
  EXPECT_GT(own, 0u) << GetParam() << ": the fixture does not trigger " << id();
  const fs::path golden = folder() / "expected.txt";
  if (std::getenv("OALENS_UPDATE_GOLDEN")) {
    std::ofstream(golden) << r.out;
    GTEST_SKIP() << "updated " << golden;
  }
  const std::string expected = readText(golden);
  EXPECT_TRUE(expected == r.out) << GetParam() << "/expected.txt differs (update: OALENS_UPDATE_GOLDEN=1 ctest -R GateRule):\n"
                                 << unifiedDiff(expected, r.out);
}

INSTANTIATE_TEST_SUITE_P(Rules, GateRule, ::testing::ValuesIn(ruleFolders()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param.substr(0, 5); });

TEST(GateRegistry, EveryRuleHasAFolderIdsSortedNamesKebab) {
  std::set<std::string> folders;
  for (const auto& f : ruleFolders()) folders.insert(f);
  static const std::regex kebab("[a-z0-9]+(-[a-z0-9]+)*"), gateId("CH3[0-9]{2}");
  std::string previous;
  for (const auto& r : oalens::rules::gateRules()) {
    EXPECT_TRUE(std::regex_match(r.id, gateId)) << r.id;
    EXPECT_TRUE(std::regex_match(r.name, kebab)) << r.name;
    EXPECT_LT(previous, r.id) << "the table is sorted by id, each id once";
    previous = r.id;
    EXPECT_TRUE(folders.count(oalens::rules::gateRuleFolder(r))) << r.id << " has no folder " << oalens::rules::gateRuleFolder(r);
    EXPECT_NE(std::string(r.summary), "");
    EXPECT_NE(std::string(r.description), "");
    EXPECT_NE(std::string(r.fix), "");
  }
  EXPECT_EQ(folders.size(), oalens::rules::gateRules().size()) << "a folder per rule and a rule per folder";
}

}  // namespace
