// 50,000-deep nesting, valid and with a syntax error deep inside, through every command that
// reads code (scan, lint, diff --staged, diff over a range, mine): each exits 0 or 1, never by
// a signal, and still finds the healthy assertion beside the hostile files. The inputs are
// generated here. Regressions: a MISSING token deep in a C++ expression overflowed the stack
// (tree-sitter's ts_node_parent recursion in the damage walk); 50,000 nested C++ lambdas took
// over 24 GB and nested structs 5.6 GB (costs with the square of the depth: statements past
// 4,096 levels are now left out); 3,000 nested
// Python `if`s made mine's cost grow with the cube of the file's size (nested blocks cut into
// pieces at every level).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/process.h"

namespace fs = std::filesystem;
using oalens::testing::runCommand;

namespace {

constexpr int kDepth = 50'000;

std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// An expression `open^n core close^n`; the broken variant loses an operand in the middle.
struct Shape {
  std::string name, open, core, close;
};

std::string nested(const Shape& s, bool broken) {
  std::string middle = broken ? s.core + " +" : s.core;
  return repeat(s.open, kDepth) + middle + repeat(s.close, kDepth);
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

void writeHostileFiles(const fs::path& tests) {
  const std::vector<Shape> python = {{"paren", "(", "1", ")"},          {"list", "[", "1", "]"}, {"call", "f(", "1", ")"},
                                     {"dict", "{'k': ", "1", "}"},      {"unary", "-", "1", ""}, {"lambda", "lambda: ", "1", ""},
                                     {"cond", "1 if c else ", "1", ""}, {"attr", "", "a", ".b"}};
  for (const Shape& s : python)
    for (bool broken : {false, true})
      write(tests / ("test_" + s.name + (broken ? "_broken" : "") + ".py"),
            "import numpy as np\ndef test_a():\n    x = " + nested(s, broken) + "\n    np.testing.assert_allclose(x, 1, rtol=1e-5)\n");
  // Python blocks nest by indentation, so the 8 MiB input cap bounds them near 2,900 levels.
  std::string ifs = "def test_ifs():\n";
  for (int i = 0; i < 2'000; ++i) ifs += std::string(static_cast<size_t>(4 + i), ' ') + "if c:\n";
  write(tests / "test_ifs.py", ifs + std::string(2'004, ' ') + "assert abs(a - b) < 1e-3\n");

  const std::vector<Shape> cpp = {{"paren", "(", "1", ")"},
                                  {"call", "f(", "1", ")"},
                                  {"init", "{", "1", "}"},
                                  {"unary", "-", "1", ""},
                                  {"cond", "c ? 1 : ", "1", ""},
                                  {"cast", "(double)", "1", ""},
                                  {"lambda", "[]{ return ", "1", ";}"},
                                  {"member", "", "a", ".b"}};
  for (const Shape& s : cpp)
    for (bool broken : {false, true})
      write(tests / (s.name + (broken ? "_broken" : "") + "_test.cpp"),
            "TEST(A, B) {\n  auto x = " + nested(s, broken) + ";\n  EXPECT_NEAR(x, 1.0, 1e-5);\n}\n");
  write(tests / "blocks_test.cpp", "TEST(A, B) {\n" + repeat("{", kDepth) + "EXPECT_NEAR(a, b, 1e-5);" + repeat("}", kDepth) + "\n}\n");
  write(tests / "blocks_broken_test.cpp",
        "TEST(A, B) {\n" + repeat("{", kDepth) + "EXPECT_NEAR(a, b, 1e-5)" + repeat("}", kDepth) + "\n}\n");
  write(tests / "structs_test.cpp", repeat("struct A {", kDepth) + "void f() { EXPECT_NEAR(x, 1.0, 1e-5); }" + repeat("};", kDepth) + "\n");
  write(tests / "namespaces_test.cpp",
        repeat("namespace a {", kDepth) + "TEST(A, B) { EXPECT_NEAR(x, 1.0, 1e-5); }" + repeat("}", kDepth) + "\n");
  write(tests / "ifs_test.cpp", "TEST(A, B) {\n" + repeat("if (c) ", kDepth) + "EXPECT_NEAR(a, b, 1e-5);\n}\n");
}

const char kHealthy[] = "import numpy as np\ndef test_ok():\n    np.testing.assert_allclose(f(), 1, atol=1e-6)\n";

class DeepNesting : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = oalens::testing::scratchDirectory("oalens_deep");
    write(root_ / "tests" / "test_ok.py", kHealthy);
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string oalens(const std::string& args) { return std::string(OALENS_BINARY) + " " + args; }
  fs::path root_;
};

// Exit 0 or 1: not a usage error, not a signal (the shell reports one as 128 + its number).
void expectSurvived(const oalens::testing::CommandResult& r, const std::string& what) {
  EXPECT_TRUE(r.status == 0 || r.status == 1) << what << " exited " << r.status << "\n" << r.out.substr(0, 600);
}

}  // namespace

TEST_F(DeepNesting, ScanAndLintSurviveAndFindTheHealthyAssertion) {
  writeHostileFiles(root_ / "tests");
  // From the tree itself: outside a repository paths are relative to the current directory.
  auto scan = runCommand("cd " + root_.string() + " && " + oalens("scan . --format json -q"));
  expectSurvived(scan, "scan");
  EXPECT_NE(scan.out.find("\"file\": \"tests/test_ok.py\""), std::string::npos) << scan.out.substr(0, 400);
  EXPECT_NE(scan.out.find("nesting-too-deep"), std::string::npos) << "the caps are reported";
  auto lint = runCommand(oalens("lint " + root_.string() + " -q"));
  expectSurvived(lint, "lint");
}

TEST_F(DeepNesting, DiffAndMineSurvive) {
  const std::string git = "git -C " + root_.string() + " ";
  ASSERT_EQ(runCommand(git + "init -q && " + git + "config user.email t@example.com && " + git + "config user.name t && " + git +
                       "add -A && " + git + "commit -qm base")
                .status,
            0);
  writeHostileFiles(root_ / "tests");
  ASSERT_EQ(runCommand(git + "add -A").status, 0);
  expectSurvived(runCommand("cd " + root_.string() + " && " + oalens("diff --staged")), "diff --staged");
  ASSERT_EQ(runCommand(git + "commit -qm deep").status, 0);
  // A second version of each broken file, so that mine pairs two versions of it.
  for (const auto& entry : fs::directory_iterator(root_ / "tests"))
    if (entry.path().filename().string().find("broken") != std::string::npos) std::ofstream(entry.path(), std::ios::app) << "\n// edited\n";
  ASSERT_EQ(runCommand(git + "commit -qam edit").status, 0);
  expectSurvived(runCommand("cd " + root_.string() + " && " + oalens("diff HEAD~2..HEAD")), "diff HEAD~2..HEAD");
  const fs::path db = root_.parent_path() / (root_.filename().string() + ".db");
  fs::remove(db);
  expectSurvived(runCommand(oalens("mine " + root_.string() + " --db " + db.string())), "mine");
  auto tables = runCommand(oalens("report --tables " + db.string() + " --format json"));
  EXPECT_EQ(tables.status, 0) << tables.out;
  EXPECT_NE(tables.out.find("\"commits\": 3,"), std::string::npos) << tables.out;
  fs::remove(db);
}
