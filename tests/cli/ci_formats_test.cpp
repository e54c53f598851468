// The CI formats beside text, JSON, CSV and SARIF, checked for their structure: GitHub workflow
// annotations for lint, diff and scan; JUnit XML that Python's XML parser reads, with a failed
// test case per finding; GitLab code quality issues with the fields its documentation requires
// and a fingerprint each, distinct.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support/process.h"

namespace fs = std::filesystem;

namespace {

using oalens::testing::runCommand;
const std::string kBin = OALENS_BINARY;

class CiFormats : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = oalens::testing::scratchDirectory("oalens_ci");
    fs::create_directories(dir_ / "tests");
    // Two findings on one line text (the occurrence tells their fingerprints apart).
    std::ofstream(dir_ / "tests" / "test_a.py") << "from numpy.testing import assert_allclose\n"
                                                   "def test_a():\n"
                                                   "    assert_allclose(f(1), 2.0, rtol=0.5)\n"
                                                   "    assert_allclose(f(1), 2.0, rtol=0.5)\n"
                                                   "    assert h(2) * 10 == 0.001\n";
    std::ofstream(dir_ / "tests" / "test_b.py")
        << "from numpy.testing import assert_allclose\ndef test_b():\n    assert_allclose(f(1), 2.0, rtol=0.5)\n";
    // A file name with the characters XML escapes, and a control byte it cannot carry at all.
    std::ofstream(dir_ / "tests" / "test_<&'\">\x01.py")
        << "from numpy.testing import assert_allclose\ndef test_c():\n    assert_allclose(f(1), 2.0, rtol=0.5)\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// JUnit: parsed by python3's xml.etree, its counts printed for the test to compare.
std::string junitSummary(const std::string& xmlFile) {
  const std::string script =
      "import sys, xml.etree.ElementTree as E\n"
      "root = E.parse(sys.argv[1]).getroot()\n"
      "assert root.tag == 'testsuites', root.tag\n"
      "cases = root.findall('testsuite/testcase')\n"
      "failures = [c for c in cases if c.find('failure') is not None]\n"
      "assert int(root.get('failures')) == len(failures)\n"
      "for s in root.findall('testsuite'): assert int(s.get('tests')) == len(s.findall('testcase'))\n"
      "print(len(root.findall('testsuite')), len(cases), len(failures), sorted({f.find('failure').get('type') for f in failures}))\n";
  return runCommand("/usr/bin/python3 -c \"$(cat <<'PY'\n" + script + "PY\n)\" " + xmlFile).out;
}

void expectGitlabIssues(const std::string& text, size_t count) {
  const auto issues = nlohmann::json::parse(text);
  ASSERT_TRUE(issues.is_array());
  EXPECT_EQ(issues.size(), count);
  std::set<std::string> fingerprints;
  for (const auto& i : issues) {
    EXPECT_TRUE(i["description"].is_string()) << i;
    EXPECT_TRUE(i["check_name"].is_string()) << i;
    EXPECT_TRUE(i["fingerprint"].is_string()) << i;
    fingerprints.insert(i["fingerprint"].get<std::string>());
    const std::set<std::string> severities = {"info", "minor", "major", "critical", "blocker"};
    EXPECT_TRUE(severities.count(i["severity"].get<std::string>())) << i;
    EXPECT_TRUE(i["location"]["path"].is_string()) << i;
    EXPECT_FALSE(i["location"]["path"].get<std::string>().starts_with("/")) << "relative paths: " << i;
    EXPECT_TRUE(i["location"]["lines"]["begin"].is_number_integer()) << i;
    EXPECT_GE(i["location"]["lines"]["begin"].get<int>(), 1) << i;
  }
  EXPECT_EQ(fingerprints.size(), count) << "each issue its own fingerprint";
}

TEST_F(CiFormats, LintWritesJunitGitlabAndGithub) {
  // Run in the tree: outside a repository paths are relative to the current directory.
  const std::string lint = "cd " + dir_.string() + " && " + kBin + " lint . -q --format ";
  const std::string xml = (dir_ / "lint.xml").string();
  EXPECT_EQ(runCommand(lint + "junit -o " + xml).status, 1);
  EXPECT_EQ(junitSummary(xml), "3 5 5 ['OA101', 'OA105']\n");
  auto gitlab = runCommand(lint + "gitlab 2>/dev/null");
  expectGitlabIssues(gitlab.out, 5);
  EXPECT_NE(gitlab.out.find("\"check_name\": \"OA101\""), std::string::npos);
  EXPECT_NE(gitlab.out.find("\"severity\": \"major\""), std::string::npos);
  auto github = runCommand(lint + "github");
  EXPECT_NE(github.out.find("::warning file=tests/test_a.py,line=3,col=5,"), std::string::npos) << github.out;
  // No finding: JUnit still holds one passing test case.
  EXPECT_EQ(runCommand(lint + "junit --select ML -o " + xml).status, 0);
  EXPECT_EQ(junitSummary(xml), "1 1 0 []\n");
  expectGitlabIssues(runCommand(lint + "gitlab --select ML 2>/dev/null").out, 0);
}

TEST_F(CiFormats, DiffWritesTheSameFormats) {
  const fs::path git = dir_ / "gated";
  ASSERT_EQ(
      runCommand("git init -q " + git.string() + " && cd " + git.string() +
                 " && git config user.email t@example.com && git config user.name t && mkdir tests"
                 " && printf 'from numpy.testing import assert_allclose\\ndef test_a():\\n    assert_allclose(f(1), 2.0, rtol=1e-7)\\n'"
                 " > tests/test_m.py && git add -A && git commit -qm one && sed -i s/1e-7/1e-2/ tests/test_m.py")
          .status,
      0);
  const std::string diff = kBin + " diff --repo " + git.string() + " --format ";
  const std::string xml = (dir_ / "diff.xml").string();
  EXPECT_EQ(runCommand(diff + "junit -o " + xml).status, 1);
  EXPECT_EQ(junitSummary(xml), "1 1 1 ['CH301']\n");
  expectGitlabIssues(runCommand(diff + "gitlab 2>/dev/null").out, 1);
  EXPECT_NE(runCommand(diff + "github").out.find("::warning file=tests/test_m.py,line=3,col=5,title=CH301 loosened-tolerance::"),
            std::string::npos);
}

// reviewdog's rdjsonl: a JSON object a line, each with the fields `reviewdog -f=rdjsonl` reads.
TEST_F(CiFormats, LintAndDiffWriteReviewdogLines) {
  auto lint = runCommand("cd " + dir_.string() + " && " + kBin + " lint . -q --format rdjsonl 2>/dev/null");
  EXPECT_EQ(lint.status, 1);
  size_t lines = 0;
  std::set<std::string> rules;
  for (size_t at = 0, end; (end = lint.out.find('\n', at)) != std::string::npos; at = end + 1) {
    const auto d = nlohmann::json::parse(lint.out.substr(at, end - at));
    EXPECT_TRUE(d["message"].is_string()) << d;
    EXPECT_FALSE(d["location"]["path"].get<std::string>().starts_with("/")) << d;
    EXPECT_GE(d["location"]["range"]["start"]["line"].get<int>(), 1) << d;
    EXPECT_TRUE(d["severity"] == "WARNING" || d["severity"] == "ERROR" || d["severity"] == "INFO") << d;
    EXPECT_EQ(d["source"]["name"], "oalens") << d;
    rules.insert(d["code"]["value"].get<std::string>());
    ++lines;
  }
  EXPECT_EQ(lines, 5u) << lint.out;
  EXPECT_EQ(rules, (std::set<std::string>{"OA101", "OA105"}));
  EXPECT_NE(runCommand(kBin + " diff --help").out.find("rdjsonl"), std::string::npos);
}

TEST_F(CiFormats, ScanAnnotatesEachOaAssertion) {
  auto github = runCommand("cd " + dir_.string() + " && " + kBin + " scan . --format github");
  EXPECT_EQ(github.status, 0) << github.out;
  EXPECT_NE(github.out.find("::notice file=tests/test_b.py,line=3,col=5,"), std::string::npos) << github.out;
  EXPECT_NE(github.out.find("title=OA000 oa-assertion::numpy.testing.assert_allclose assertion (abs_rel): atol=0, rtol=0.5"),
            std::string::npos)
      << github.out;
}

}  // namespace
