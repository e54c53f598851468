// Version 7 of the database: change_kinds and tolerance_changes, checked with the example
// queries of docs/schema.md (read from the page, so the documented queries are the tested ones)
// against the scripted history of corpora/history and its ground-truth table; and a database of
// version 6 still read, then upgraded by the next command that writes it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/support/history_fixture.h"
#include "tests/support/process.h"

namespace fs = std::filesystem;
using oalens::testing::runCommand;

namespace {

std::string readText(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The ```sql blocks of the section `heading` of docs/schema.md.
std::vector<std::string> documentedQueries(const std::string& heading) {
  const std::string page = readText(fs::path(OALENS_SOURCE_DIR) / "docs" / "schema.md");
  const size_t start = page.find("## " + heading + "\n");
  const size_t end = page.find("\n## ", start + 1);
  std::vector<std::string> out;
  for (size_t at = page.find("```sql\n", start); at < end; at = page.find("```sql\n", at)) {
    const size_t close = page.find("```\n", at + 7);
    out.push_back(page.substr(at + 7, close - at - 7));
    at = close;
  }
  return out;
}

std::vector<std::vector<std::string>> rows(const std::string& db, const std::string& sql) {
  std::ofstream(db + ".sql") << sql;
  const auto r = runCommand("sqlite3 -separator '|' " + db + " < " + db + ".sql");
  EXPECT_EQ(r.status, 0) << sql << r.out;
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, '|');) cells.push_back(cell);
    out.push_back(cells);
  }
  return out;
}

class SchemaQueries : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("oalens_schema_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ASSERT_EQ(runCommand(std::string(OALENS_BINARY) + " mine " + oalens::testing::historyFixture().string() + " --db " + db()).status, 0);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static std::string db() { return (dir_ / "history.db").string(); }
  static fs::path dir_;
};
fs::path SchemaQueries::dir_;

// Per kind, and threshold loosenings, as the ground truth of corpora/history counts them.
std::map<std::string, int> expectedKinds(int& thresholdLoosenings) {
  std::map<std::string, int> out;
  thresholdLoosenings = 0;
  std::istringstream table(readText(fs::path(OALENS_SOURCE_DIR) / "corpora" / "history" / "expected_changes.tsv"));
  std::string line;
  std::getline(table, line);  // header
  while (std::getline(table, line)) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, '\t');) f.push_back(c);
    if (f.size() < 5 || f[3] == "none") continue;
    std::istringstream kinds(f[3]);
    for (std::string k; std::getline(kinds, k, ',');) ++out[k];
    thresholdLoosenings += f[3].find("threshold") != std::string::npos && f[4] == "loosen";
  }
  return out;
}

TEST_F(SchemaQueries, TheDocumentedQueriesAnswerAsTheGroundTruth) {
  const auto queries = documentedQueries("Example queries over the history");
  ASSERT_EQ(queries.size(), 3u);
  int loosenings = 0;
  const std::map<std::string, int> expected = expectedKinds(loosenings);

  std::map<std::string, int> kinds;
  for (const auto& r : rows(db(), queries[0])) kinds[r.at(0)] = std::stoi(r.at(1));
  EXPECT_EQ(kinds, expected);

  const auto factors = rows(db(), queries[1]);
  EXPECT_GE(factors.size(), 3u);
  for (const auto& r : factors) {
    ASSERT_EQ(r.size(), 7u);
    const double oldValue = std::stod(r[4]), newValue = std::stod(r[5]), factor = std::stod(r[6]);
    EXPECT_GE(factor, 10);
    if (r[3] != "decimal" && r[3] != "places" && r[3] != "significant")
      EXPECT_NEAR(factor, std::max(newValue / oldValue, oldValue / newValue), 1e-6 * factor) << r[2];
  }

  int thresholds = 0, loosened = 0;
  for (const auto& r : rows(db(), queries[2])) thresholds += std::stoi(r.at(1)), loosened += std::stoi(r.at(2));
  EXPECT_EQ(thresholds, expected.at("threshold"));
  EXPECT_EQ(loosened, loosenings);
}

TEST_F(SchemaQueries, AVersionSixDatabaseIsReadThenUpgraded) {
  const std::string old = (dir_ / "v6.db").string();
  fs::copy_file(db(), old, fs::copy_options::overwrite_existing);
  ASSERT_EQ(runCommand("sqlite3 " + old +
                       " 'DROP TABLE change_kinds; DROP TABLE tolerance_changes;"
                       " UPDATE meta SET value = 6 WHERE key = \"schema_version\"'")
                .status,
            0);
  const std::string bin = OALENS_BINARY;
  EXPECT_EQ(runCommand(bin + " report --tables " + old).out, runCommand(bin + " report --tables " + db()).out) << "read as it is";
  const std::string merged = (dir_ / "merged.db").string();
  ASSERT_EQ(runCommand(bin + " merge " + merged + " " + old).status, 0);
  const std::string count = "SELECT kind, COUNT(*) FROM change_kinds GROUP BY kind";
  EXPECT_EQ(rows(merged, count), rows(db(), count)) << "a version 6 input merged gets its change_kinds";
  ASSERT_EQ(runCommand(bin + " mine " + oalens::testing::historyFixture().string() + " --db " + old).status, 0);
  EXPECT_EQ(rows(old, "SELECT value FROM meta WHERE key = 'schema_version'"), (std::vector<std::vector<std::string>>{{"7"}}));
  EXPECT_EQ(rows(old, count), rows(db(), count)) << "upgraded by the next mine";
}

}  // namespace
