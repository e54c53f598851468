// What a person at a terminal sees beside the report: one updating progress line (forced here,
// since tests have no terminal), colours that --color and NO_COLOR decide, the same names for
// the database and the target across commands, and precise messages for missing inputs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/support/process.h"

namespace fs = std::filesystem;

namespace {

using oalens::testing::runCommand;
const std::string kBin = OALENS_BINARY;

class Feedback : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = oalens::testing::scratchDirectory("oalens_feedback");
    fs::create_directories(dir_ / "tests");
    for (int i = 0; i < 3; ++i)
      std::ofstream(dir_ / "tests" / ("test_" + std::to_string(i) + ".py"))
          << "from numpy.testing import assert_allclose\ndef test_a():\n    assert_allclose(f(1), 2.0, rtol=0.5)\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// stderr alone (stdout to /dev/null), byte for byte.
std::string stderrOf(const std::string& cmd) { return runCommand("{ " + cmd + " 2>&1 >/dev/null; }").out; }

TEST_F(Feedback, OneProgressLineWhenForcedNoneOtherwise) {
  const std::string scan = kBin + " scan " + dir_.string();
  const std::string forced = stderrOf("OALENS_PROGRESS=always " + scan);
  EXPECT_NE(forced.find("\rscan: parsing 3/3 files"), std::string::npos) << forced;
  EXPECT_NE(forced.find("/s"), std::string::npos) << "a rate: " << forced;
  EXPECT_EQ(forced.find('\n'), std::string::npos) << "redrawn in place, never a new line: " << forced;
  EXPECT_TRUE(forced.ends_with("\r\x1b[K")) << "cleared at the end";
  EXPECT_EQ(stderrOf(scan), "") << "stderr is no terminal: no progress line";
  EXPECT_EQ(stderrOf("OALENS_PROGRESS=always " + scan + " -q"), "") << "-q silences it";
  const std::string lint = stderrOf(kBin + " lint " + dir_.string() + " -q --progress=always");
  EXPECT_NE(lint.find("\rlint: parsing 3/3 files"), std::string::npos) << lint;
  EXPECT_NE(lint.find("\rlint: checking 3/3 files"), std::string::npos) << lint;
  EXPECT_EQ(stderrOf("OALENS_PROGRESS=always " + kBin + " lint " + dir_.string() + " --progress never"), "");

  const fs::path repo = dir_ / "repo";
  std::string script =
      "git init -q " + repo.string() + " && cd " + repo.string() + " && git config user.email t@example.com && git config user.name t";
  for (int i = 0; i < 5; ++i)
    script += " && echo " + std::to_string(i) + " > f.txt && git add f.txt && git commit -qm c" + std::to_string(i);
  ASSERT_EQ(runCommand(script).status, 0);
  const std::string mine = stderrOf(kBin + " mine " + repo.string() + " --db " + (dir_ / "h.db").string() + " --progress always");
  EXPECT_NE(mine.find("\rmine: 5/5 commits"), std::string::npos) << mine;
  EXPECT_EQ(mine.find('\n'), std::string::npos) << mine;
}

TEST_F(Feedback, ColoursFollowColorAndNoColor) {
  // Run in the tree: outside a repository paths are relative to the current directory.
  const std::string in = "cd " + dir_.string() + " && ";
  const std::string lint = in + kBin + " lint . -q";
  const std::string always = runCommand(lint + " --color=always").out;
  EXPECT_NE(always.find("\x1b[1mtests/test_0.py:3:5\x1b[0m: \x1b[1;33mwarning\x1b[0m: "), std::string::npos) << always;
  EXPECT_NE(always.find("\x1b[2m [OA101]\x1b[0m"), std::string::npos) << always;
  EXPECT_EQ(runCommand(lint).out.find('\x1b'), std::string::npos) << "auto: a pipe gets no colours";
  EXPECT_EQ(runCommand(lint + " --color never").out.find('\x1b'), std::string::npos);
  EXPECT_EQ(runCommand(in + "NO_COLOR=1 " + kBin + " lint . -q --color auto").out.find('\x1b'), std::string::npos);
  EXPECT_EQ(runCommand(lint + " --color=always --format json").out.find('\x1b'), std::string::npos) << "only the text report";
  // A file name's own escape bytes stay escaped when the report is coloured.
  std::ofstream(dir_ / "tests" / "test_\x1b[31m.py")
      << "from numpy.testing import assert_allclose\ndef test_b():\n    assert_allclose(f(1), 2.0, rtol=0.5)\n";
  const std::string odd = runCommand(lint + " --color=always").out;
  EXPECT_NE(odd.find("test_\\x1b[31m.py"), std::string::npos) << odd;
}

TEST_F(Feedback, OneNameForTheDatabaseAndTheTarget) {
  const std::string db = (dir_ / "scan.db").string();
  ASSERT_EQ(runCommand(kBin + " scan " + dir_.string() + " --db " + db).status, 0);
  const std::string html = (dir_ / "d.html").string();
  EXPECT_EQ(runCommand(kBin + " report --dashboard --db " + db + " -o " + html).status, 0);
  EXPECT_TRUE(fs::exists(html));
  EXPECT_EQ(runCommand(kBin + " report --html " + db + " -o " + html).status, 0) << "the old spelling stays";
  auto noDb = runCommand(kBin + " report --changes");
  EXPECT_EQ(noDb.status, 2);
  EXPECT_NE(noDb.out.find("--changes needs a database: --changes DB, or --db DB"), std::string::npos) << noDb.out;
  const std::string merged = (dir_ / "all.db").string();
  auto merge = runCommand(kBin + " merge --db " + merged + " " + db);
  EXPECT_EQ(merge.status, 0) << merge.out;
  EXPECT_NE(merge.out.find("merged 1 of 1 inputs into " + merged), std::string::npos) << merge.out;
  EXPECT_EQ(runCommand(kBin + " merge " + merged + " " + db).status, 0) << "OUT IN... stays";
  auto explain = runCommand("cd / && " + kBin + " explain tests/test_0.py:3 --repo " + dir_.string());
  EXPECT_EQ(explain.status, 0) << explain.out;
  EXPECT_EQ(runCommand("cd / && " + kBin + " explain tests/test_0.py:3 --root " + dir_.string()).status, 0) << "the old spelling stays";
}

TEST_F(Feedback, MissingInputsAreNamedAsMissing) {
  auto explain = runCommand("cd " + dir_.string() + " && " + kBin + " explain nofile.py:12");
  EXPECT_EQ(explain.status, 2);
  EXPECT_NE(explain.out.find("nofile.py: no such file"), std::string::npos) << explain.out;
  auto mine = runCommand(kBin + " mine " + (dir_ / "nowhere").string() + " --db " + (dir_ / "x.db").string());
  EXPECT_EQ(mine.status, 2);
  EXPECT_NE(mine.out.find("nowhere: no such file or directory"), std::string::npos) << mine.out;
  auto report = runCommand(kBin + " report --tables " + (dir_ / "none.db").string());
  EXPECT_EQ(report.status, 2);
  EXPECT_NE(report.out.find("none.db: no such database"), std::string::npos) << report.out;
  auto flag = runCommand(kBin + " mine . --db x.db --progres always");
  EXPECT_NE(flag.out.find("did you mean '--progress'?"), std::string::npos) << flag.out;
}

}  // namespace
