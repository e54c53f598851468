// `oalens report --dashboard`: one database holding a scan (corpora/dl_suite), a lint run
// (corpora/ml_scripts) and a mined history (corpora/history) gives one self-contained page:
// its three sections, Table V with the figures `report --tables` prints, no external resource and
// no script but the findings table's own, balanced elements, and text from the database escaped
// (a file name holding markup stays text). With --link every file, line and commit links to the
// code. A database with none of these gives a page that says so; a missing one exit 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/history_fixture.h"
#include "tests/support/process.h"

namespace fs = std::filesystem;
using oalens::testing::runCommand;

namespace {

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class Dashboard : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = oalens::testing::scratchDirectory("oalens_dashboard"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string page(const std::string& db) {
    auto r = runCommand(std::string(OALENS_BINARY) + " report --dashboard " + db + " -o " + (dir_ / "page.html").string());
    EXPECT_EQ(r.status, 0) << r.out;
    std::ifstream f(dir_ / "page.html");
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }
  fs::path dir_;
};

TEST_F(Dashboard, ShowsScanHistoryAndLintOfOneDatabase) {
  const std::string bin = OALENS_BINARY, src = OALENS_SOURCE_DIR, db = (dir_ / "all.db").string();
  ASSERT_EQ(runCommand(bin + " scan " + src + "/corpora/dl_suite -q --db " + db).status, 0);
  runCommand(bin + " lint " + src + "/corpora/ml_scripts -q --fail-on never --db " + db);
  ASSERT_EQ(runCommand(bin + " mine " + oalens::testing::historyFixture().string() + " --db " + db).status, 0);
  // A file name with markup in it, as a hostile repository could have.
  ASSERT_EQ(
      runCommand("sqlite3 " + db +
                 " \"INSERT INTO lint_findings(run_id, file, line, col, end_line, end_col, rule, name, severity, message, fingerprint)"
                 " SELECT MAX(id), '<script>alert(1)</script>.py', 1, 1, 1, 2, 'ML204', 'nan-equality', 'error', 'x', 'f' FROM lint_runs\"")
          .status,
      0);

  const std::string html = page(db);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  for (const char* section : {"<section id=\"scan\">", "<section id=\"history\">", "<section id=\"lint\">"})
    EXPECT_NE(html.find(section), std::string::npos) << section;
  const auto tables = nlohmann::json::parse(runCommand(bin + " report --tables " + db + " --format json").out)["table5"];
  for (const auto& [key, value] : tables.items())
    EXPECT_NE(html.find("<td>" + key + "</td><td>" + std::to_string(value.get<int64_t>()) + "</td>"), std::string::npos) << key;
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;.py"), std::string::npos);
  EXPECT_EQ(occurrences(html, "<script"), 1u) << "the findings table's script alone; markup from the database is escaped";
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  for (const char* tag : {"svg", "table", "section", "figure"})
    EXPECT_EQ(occurrences(html, std::string("<") + tag), occurrences(html, std::string("</") + tag + ">")) << tag;
  EXPECT_GE(occurrences(html, "<svg"), 8u) << "charts of the scan, the history and the lint run";
}

TEST_F(Dashboard, LinksEveryFileLineAndCommitAndListsTheFindings) {
  const std::string bin = OALENS_BINARY, src = OALENS_SOURCE_DIR, db = (dir_ / "all.db").string();
  ASSERT_EQ(runCommand(bin + " scan " + src + "/corpora/dl_suite -q --db " + db).status, 0);
  runCommand(bin + " lint " + src + "/corpora/ml_scripts -q --fail-on never --db " + db);
  ASSERT_EQ(runCommand(bin + " mine " + oalens::testing::historyFixture().string() + " --db " + db).status, 0);
  const std::string link = "https://example.org/o/r/blob/{commit}/{file}#L{line}";
  auto r = runCommand(bin + " report --dashboard " + db + " --link '" + link + "' -o " + (dir_ / "linked.html").string());
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream f(dir_ / "linked.html");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string html = ss.str();
  EXPECT_GE(occurrences(html, "<a href=\"https://example.org/o/r/blob/"), 20u);
  EXPECT_GE(occurrences(html, "<a href=\"https://example.org/o/r/commit/"), 5u) << "commits link to their own page";
  EXPECT_NE(html.find("#L"), std::string::npos);
  EXPECT_EQ(html.find("{file}"), std::string::npos);
  EXPECT_EQ(html.find("{line}"), std::string::npos);
  // Every finding in the sortable table; the glossary explains the study's terms.
  EXPECT_NE(html.find("<table class=\"sortable findings\" id=\"lint-findings\">"), std::string::npos);
  EXPECT_NE(html.find("data-filter=\"lint-findings\""), std::string::npos);
  const std::string findings = runCommand("sqlite3 " + db + " 'SELECT COUNT(*) FROM lint_findings'").out;
  EXPECT_EQ(std::to_string(occurrences(html, "<td class=\"sev-")) + "\n", findings);
  for (const char* term :
       {"<section id=\"glossary\">", "<b>SCUT</b>", "<b>DT</b>", "<b>NI</b>", "<b>RI</b>", "<dt>Table V</dt>", "oracle approximation"})
    EXPECT_NE(html.find(term), std::string::npos) << term;
  // Values on every bar: each horizontal bar's row carries its value as text.
  EXPECT_EQ(occurrences(html, "class=\"bar\""), occurrences(html, "class=\"bar\"/><text"));
  // A template that names no file, or is no URL, is a usage error.
  EXPECT_EQ(runCommand(bin + " report --dashboard " + db + " --link 'https://example.org/{commit}'").status, 2);
  EXPECT_EQ(runCommand(bin + " report --dashboard " + db + " --link 'javascript:{file}'").status, 2);
}

TEST_F(Dashboard, EmptyDatabaseSaysSoAndAMissingOneIsAnError) {
  const std::string db = (dir_ / "empty.db").string();
  ASSERT_EQ(runCommand("touch " + db).status, 0);  // a file of no bytes is an empty SQLite database
  EXPECT_NE(page(db).find("holds no scan, mined history or lint run"), std::string::npos);
  // Another program's database is refused, not shown as an empty one.
  const std::string foreign = (dir_ / "foreign.db").string();
  ASSERT_EQ(runCommand("sqlite3 " + foreign + " 'CREATE TABLE unrelated(x)'").status, 0);
  EXPECT_EQ(runCommand(std::string(OALENS_BINARY) + " report --dashboard " + foreign).status, 2);
  EXPECT_EQ(runCommand(std::string(OALENS_BINARY) + " report --dashboard " + (dir_ / "missing.db").string()).status, 2);
}

}  // namespace
