// The lint engine and `oalens lint`: ignore markers, fingerprints that survive edits above a
// finding, the same output whatever -j is, hostile inputs (the run goes on), exit codes and
// output formats, option overrides; and the golden test over corpora/ml_scripts, whose
// `# expect: <ID>` annotations are the ground truth for every rule at once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "analyzer/lint/lint_engine.h"
#include "rules/lint/registry.h"
#include "tests/support/annotations.h"
#include "tests/support/lint_helpers.h"
#include "tests/support/process.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;
using oalens::testing::readText;
using oalens::testing::renderFindings;
using oalens::testing::runCommand;

namespace {

const fs::path kCorpus = fs::path(OALENS_SOURCE_DIR) / "corpora" / "ml_scripts";
const fs::path kGolden = fs::path(OALENS_SOURCE_DIR) / "tests" / "golden" / "ml_scripts.lint.txt";

LintResult lintAll(const fs::path& dir, unsigned threads = 1) { return oalens::testing::lintDirectory(dir, {}, threads); }

class LintEngine : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = oalens::testing::scratchDirectory("oalens_lint"); }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  fs::path dir_;
};

const char* kNanScript =
    "import numpy as np\n"
    "def check(x):\n"
    "    a = x == np.nan\n"
    "    b = x == np.nan  # oalens: ignore[ML204]\n"
    "    c = x == np.nan  # oalens: ignore[nan-equality]\n"
    "    d = x == np.nan  # oalens: ignore\n"
    "    e = x == np.nan  # oalens: ignore[ML201]\n"
    "    return a, b, c, d, e\n";

TEST_F(LintEngine, IgnoreMarkersDropTheNamedRuleOnTheirLine) {
  write("pipeline.py", kNanScript);
  const LintResult r = lintAll(dir_);
  std::set<uint32_t> lines;
  for (const auto& f : r.findings) lines.insert(f.line);
  EXPECT_EQ(lines, (std::set<uint32_t>{3, 7})) << renderFindings(r);
  EXPECT_EQ(r.suppressed, 3u);
}

TEST_F(LintEngine, FingerprintSurvivesLinesInsertedAbove) {
  write("pipeline.py", kNanScript);
  const LintResult before = lintAll(dir_);
  write("pipeline.py", std::string("# a new header comment\n\n") + kNanScript);
  const LintResult after = lintAll(dir_);
  ASSERT_EQ(before.findings.size(), after.findings.size());
  for (size_t i = 0; i < before.findings.size(); ++i) {
    EXPECT_EQ(before.findings[i].line + 2, after.findings[i].line);
    EXPECT_EQ(before.findings[i].fingerprint, after.findings[i].fingerprint);
  }
  EXPECT_NE(before.findings[0].fingerprint, before.findings[1].fingerprint) << "two identical lines differ by occurrence";
}

TEST_F(LintEngine, HostileInputsAreDiagnosedAndTheRunGoesOn) {
  write("broken_syntax.py", "def f(:\n    x == np.nan\n");
  write("nul_bytes.py", std::string("import numpy as np\nx = 1\0\n", 26));
  write("bad_utf8.py", "import numpy as np\n# caf\xe9\ny = 2 == np.nan\n");
  std::string deep = "import numpy as np\nz = ";
  for (int i = 0; i < 5000; ++i) deep += "(";
  deep += "1";
  for (int i = 0; i < 5000; ++i) deep += ")";
  write("deep.py", deep + "\n");
  write("fine.py", "import numpy as np\nw = 3 == np.nan\n");
  const LintResult r = lintAll(dir_);
  std::set<std::string> flagged;
  for (const auto& f : r.findings) flagged.insert(f.file);
  EXPECT_TRUE(flagged.count("fine.py")) << renderFindings(r);
  EXPECT_TRUE(flagged.count("bad_utf8.py")) << "a file with a bad byte is linted as it is";
  EXPECT_FALSE(r.diagnostics.empty()) << "the NUL-byte file and the syntax error are reported";
}

// The ML rules are Python's: a C++ training loop with its own zeroGrad() is not theirs to judge
// (flashlight's OptimBenchmark.cpp was reported by ML201), while the OA rules read C++ records.
TEST_F(LintEngine, MlRulesLeaveCppAloneOaRulesDoNot) {
  write("tests/optim_test.cpp",
        "#include <gtest/gtest.h>\n"
        "void loop(Optimizer& opt, Variable& w) {\n"
        "  for (int it = 0; it < 100; it++) {\n"
        "    opt.zeroGrad();\n"
        "    w.backward();\n"
        "    opt.step();\n"
        "  }\n"
        "}\n"
        "TEST(Optim, Converges) { EXPECT_NEAR(loss(), 0.0, 0.5); }\n");
  const LintResult r = lintAll(dir_);
  ASSERT_EQ(r.findings.size(), 1u) << renderFindings(r);
  EXPECT_EQ(r.findings[0].rule, "OA101");
}

