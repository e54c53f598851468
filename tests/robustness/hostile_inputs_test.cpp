// Hostile inputs: every one gets a clear diagnostic and the scan goes on to find the
// assertion in the healthy file next to them.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "analyzer/scan/scanner.h"
#include "tests/support/process.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;

namespace {

class HostileTree : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("oalens_hostile_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "tests" / "sub");
    write("tests/test_ok.py", "import numpy as np\ndef test_ok():\n    np.testing.assert_allclose(f(), 1, atol=1e-6)\n");
    write("tests/test_utf8.py", "def test_u():\n    assert abs(a - b) < 1e-3  # caf\xe9 \xff\n");
    write("tests/test_nul.py", std::string("def test_n():\n    assert x\n\0\0garbage", 36));
    write("tests/test_syntax.py", "def test_s(:\n    assert abs(a - b) < 1e-3\ndef test_t():\n    assert y\n");
    std::string deep = "def test_d():\n    x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
    deep += "    y = " + std::string(5000, '[') + std::string(5000, ']') + "\n";
    deep += "    z = ";
    for (int i = 0; i < 5000; ++i) deep += "f(";
    deep += "0" + std::string(5000, ')') + "\n";
    std::string ifs;
    for (int i = 0; i < 1000; ++i) ifs += std::string(static_cast<size_t>(4 + i), ' ') + "if c:\n";
    deep += ifs + std::string(1004, ' ') + "assert abs(a - b) < 1e-3\n";
    write("tests/test_deep.py", deep);
    {
      std::ofstream big(root_ / "tests" / "test_big.py", std::ios::binary);
      std::string line = "x = 1  # padding padding padding padding padding padding padding\n";
      for (size_t written = 0; written < (50u << 20); written += line.size()) big << line;
    }
    fs::create_directory_symlink("..", root_ / "tests" / "sub" / "loop");
    fs::create_symlink(root_ / "missing.py", root_ / "tests" / "test_dangling.py");
    ::mkfifo((root_ / "tests" / "test_fifo.py").c_str(), 0600);
    // The same troubles in C++: bad UTF-8, NUL bytes, damage, deep nesting, an unclosed
    // macro call and a #define that never ends; each beside a healthy C++ test.
    write("tests/ok_test.cc", "TEST(Ok, Near) { EXPECT_NEAR(f(), 1.0, 1e-6); }\n");
    write("tests/utf8_test.cc", "TEST(U, V) { EXPECT_NEAR(a, b, 1e-3); }  // caf\xe9 \xff\n");
    write("tests/nul_test.cc", std::string("TEST(N, M) {}\n\0\0garbage", 24));
    write("tests/syntax_test.cc",
          "TEST(S, T) { int x = 1 +* / 2; EXPECT_NEAR(x, 1, 1e-5);\n#define BROKEN(a, \nTEST_CASE(\"unclosed\" {\n");
    std::string deepCpp = "TEST(D, E) {\n  x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + ";\n";
    for (int i = 0; i < 3000; ++i) deepCpp += "{";
    deepCpp += " EXPECT_NEAR(a, b, 1e-3); ";
    for (int i = 0; i < 3000; ++i) deepCpp += "}";
    deepCpp += "\n}\n";
    write("tests/deep_test.cc", deepCpp);
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& rel, const std::string& bytes) {
    std::ofstream f(root_ / rel, std::ios::binary);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  bool hasDiagnostic(const ScanResult& r, const std::string& pathPart, const std::string& code) {
    for (const auto& d : r.diagnostics)
      if (d.path.find(pathPart) != std::string::npos && d.code == code) return true;
    return false;
  }
  fs::path root_;
};

}  // namespace

