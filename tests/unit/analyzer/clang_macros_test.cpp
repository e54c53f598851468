// The Clang preprocessor pass over a build's compile_commands.json: a check macro defined in an
// include directory outside the scanned tree becomes a wrapper, the #if branch the build skips
// is noted, a header nobody has (torch) does not stop the pass, and a broken database is an
// error diagnostic while the tree-sitter scan still runs.
#include "analyzer/frontend/cpp/clang_macros.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "analyzer/scan/scanner.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;

namespace {

class ClangMacros : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("oalens_clang_" + std::to_string(::getpid()));
    fs::remove_all(base_);
    fs::create_directories(base_ / "proj" / "tests");
    fs::create_directories(base_ / "ext");
    fs::create_directories(base_ / "build");
    write("proj/tests/conv_test.cc",
          "#include <gtest/gtest.h>\n"
          "#include <torch/torch.h>\n"
          "#include \"ext_check.h\"\n"
          "TEST(Conv, Forward) {\n"
          "  CHECK_CLOSE_ENOUGH(conv(1), 2.0);\n"
          "#ifdef USE_FAST_CONV\n"
          "  EXPECT_NEAR(conv(2), 3.0, 1e-2);\n"
          "#endif\n"
          "}\n");
    write("ext/ext_check.h", "#pragma once\n#define CHECK_CLOSE_ENOUGH(a, b) EXPECT_NEAR(a, b, 1e-3)\n#define PLUS_ONE(x) ((x) + 1)\n");
    write("build/compile_commands.json", "[{\"directory\": \"" + (base_ / "proj").string() + "\", \"command\": \"c++ -std=c++17 -I" +
                                             (base_ / "ext").string() +
                                             " -c tests/conv_test.cc -o conv_test.o\", \"file\": \"tests/conv_test.cc\"}]\n");
  }
  void TearDown() override { fs::remove_all(base_); }
  void write(const std::string& rel, const std::string& text) { std::ofstream(base_ / rel) << text; }
  ScanResult scan(const std::string& compileCommands) {
    ScanOptions opt;
    opt.threads = 1;
    opt.compileCommandsDir = compileCommands;
    return scanPath(base_ / "proj", Catalogue::builtin(), opt);
  }
  fs::path base_;
};

}  // namespace

TEST_F(ClangMacros, ReportsCheckMacrosDefinedOutsideTheTreeAndSkippedBranches) {
  std::string err;
  ClangPreprocessing pp = preprocessTestFiles(base_ / "build", base_ / "proj", {"tests/conv_test.cc"}, err);
  ASSERT_TRUE(err.empty()) << err;
  EXPECT_EQ(pp.filesPreprocessed, 1u);
  ASSERT_EQ(pp.macros.size(), 1u) << "PLUS_ONE checks nothing; gtest's own macros are in a system header";
  EXPECT_EQ(pp.macros[0].name, "CHECK_CLOSE_ENOUGH");
  EXPECT_EQ(pp.macros[0].params, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(pp.macros[0].body, "EXPECT_NEAR(a, b, 1e-3)");
  ASSERT_EQ(pp.skippedLines.count("tests/conv_test.cc"), 1u);
  EXPECT_EQ(pp.skippedLines["tests/conv_test.cc"].front().first, 6u);
  EXPECT_EQ(externalMacroHeader(pp.macros).find("#define CHECK_CLOSE_ENOUGH(a, b) EXPECT_NEAR(a, b, 1e-3)"),
            externalMacroHeader(pp.macros).find("#define"));
}

TEST_F(ClangMacros, ScanWithTheDatabaseFindsTheWrapperTheTreeCannotSee) {
  ScanResult without = scan("");
  ScanResult with = scan((base_ / "build").string());
  auto recordAt = [](const ScanResult& r, uint32_t line) -> const Assertion* {
    for (const auto& a : r.assertions)
      if (a.range.start.line == line) return &a;
    return nullptr;
  };
  ASSERT_NE(recordAt(without, 5), nullptr);
  EXPECT_FALSE(recordAt(without, 5)->isOa);
  const Assertion* a = recordAt(with, 5);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isOa);
  EXPECT_EQ(a->via, "EXPECT_NEAR");
  ASSERT_EQ(a->tolerances.size(), 1u);
  EXPECT_EQ(a->tolerances[0].text, "1e-3");
  for (const auto& f : with.files) EXPECT_EQ(f.path.find("compile_commands"), std::string::npos) << "the synthetic header is not reported";
  bool noted = false;
  for (const auto& d : with.diagnostics) noted |= d.code == "not-compiled" && d.line == 6;
  EXPECT_TRUE(noted);
}

TEST_F(ClangMacros, ABrokenDatabaseIsAnErrorAndTheScanGoesOn) {
  write("build/compile_commands.json", "[{\"directory\": ");
  ScanResult r = scan((base_ / "build").string());
  bool reported = false;
  for (const auto& d : r.diagnostics) reported |= d.code == "compile-commands" && d.severity == Severity::Error;
  EXPECT_TRUE(reported);
  EXPECT_EQ(r.assertions.size(), 2u);
}

// Regression: Clang read an #include of a FIFO and blocked forever. It is now hidden (found
// missing, an empty header stands in) and named in a warning; the alarm turns a hang into a
// failure instead of a stalled suite.
TEST_F(ClangMacros, AnIncludeOfAFifoIsAWarningNotAHang) {
  ASSERT_EQ(::mkfifo((base_ / "ext" / "pipe.h").c_str(), 0600), 0);
  write("proj/tests/conv_test.cc", "#include \"pipe.h\"\nTEST(Conv, Forward) {\n  EXPECT_NEAR(conv(1), 2.0, 1e-3);\n}\n");
  ::alarm(60);
  ScanResult r = scan((base_ / "build").string());
  ::alarm(0);
  bool warned = false;
  for (const auto& d : r.diagnostics)
    warned |= d.code == "input-unreadable" && d.path.find("pipe.h") != std::string::npos && d.severity == Severity::Warning;
  EXPECT_TRUE(warned);
  EXPECT_EQ(r.assertions.size(), 1u);
}
