// `oalens report --changes` on the mined fixture history (corpora/history): the JSON list holds
// every row of oa_changes with the keys of the machine-readable contract (shared/DESIGN.md)
// and each reason's source; the text list has one line per change, its reasons at the end.
// `oalens mine` ends with the repository's Table V, the figures `report --tables` prints.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <cstdio>
#include <set>
#include <sstream>

#include "tests/support/process.h"

namespace fs = std::filesystem;
using nlohmann::json;
using oalens::testing::runCommand;

namespace {

class ReportChanges : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = oalens::testing::scratchDirectory("oalens_report_changes");
    const std::string src = OALENS_SOURCE_DIR;
    ASSERT_EQ(runCommand("bash " + src + "/corpora/history/build.sh " + (dir_ / "repo").string()).status, 0);
    auto mined = runCommand(std::string(OALENS_BINARY) + " mine " + (dir_ / "repo").string() + " --db " + db());
    ASSERT_EQ(mined.status, 0) << mined.out;
    mineOutput_ = mined.out;
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static std::string db() { return (dir_ / "history.db").string(); }
  static std::string report(const std::string& args) {
    auto r = runCommand(std::string(OALENS_BINARY) + " report --changes " + db() + " " + args);
    EXPECT_EQ(r.status, 0) << r.out;
    return r.out;
  }
  // The one change of the commit with `subject` at `file:line`.
  static json changeAt(const json& changes, const std::string& subject, const std::string& file, int line) {
    json found;
    for (const json& c : changes)
      if (c["subject"] == subject && c["file"] == file && c["line"] == line) {
        EXPECT_TRUE(found.is_null()) << "two changes at " << file << ":" << line;
        found = c;
      }
    EXPECT_FALSE(found.is_null()) << subject << " " << file << ":" << line;
    return found;
  }
  static inline fs::path dir_;
  static inline std::string mineOutput_;
};

}  // namespace

TEST_F(ReportChanges, JsonHoldsEveryChangeWithTheContractsKeys) {
  const json changes = json::parse(report("--format json"))["changes"];
  const std::string rows = runCommand("sqlite3 " + db() + " 'SELECT COUNT(*) FROM oa_changes'").out;
  ASSERT_EQ(std::to_string(changes.size()) + "\n", rows);
  const std::set<std::string> directions = {"tighten", "loosen", "mixed"};
  for (const json& c : changes) {
    for (const char* key : {"commit", "subject", "file", "line", "kinds", "direction", "old", "new", "api", "old_api", "assertion_uid",
                            "old_file", "old_line", "details", "reasons", "reason_sources"})
      EXPECT_TRUE(c.contains(key)) << key << " missing in " << c.dump();
    EXPECT_EQ(c["commit"].get<std::string>().size(), 40u);
    EXPECT_FALSE(c["kinds"].empty()) << c.dump();
    EXPECT_TRUE(c["direction"].is_null() || directions.count(c["direction"].get<std::string>())) << c.dump();
    ASSERT_EQ(c["reasons"].size(), c["reason_sources"].size()) << c.dump();
    for (const json& reason : c["reasons"]) {
      const std::string source = c["reason_sources"].value(reason.get<std::string>(), "");
      EXPECT_TRUE(source == "message" || source == "code") << c.dump();
    }
  }
  const json tanh = changeAt(changes, "Run the tanh check in a session", "tests/test_activations.py", 39);
  EXPECT_EQ(tanh["kinds"], json::array({"threshold"}));
  EXPECT_EQ(tanh["direction"], "loosen");
  EXPECT_EQ(tanh["old"], "atol=1e-5;rtol=1e-07");
  EXPECT_EQ(tanh["new"], "atol=1e-4;rtol=1e-07");
  EXPECT_EQ(tanh["reasons"], json::array({"hardware"}));
  EXPECT_EQ(tanh["reason_sources"], json({{"hardware", "code"}}));
  const json bias = changeAt(changes, "Relax dense bias places for float16 (reported by Jos\xc3\xa9)", "tests/test_nn_layers.py", 18);
  EXPECT_EQ(bias["reason_sources"].value("dtype", ""), "message");
}

TEST_F(ReportChanges, TextHasOneLinePerChangeWithItsReasons) {
  const std::string text = report("");
  const size_t changes = json::parse(report("--format json"))["changes"].size();
  std::istringstream lines(text);
  size_t n = 0, tanh = 0;
  for (std::string line; std::getline(lines, line); ++n)
    if (line.find("tests/test_activations.py:39 [\"threshold\"] loosen") != std::string::npos) {
      ++tanh;
      EXPECT_TRUE(line.ends_with("  [hardware from the code]")) << line;
    }
  EXPECT_EQ(n, changes);
  EXPECT_EQ(tanh, 1u);
}

TEST_F(ReportChanges, MineEndsWithTheRepositorysTableFive) {
  const json table = json::parse(runCommand(std::string(OALENS_BINARY) + " report --tables " + db() + " --format json").out)["table5"];
  ASSERT_NE(mineOutput_.find("OA assertion changes of this repository (as the study's Table V):"), std::string::npos) << mineOutput_;
  for (const auto& [key, value] : table.items()) {
    char row[64];
    std::snprintf(row, sizeof row, "    %-16s%8lld\n", key.c_str(), static_cast<long long>(value.get<int64_t>()));
    EXPECT_NE(mineOutput_.find(row), std::string::npos) << key << " = " << value << " not in:\n" << mineOutput_;
  }
  EXPECT_EQ(table["oa_changes"], json::parse(report("--format json"))["changes"].size());
}