TEST(LintCorpus, AnnotationsAreMetAndOutputIsGoldenAndDeterministic) {
  const auto expects = oalens::testing::readAnnotations(kCorpus, "# expect: ", {".py", ".ipynb"});
  ASSERT_GE(expects.size(), 20u) << "the corpus carries fewer annotations than it was written with";
  const LintResult r = lintAll(kCorpus, 1);
  std::set<std::tuple<std::string, uint32_t, std::string>> reported, wanted;
  for (const auto& f : r.findings) reported.insert({f.file, f.line, f.rule});
  for (const auto& [where, text] : expects) {
    // In a notebook the annotation ends inside a JSON string: `# expect: ML205\n",`.
    std::istringstream ids(text.substr(0, text.find_first_of("\\\"")));
    std::string id;
    while (ids >> id && id.size() == 5) wanted.insert({where.first, where.second, id});
  }
  for (const auto& [file, line, id] : wanted)
    if (!reported.count({file, line, id})) ADD_FAILURE() << "missing: " << file << ":" << line << " " << id;
  for (const auto& [file, line, id] : reported)
    if (!wanted.count({file, line, id})) ADD_FAILURE() << "noisy: " << file << ":" << line << " " << id;

  const std::string actual = renderFindings(r);
  EXPECT_EQ(actual, renderFindings(lintAll(kCorpus, 4))) << "-j4 output differs from -j1";
  if (std::getenv("OALENS_UPDATE_GOLDEN")) {
    std::ofstream(kGolden) << actual;
    GTEST_SKIP() << "updated " << kGolden;
  }
  EXPECT_TRUE(readText(kGolden) == actual)
      << "tests/golden/ml_scripts.lint.txt differs (update: OALENS_UPDATE_GOLDEN=1 ctest -R LintCorpus):\n"
      << oalens::testing::unifiedDiff(readText(kGolden), actual);
}

// A notebook is the Python of its code cells, its findings placed by cell; a broken one is
// told and the other files are still linted (exit 1: an input was lost).
TEST_F(LintEngine, NotebooksAreLintedAndTheirFindingsPlacedByCell) {
  write("explore.ipynb",
        "{\n"
        " \"cells\": [\n"
        "  {\"cell_type\": \"markdown\", \"source\": [\"# Notes\"]},\n"
        "  {\n"
        "   \"cell_type\": \"code\",\n"
        "   \"source\": [\n"
        "    \"import numpy as np\\n\",\n"
        "    \"!pip list\\n\",\n"
        "    \"noise = np.random.normal(size=10)\"\n"
        "   ]\n"
        "  }\n"
        " ],\n"
        " \"nbformat\": 4\n"
        "}\n");
  const std::string bin = OALENS_BINARY, path = dir_.string();
  auto text = runCommand(bin + " lint " + path);
  EXPECT_EQ(text.status, 1) << text.out;
  EXPECT_NE(text.out.find("explore.ipynb:cell 2:line 3:9: warning: numpy.random.normal draws random numbers"), std::string::npos)
      << text.out;
  // Named on the command line, as pre-commit passes it; JSON gives the line of the .ipynb text.
  auto json = runCommand(bin + " lint " + (dir_ / "explore.ipynb").string() + " --format json -q");
  const auto doc = nlohmann::json::parse(json.out.substr(0, json.out.rfind('}') + 1));
  ASSERT_EQ(doc["findings"].size(), 1u) << json.out;
  EXPECT_EQ(doc["findings"][0]["line"], 9);
  EXPECT_EQ(doc["findings"][0]["cell"], 2);
  EXPECT_EQ(doc["findings"][0]["cell_line"], 3);

  write("broken.ipynb", "{\"cells\": [");
  write("clean.py", "x = 1\n");
  auto broken = runCommand(bin + " lint " + path + " --fail-on never");
  EXPECT_EQ(broken.status, 1) << broken.out;
  EXPECT_NE(broken.out.find("broken.ipynb:0:0: warning: not a notebook: the file is not JSON [broken-notebook]"), std::string::npos)
      << broken.out;
}

