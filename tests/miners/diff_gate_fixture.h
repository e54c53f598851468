// The fixture of the `oalens diff` tests: a git repository in a scratch directory, files written,
// staged and committed there, and the gate run on the change.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/process.h"

namespace oalens::testing {

namespace fs = std::filesystem;

using Result = oalens::testing::CommandResult;
inline Result sh(const std::string& cmd) { return oalens::testing::runCommand(cmd); }

class DiffGate : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = oalens::testing::scratchDirectory("oalens_diff");
    fs::create_directories(dir_ / "tests");
    git("init -q -b main");
    git("config user.email t@example.invalid");
    git("config user.name tester");
    git("config commit.gpgsign false");
  }
  void TearDown() override { fs::remove_all(dir_); }
  Result git(const std::string& args) { return sh("cd " + dir_.string() + " && GIT_CONFIG_GLOBAL=/dev/null git " + args); }
  void write(const std::string& rel, const std::string& text) { std::ofstream(dir_ / rel) << text; }
  Result oalens(const std::string& args) { return sh("cd " + dir_.string() + " && " + OALENS_BINARY + " " + args); }
  // Writes `text` to `rel`, stages everything and runs the gate on the staged change.
  Result stageAndDiff(const std::string& rel, const std::string& text) {
    write(rel, text);
    git("add -A");
    return oalens("diff --staged");
  }
  void commitAll(const std::string& msg) {
    git("add -A");
    ASSERT_EQ(git("commit -q -m \"" + msg + "\"").status, 0);
  }
  // `rel` committed as `before`, then as `after` (with whatever else is in the work tree), and
  // the gate's findings on that last commit.
  Result commitBothAndDiff(const std::string& rel, const std::string& before, const std::string& after) {
    write(rel, before);
    commitAll("before");
    write(rel, after);
    commitAll("after");
    return oalens("diff main~1..main --fail-on never");
  }
  fs::path dir_;
};

}  // namespace oalens::testing
