// `oalens report` on the mined fixture history (corpora/history). `--changes`: the JSON list
// holds every row of oa_changes with the keys of the machine-readable contract
// (shared/DESIGN.md) and each reason's source; the text list has one line per change, its
// reasons at the end. `--loosened`: the assertions loosened again and again, each with its
// changes. `oalens mine` ends with the repository's Table V, the figures `report --tables` prints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/support/history_fixture.h"
#include "tests/support/process.h"

namespace fs = std::filesystem;
using nlohmann::json;
using oalens::testing::runCommand;

namespace {

class ReportHistory : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = oalens::testing::scratchDirectory("oalens_report_history");
    auto mined = runCommand(std::string(OALENS_BINARY) + " mine " + oalens::testing::historyFixture().string() + " --db " + db());
    ASSERT_EQ(mined.status, 0) << mined.out;
    mineOutput_ = mined.out;
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static std::string db() { return (dir_ / "history.db").string(); }
  static std::string report(const std::string& args, const std::string& what = "--changes") {
    auto r = runCommand(std::string(OALENS_BINARY) + " report " + what + " " + db() + " " + args);
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

TEST_F(ReportHistory, JsonHoldsEveryChangeWithTheContractsKeys) {
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
      // the evidence that decided (docs/reasons.md)
      EXPECT_TRUE(std::set<std::string>({"message", "code", "library", "migration", "many-checks", "alias", "local-rename", "respelled",
                                         "revert", "cosmetic", "asserting-call", "none"})
                      .count(source))
          << c.dump();
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

TEST_F(ReportHistory, TextHasOneLinePerChangeWithItsReasons) {
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

TEST_F(ReportHistory, MineEndsWithTheRepositorysTableFive) {
  const json table = json::parse(runCommand(std::string(OALENS_BINARY) + " report --tables " + db() + " --format json").out)["table5"];
  ASSERT_NE(mineOutput_.find("OA assertion changes of this repository (as the study's Table V):"), std::string::npos) << mineOutput_;
  for (const auto& [key, value] : table.items()) {
    char row[64];
    std::snprintf(row, sizeof row, "    %-16s%8lld\n", key.c_str(), static_cast<long long>(value.get<int64_t>()));
    EXPECT_NE(mineOutput_.find(row), std::string::npos) << key << " = " << value << " not in:\n" << mineOutput_;
  }
  EXPECT_EQ(table["oa_changes"], json::parse(report("--format json"))["changes"].size());
}

TEST_F(ReportHistory, LoosenedListsTheAssertionsLoosenedAgainWithTheirChanges) {
  const json loosened = json::parse(report("--format json", "--loosened"))["loosened"];
  const std::string uids =
      runCommand("sqlite3 " + db() + " \"SELECT assertion_uid FROM oa_changes WHERE direction = 'loosen' GROUP BY 1 HAVING COUNT(*) >= 2\"")
          .out;
  std::set<std::string> expected, listed;
  std::istringstream lines(uids);
  for (std::string uid; std::getline(lines, uid);) expected.insert(uid);
  ASSERT_FALSE(expected.empty());
  int64_t previous = std::numeric_limits<int64_t>::max();
  for (const json& a : loosened) {
    listed.insert(a["assertion_uid"].get<std::string>());
    int64_t loosenings = 0;
    for (const json& c : a["changes"]) loosenings += c["direction"] == "loosen";
    EXPECT_EQ(a["loosenings"], loosenings) << a.dump();
    EXPECT_LE(a["loosenings"].get<int64_t>(), previous) << "most loosened first";
    previous = a["loosenings"].get<int64_t>();
    EXPECT_EQ(a["file"], a["changes"].back()["file"]);
    EXPECT_EQ(a["line"], a["changes"].back()["line"]) << "where the assertion is after its last change";
  }
  EXPECT_EQ(listed, expected);
  // The mean check: added, loosened, reverted, then loosened again under a loop over dtypes.
  const auto mean = std::find_if(loosened.begin(), loosened.end(),
                                 [](const json& a) { return a["file"] == "tests/test_activations.py" && a["line"] == 9; });
  ASSERT_NE(mean, loosened.end());
  std::vector<std::string> story;
  for (const json& c : (*mean)["changes"])
    story.push_back(c["kinds"].dump() + " " + (c["direction"].is_null() ? "-" : c["direction"].get<std::string>()));
  EXPECT_EQ(story,
            (std::vector<std::string>{"[\"added\"] -", "[\"threshold\"] loosen", "[\"threshold\"] tighten", "[\"threshold\"] loosen"}));
  EXPECT_EQ((*mean)["changes"].back()["reasons"], json::array({"dtype"}));
  EXPECT_EQ((*mean)["changes"].back()["reason_sources"], json({{"dtype", "code"}}));

  EXPECT_GT(json::parse(report("--at-least 1 --format json", "--loosened"))["loosened"].size(), loosened.size());
  EXPECT_NE(runCommand(std::string(OALENS_BINARY) + " report --loosened " + db() + " --at-least 0").status, 0);
  const std::string text = report("", "--loosened");
  EXPECT_EQ(text.substr(0, text.find('\n')), "Assertions loosened 2 times or more: " + std::to_string(loosened.size()));
  EXPECT_NE(text.find("tests/test_activations.py:9  loosened 2 times  (uid "), std::string::npos) << text;
}

TEST_F(ReportHistory, TablesCountTheReasonsOfThresholdChanges) {
  const json reasons =
      json::parse(runCommand(std::string(OALENS_BINARY) + " report --tables " + db() + " --format json").out)["threshold_reasons"];
  ASSERT_FALSE(reasons.empty());
  for (const json& r : reasons) {
    const std::string counted = runCommand("sqlite3 " + db() +
                                           " \"SELECT COUNT(*) FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id WHERE"
                                           " instr(',' || ch.kinds || ',', ',threshold,') > 0 AND r.reason = '" +
                                           r["reason"].get<std::string>() + "' AND r.source = '" + r["source"].get<std::string>() + "'\"")
                                    .out;
    EXPECT_EQ(std::to_string(r["changes"].get<int64_t>()) + "\n", counted) << r.dump();
    EXPECT_GE(r["changes"].get<int64_t>(), r["loosen"].get<int64_t>() + r["tighten"].get<int64_t>() + r["mixed"].get<int64_t>());
  }
  const auto code =
      std::find_if(reasons.begin(), reasons.end(), [](const json& r) { return r["reason"] == "dtype" && r["source"] == "code"; });
  ASSERT_NE(code, reasons.end());
  EXPECT_EQ((*code)["changes"], 2) << "the loop over dtypes and the tolerance chosen by dtype";
  EXPECT_EQ((*code)["loosen"], 2);
  EXPECT_NE(runCommand(std::string(OALENS_BINARY) + " report --tables " + db())
                .out.find("  dtype (code)                 2       2       0       0\n"),
            std::string::npos);
}

// A file that does not parse is recorded in mine_diagnostics, and the run's summary says how many
// such problems there are and where to read them.
TEST_F(ReportHistory, MineSaysHowManyProblemsItRecorded) {
  const fs::path repo = dir_ / "broken";
  ASSERT_EQ(
      runCommand("bash -c 'set -e; git init -q " + repo.string() + "; cd " + repo.string() +
                 "; git config user.email t@example.com; git config user.name t; mkdir tests;"
                 " printf \"import numpy as np\\ndef test_a():\\n    np.testing.assert_allclose(f(), 1.0)\\n\" > tests/test_a.py;"
                 " git add -A; git commit -qm one;"
                 " printf \"import numpy as np\\ndef test_a(:\\n    np.testing.assert_allclose(f(), 1.0, rtol=1e-3)\\n\" > tests/test_a.py;"
                 " git commit -qam two'")
          .status,
      0);
  const std::string db = (dir_ / "broken.db").string();
  auto mined = runCommand(std::string(OALENS_BINARY) + " mine " + repo.string() + " --db " + db);
  EXPECT_NE(mined.out.find("problem"), std::string::npos) << mined.out;
  const std::string recorded = runCommand("sqlite3 " + db + " 'SELECT COUNT(*) FROM mine_diagnostics'").out;
  const std::string count = recorded.substr(0, recorded.find('\n'));
  ASSERT_NE(count, "0");
  EXPECT_NE(mined.out.find("  " + count + (count == "1" ? " problem" : " problems") + " with files recorded: sqlite3 " + db +
                           " 'SELECT * FROM mine_diagnostics'\n"),
            std::string::npos)
      << mined.out;
}