TEST_F(LintEngine, CliExitCodesFormatsAndOptions) {
  write("tests/test_loose.py",
        "from numpy.testing import assert_allclose\n"
        "def test_a():\n"
        "    assert_allclose(f(1), 2.0, rtol=0.5)\n");
  const std::string bin = OALENS_BINARY, path = dir_.string();
  auto text = runCommand(bin + " lint " + path);
  EXPECT_EQ(text.status, 1) << text.out;
  EXPECT_NE(text.out.find("tests/test_loose.py:3:5: warning: rtol=0.5 accepts a relative error of 50% in assert_allclose [OA101]"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(runCommand(bin + " lint " + path + " --fail-on error").status, 0);
  EXPECT_EQ(runCommand(bin + " lint " + path + " --set OA101.loose=0.6").status, 0) << "the option raises the bar";
  EXPECT_EQ(runCommand(bin + " lint " + path + " --family ml").status, 0);
  EXPECT_EQ(runCommand(bin + " lint " + path + " --rule no-such-rule").status, 2);
  EXPECT_EQ(runCommand(bin + " lint " + path + " --set OA101.loose=lots").status, 2);
  EXPECT_EQ(runCommand(bin + " lint " + path + "/missing").status, 2);

  auto json = runCommand(bin + " lint " + path + " --format json -q 2>/dev/null");
  const auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["findings"].size(), 1u);
  for (const char* key : {"file", "line", "column", "rule", "severity", "message", "fingerprint", "fix"})
    EXPECT_TRUE(doc["findings"][0].contains(key)) << key;
  auto sarif = nlohmann::json::parse(runCommand(bin + " lint " + path + " --format sarif -q 2>/dev/null").out);
  EXPECT_EQ(sarif["version"], "2.1.0");
  EXPECT_EQ(sarif["runs"][0]["tool"]["driver"]["rules"].size(), oalens::rules::lintRegistry().size());
  EXPECT_EQ(sarif["runs"][0]["results"][0]["ruleId"], "OA101");

  // Rule control and CI formats: --ignore, --statistics, GitHub workflow annotations.
  EXPECT_EQ(runCommand(bin + " lint " + path + " --ignore OA101").status, 0);
  EXPECT_EQ(runCommand(bin + " lint " + path + " --ignore loose-tolerance").status, 0);
  EXPECT_EQ(runCommand(bin + " lint " + path + " --ignore no-such-rule").status, 2);
  auto stats = runCommand(bin + " lint " + path + " --statistics -q");
  EXPECT_NE(stats.out.find("     1  OA101  loose-tolerance\n"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("     1  findings in 1 files (0 suppressed)"), std::string::npos) << stats.out;
  // Outside a repository the paths are relative to the current directory.
  auto github = runCommand("cd " + path + " && " + bin + " lint . --format github -q");
  EXPECT_EQ(github.out,
            "::warning file=tests/test_loose.py,line=3,col=5,endLine=3,endColumn=41,title=OA101 loose-tolerance::rtol=0.5 accepts a "
            "relative error of 50%25 in assert_allclose\n")
      << github.out;

  // A baseline accepts today's findings; a new one still fails, and a broken baseline is a usage error.
  const std::string baseline = (dir_ / "baseline.json").string();
  EXPECT_EQ(runCommand(bin + " lint " + path + " -q --write-baseline " + baseline).status, 1);
  auto quiet = runCommand(bin + " lint " + path + " --baseline " + baseline);
  EXPECT_EQ(quiet.status, 0) << quiet.out;
  EXPECT_NE(quiet.out.find("1 finding(s) in the baseline"), std::string::npos) << quiet.out;
  write("tests/test_looser.py",
        "from numpy.testing import assert_allclose\n"
        "def test_b():\n"
        "    assert_allclose(g(1), 2.0, rtol=0.9)\n");
  auto fresh = runCommand(bin + " lint " + path + " -q --baseline " + baseline);
  EXPECT_EQ(fresh.status, 1) << fresh.out;
  EXPECT_NE(fresh.out.find("tests/test_looser.py:3:5"), std::string::npos) << fresh.out;
  EXPECT_EQ(fresh.out.find("tests/test_loose.py"), std::string::npos) << fresh.out;
  write("not_a_baseline.json", "[1, 2]");
  EXPECT_EQ(runCommand(bin + " lint " + path + "/tests --baseline " + (dir_ / "not_a_baseline.json").string()).status, 2);
  std::filesystem::remove(dir_ / "tests/test_looser.py");
  std::filesystem::remove(dir_ / "not_a_baseline.json");
  std::filesystem::remove(baseline);

  const std::string db = (dir_ / "lint.db").string();
  EXPECT_EQ(runCommand(bin + " lint " + path + " -q --db " + db).status, 1);
  auto rows = runCommand("sqlite3 " + db + " \"SELECT rule, line, fingerprint FROM lint_findings; SELECT files, findings FROM lint_runs\"");
  EXPECT_EQ(rows.out, "OA101|3|" + doc["findings"][0]["fingerprint"].get<std::string>() + "\n1|1\n") << rows.out;
}

}  // namespace
