// The command line with project configuration: a user API from .oalens.toml is used, a
// [tool.oalens] table in pyproject.toml too, and a schema error stops the run with exit 2 and
// a message naming the file, the entry and the key.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/process.h"

namespace fs = std::filesystem;

namespace {

using Result = oalens::testing::CommandResult;
inline Result run(const std::string& cmd) { return oalens::testing::runCommand(cmd); }

class CliConfig : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = oalens::testing::scratchDirectory("oalens_cfg");
    fs::create_directories(dir_ / "tests");
    std::ofstream(dir_ / "tests" / "test_m.py") << "from mylib.checks import check_close\n"
                                                   "def test_a():\n    check_close(f(1), 2.0, 1e-3)\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

const char* kApi =
    "[[api]]\nid = \"mylib.checks.check_close\"\ncategory = \"abs\"\noa = true\n"
    "params = [\"got\", \"want\", \"eps\"]\nactual = \"got\"\nexpected = \"want\"\n"
    "tolerances = { atol = \"eps\" }\ndefaults = { atol = \"1e-6\" }\n";

}  // namespace

TEST_F(CliConfig, UserApiFromOalensToml) {
  std::ofstream(dir_ / ".oalens.toml") << kApi;
  Result r = run(std::string(OALENS_BINARY) + " scan " + dir_.string() + " --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"api\": \"mylib.checks.check_close\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"oa_assertions\": 1"), std::string::npos) << r.out;
}

TEST_F(CliConfig, UserApiFromPyprojectToolTable) {
  std::string api = kApi;
  for (size_t at = api.find("[[api]]"); at != std::string::npos; at = api.find("[[api]]", at + 1))
    api.replace(at, 7, "[[tool.oalens.api]]");
  std::ofstream(dir_ / "pyproject.toml") << "[project]\nname = \"x\"\n\n" << api;
  Result r = run(std::string(OALENS_BINARY) + " scan " + dir_.string() + " --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"api\": \"mylib.checks.check_close\""), std::string::npos) << r.out;
}

TEST_F(CliConfig, SchemaErrorStopsWithExitTwo) {
  std::ofstream(dir_ / ".oalens.toml") << "[[api]]\nid = \"bad\"\ncategory = \"fuzzy\"\n";
  Result r = run(std::string(OALENS_BINARY) + " scan " + dir_.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(".oalens.toml: api[0] (bad): key 'category' must be one of"), std::string::npos) << r.out;
}

TEST_F(CliConfig, UsageErrorsExitTwo) {
  EXPECT_EQ(run(std::string(OALENS_BINARY) + " scan " + dir_.string() + " --format yaml").status, 2);
  EXPECT_EQ(run(std::string(OALENS_BINARY) + " scan /nonexistent/oalens").status, 2);
  EXPECT_EQ(run(std::string(OALENS_BINARY) + " explain nowhere.py:1 --root " + dir_.string()).status, 2);
  // A file that exists but holds no assertion at that line is an answer, not a usage error.
  std::ofstream(dir_ / "tests" / "test_plain.py") << "def test_a():\n    x = 1\n";
  EXPECT_EQ(run(std::string(OALENS_BINARY) + " explain tests/test_plain.py:2 --root " + dir_.string()).status, 1);
}

// The Clang module is opened only for --compile-commands; when it cannot be, that scan says so
// (exit 1) and still reports what tree-sitter finds, and scans without the option never look.
TEST_F(CliConfig, AMissingClangModuleIsAnErrorOnlyForCompileCommands) {
  std::ofstream(dir_ / "tests" / "conv_test.cc") << "TEST(C, F) { EXPECT_NEAR(f(1), 2.0, 1e-5); }\n";
  std::ofstream(dir_ / "compile_commands.json") << "[]\n";
  const std::string scan =
      "OALENS_CLANG_MODULE=/nonexistent/liboalens_clang.so " + std::string(OALENS_BINARY) + " scan " + dir_.string() + " --format csv";
  Result with = run(scan + " --compile-commands " + dir_.string() + " 2>&1");
  EXPECT_EQ(with.status, 1) << with.out;
  EXPECT_NE(with.out.find("the Clang module cannot be loaded (/nonexistent/liboalens_clang.so"), std::string::npos) << with.out;
  EXPECT_NE(with.out.find("tests/conv_test.cc,1,14"), std::string::npos) << with.out;
  Result without = run(scan + " 2>&1");
  EXPECT_EQ(without.status, 0) << without.out;
}

