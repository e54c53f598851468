// `oalens parse`, the benchmark floor: it reads and parses the files scan reads, and with
// --library-files the library files a C++ scan reads for the definitions its tests call.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/process.h"

namespace {

using oalens::testing::runCommand;
using oalens::testing::scratchDirectory;

void write(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(ParseCommand, ParsesTheLibraryFilesItIsGiven) {
  const auto dir = scratchDirectory("oalens_parse");
  write(dir / "tests/ops_test.cc", "TEST(Ops, Near) { EXPECT_TRUE(lib::close(a, b, 1e-5f)); }\n");
  write(dir / "lib/close.h", "namespace lib {\ninline bool close(float a, float b, float t) { return a - b < t; }\n}\n");
  write(dir / "library.txt", "lib/close.h\n");
  const auto alone = runCommand(std::string(OALENS_BINARY) + " parse " + dir.string() + " -j1");
  ASSERT_EQ(alone.status, 0) << alone.out;
  EXPECT_NE(alone.out.find("files 1 parsed 1 "), std::string::npos) << alone.out;
  const auto withLibrary =
      runCommand(std::string(OALENS_BINARY) + " parse " + dir.string() + " -j1 --library-files " + (dir / "library.txt").string());
  ASSERT_EQ(withLibrary.status, 0) << withLibrary.out;
  EXPECT_NE(withLibrary.out.find("files 2 parsed 2 "), std::string::npos) << withLibrary.out;
  // The scan names the same file among those it reads (run in the tree: outside a repository
  // paths are relative to the current directory).
  const auto scan = runCommand("cd " + dir.string() + " && " + std::string(OALENS_BINARY) + " scan . --format json");
  EXPECT_NE(scan.out.find("\"lib/close.h\""), std::string::npos) << scan.out;
  std::filesystem::remove_all(dir);
}

TEST(ParseCommand, AListThatCannotBeReadIsAnError) {
  const auto dir = scratchDirectory("oalens_parse");
  write(dir / "tests/ops_test.cc", "TEST(Ops, Near) {}\n");
  const auto r = runCommand(std::string(OALENS_BINARY) + " parse " + dir.string() + " --library-files " + (dir / "missing.txt").string());
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("cannot read"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