TEST_F(HostileTree, EveryProblemIsReportedAndTheScanGoesOn) {
  Catalogue c = Catalogue::builtin();
  ScanOptions opt;
  opt.threads = 2;
  ScanResult r = scanPath(root_, c, opt);
  bool foundOk = false, foundUtf8 = false, foundDeep = false, foundAfterSyntax = false;
  for (const auto& a : r.assertions) {
    foundOk |= a.file == "tests/test_ok.py" && a.isOa;
    foundUtf8 |= a.file == "tests/test_utf8.py" && a.isOa;
    foundDeep |= a.file == "tests/test_deep.py" && a.isOa;
    foundAfterSyntax |= a.file == "tests/test_syntax.py" && a.testCase == "test_t";
  }
  EXPECT_TRUE(foundOk);
  EXPECT_TRUE(foundUtf8);
  EXPECT_TRUE(foundDeep);
  EXPECT_TRUE(foundAfterSyntax);
  bool cppOk = false, cppUtf8 = false, cppDeep = false, cppAfterDamage = false;
  for (const auto& a : r.assertions) {
    cppOk |= a.file == "tests/ok_test.cc" && a.isOa;
    cppUtf8 |= a.file == "tests/utf8_test.cc" && a.isOa;
    cppDeep |= a.file == "tests/deep_test.cc" && a.isOa;
    cppAfterDamage |= a.file == "tests/syntax_test.cc" && a.isOa;
  }
  EXPECT_TRUE(cppOk);
  EXPECT_TRUE(cppUtf8);
  EXPECT_TRUE(cppDeep);
  EXPECT_TRUE(cppAfterDamage);
  EXPECT_TRUE(hasDiagnostic(r, "utf8_test.cc", "invalid-utf8"));
  EXPECT_TRUE(hasDiagnostic(r, "nul_test.cc", "input-binary"));
  EXPECT_TRUE(hasDiagnostic(r, "syntax_test.cc", "syntax-error"));
  EXPECT_TRUE(hasDiagnostic(r, "deep_test.cc", "nesting-too-deep"));
  EXPECT_TRUE(hasDiagnostic(r, "test_utf8.py", "invalid-utf8"));
  EXPECT_TRUE(hasDiagnostic(r, "test_nul.py", "input-binary"));
  EXPECT_TRUE(hasDiagnostic(r, "test_big.py", "input-too-large"));
  EXPECT_TRUE(hasDiagnostic(r, "test_syntax.py", "syntax-error"));
  EXPECT_TRUE(hasDiagnostic(r, "test_deep.py", "nesting-too-deep"));
  EXPECT_TRUE(hasDiagnostic(r, "loop", "symlink-loop"));
  EXPECT_TRUE(hasDiagnostic(r, "test_dangling.py", "dangling-symlink"));
  EXPECT_TRUE(hasDiagnostic(r, "test_fifo.py", "input-unreadable"));
  for (const auto& d : r.diagnostics) EXPECT_FALSE(d.message.empty()) << d.code;
}

TEST_F(HostileTree, CommandLineReportsProblemsAndExitsOne) {
  auto [status, out] = oalens::testing::runCommand(std::string(OALENS_BINARY) + " scan " + root_.string() + " --format json -o /dev/null");
  EXPECT_EQ(status, 1) << out;
  EXPECT_NE(out.find("test_big.py:0:0: warning: skipped: 50.0 MiB exceeds the 8.0 MiB limit"), std::string::npos) << out;
  EXPECT_NE(out.find("[symlink-loop]"), std::string::npos) << out;
}

// Regression: a file with invalid UTF-8 is scanned with its bytes kept, so an assertion's text
// can hold one; writing it as JSON or SARIF threw (nlohmann's default) and ended the run.
TEST_F(HostileTree, InvalidUtf8InsideAnAssertionIsWrittenAsJsonAndSarif) {
  write("tests/test_bytes.py", "def test_b():\n    assert abs(f('\xff') - 1.0) < 1e-3\n");
  write("tests/bytes_test.cc", "TEST(B, C) { EXPECT_NEAR(f(\"\xfe\"), 1.0, 1e-3); }\n");
  for (const char* format : {"json", "sarif"}) {
    auto [status, out] = oalens::testing::runCommand(std::string(OALENS_BINARY) + " scan " + (root_ / "tests").string() + " -q --format " +
                                                     format + " 2>&1");
    EXPECT_TRUE(status == 0 || status == 1) << format << " exited " << status << "\n" << out.substr(0, 400);
    EXPECT_EQ(out.rfind("{", 0), 0u) << format << ": a JSON document";
    if (std::string(format) == "json") {
      EXPECT_NE(out.find("\xef\xbf\xbd"), std::string::npos) << "the bad byte is written as U+FFFD";
    }
  }
}