// A suite's own condition macro and its own failing call, declared in .oalens.toml: the
// condition is read as `assert cond` is, and an `if` whose block calls the failing one checks
// the condition's negation.
TEST_F(CliConfig, ConditionAndAbortMacrosDeclaredInOalensToml) {
  std::ofstream(dir_ / ".oalens.toml") << "[[api]]\nid = \"MY_CHECK\"\nlanguage = \"cpp\"\ncategory = \"exact\"\nchecks = \"condition\"\n"
                                          "params = [\"cond\"]\n\n"
                                          "[[api]]\nid = \"MY_DIE\"\nlanguage = \"cpp\"\ncategory = \"exact\"\nchecks = \"abort\"\n";
  std::ofstream(dir_ / "tests" / "k_test.cc") << "void t() {\n  MY_CHECK(std::abs(f(1) - 2.0) < 1e-4);\n"
                                                 "  if (std::abs(f(2) - 4.0) > 1e-3) MY_DIE(\"far\");\n  MY_CHECK(n > 0);\n}\n";
  Result r = run(std::string(OALENS_BINARY) + " scan " + dir_.string() + " --language cpp --format json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"oa_assertions\": 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"api\": \"MY_DIE\""), std::string::npos) << r.out;
  // `checks` with `oa = true` contradicts itself: a schema error.
  std::ofstream(dir_ / ".oalens.toml")
      << "[[api]]\nid = \"MY_CHECK\"\nlanguage = \"cpp\"\ncategory = \"abs\"\noa = true\nchecks = \"condition\"\n";
  Result bad = run(std::string(OALENS_BINARY) + " scan " + dir_.string());
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("key 'checks'"), std::string::npos) << bad.out;
}

// [lint] select / ignore / per-file-ignores in the configuration; an unknown key is an error
// that names the key meant.
TEST_F(CliConfig, LintRulesChosenInTheConfiguration) {
  const std::string loose = "from numpy.testing import assert_allclose\ndef test_a():\n    assert_allclose(f(1), 2.0, rtol=0.5)\n";
  fs::create_directories(dir_ / "legacy");
  std::ofstream(dir_ / "tests" / "test_loose.py") << loose;
  std::ofstream(dir_ / "legacy" / "test_old.py") << loose;
  const std::string lint = std::string(OALENS_BINARY) + " lint " + dir_.string() + " -q";
  std::ofstream(dir_ / ".oalens.toml") << "[lint.per-file-ignores]\n\"legacy/*\" = [\"OA101\"]\n";
  Result r = run(lint);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("tests/test_loose.py:3:5"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("legacy/test_old.py"), std::string::npos) << r.out;
  std::ofstream(dir_ / ".oalens.toml") << "[lint]\nignore = [\"loose-tolerance\"]\n";
  EXPECT_EQ(run(lint).status, 0);
  std::ofstream(dir_ / ".oalens.toml") << "[lint]\nselect = [\"ML205\"]\n";
  EXPECT_EQ(run(lint).status, 0);
  EXPECT_EQ(run(lint + " --rule OA101").status, 1) << "the command line's choice wins";
  std::ofstream(dir_ / ".oalens.toml") << "[lint]\nselekt = [\"OA101\"]\n";
  Result bad = run(std::string(OALENS_BINARY) + " lint " + dir_.string());
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("[lint] unknown key 'selekt'; did you mean 'select'?"), std::string::npos) << bad.out;
}
