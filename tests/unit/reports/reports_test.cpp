#include <gtest/gtest.h>

#include <filesystem>

#include "reports/csv/csv_report.h"
#include "reports/github/github_annotations.h"
#include "reports/json/json_report.h"
#include "reports/sarif/sarif_report.h"
#include "reports/sqlite/sqlite_db.h"
#include "reports/sqlite/sqlite_writer.h"
#include "tests/support/scan_helpers.h"

using namespace oalens;

namespace {
const char* kCode =
    "import numpy as np\n"
    "def test_a():\n"
    "    np.testing.assert_allclose(f(), 1, atol=1e-4)\n"
    "    assert x == \"a,b\"\n";
}

TEST(JsonReport, FollowsTheContract) {
  auto r = oalens::testing::scanOne(kCode);
  auto j = reports::scanJson(r);
  EXPECT_EQ(j["summary"]["assertions"], 2);
  EXPECT_EQ(j["summary"]["oa_assertions"], 1);
  EXPECT_EQ(j["summary"]["test_cases"], 1);
  EXPECT_EQ(j["summary"]["test_cases_with_oa"], 1);
  const auto& a = j["assertions"][0];
  for (const char* key : {"file", "line", "api", "category", "is_oa", "test_case", "oracle_type", "threshold_provenance", "tolerances"})
    EXPECT_TRUE(a.contains(key)) << key;
  EXPECT_EQ(a["tolerances"]["atol"]["value"], 1e-4);
  EXPECT_EQ(a["tolerances"]["atol"]["provenance"], "literal");
  EXPECT_EQ(a["tolerances"]["rtol"]["provenance"], "default");
  EXPECT_EQ(a["threshold_provenance"], "customized");
  EXPECT_TRUE(j["assertions"][1]["threshold_provenance"].is_null());
}

// `scan --format json` writes the document piece by piece; it must read as the whole
// document dumped at once, nested objects, empty arrays and invalid UTF-8 included.
TEST(JsonReport, TextMadePieceByPieceIsTheWholeDocumentsDump) {
  auto r = oalens::testing::scanPython({{"tests/test_a.py", kCode},
                                        {"tests/test_b.py", "def test_b(:\n    assert f() == \"\xff\xfe\"\n"},
                                        {"tests/test_c.py", "def helper():\n    pass\n"}});
  ASSERT_FALSE(r.assertions.empty());
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(reports::scanJsonText(r), reports::jsonText(reports::scanJson(r)));
  analyzer::ScanResult empty;
  EXPECT_EQ(reports::scanJsonText(empty), reports::jsonText(reports::scanJson(empty)));
}

TEST(CsvReport, QuotesFieldsWithCommas) {
  auto r = oalens::testing::scanOne(kCode);
  std::string csv = reports::scanCsv(r);
  EXPECT_NE(csv.find(",x,\"\"\"a,b\"\"\","), std::string::npos) << csv;
}

TEST(SarifReport, IsVersion210WithOneResultPerOaAssertion) {
  auto r = oalens::testing::scanOne(kCode);
  auto s = reports::scanSarif(r, {"/work/my repo", "https://example.org/oalens/"});
  EXPECT_EQ(s["version"], "2.1.0");
  const auto& run = s["runs"][0];
  EXPECT_EQ(run["results"].size(), 1u);
  const auto& result = run["results"][0];
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["region"]["startLine"], 3);
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"], "SRCROOT");
  EXPECT_EQ(run["originalUriBaseIds"]["SRCROOT"]["uri"], "file:///work/my%20repo/");
  EXPECT_EQ(result["ruleIndex"], 0);
  EXPECT_EQ(result["partialFingerprints"]["oalens/v1"].get<std::string>().size(), 16u);
  const auto& rule = run["tool"]["driver"]["rules"][0];
  EXPECT_EQ(rule["helpUri"], "https://example.org/oalens/docs/json.md");
  EXPECT_TRUE(rule.contains("fullDescription") && rule["help"].contains("markdown"));
}

// The fingerprint names what an assertion checks, not its line: an alert survives lines added above.
TEST(SarifReport, ScanFingerprintsSurviveAShift) {
  auto print = [](const std::string& code) {
    auto s = reports::scanSarif(oalens::testing::scanOne(code), {"/r", "https://example.org/"});
    return s["runs"][0]["results"][0]["partialFingerprints"]["oalens/v1"].get<std::string>();
  };
  EXPECT_EQ(print(kCode), print("\n\n" + std::string(kCode)));
}

TEST(SarifReport, HelpUriBaseMustBeAbsolute) {
  EXPECT_EQ(reports::helpUriBase("https://host/oalens/blob/v1"), "https://host/oalens/blob/v1/");
  EXPECT_EQ(reports::helpUriBase("file:///usr/share/doc/oalens/"), "file:///usr/share/doc/oalens/");
  EXPECT_EQ(reports::helpUriBase("rules/lint/"), "");
  EXPECT_EQ(reports::helpUriBase("://x"), "");
  EXPECT_EQ(reports::helpUriBase("https://host/a b/"), "");
}

TEST(SqliteWriter, RoundTripsAssertionsAndTolerances) {
  auto r = oalens::testing::scanOne(kCode);
  std::string path = (std::filesystem::temp_directory_path() / "oalens_reports_test.db").string();
  std::filesystem::remove(path);
  std::string err;
  ASSERT_TRUE(reports::writeScanDatabase(path, r, err)) << err;
  reports::Database db;
  ASSERT_TRUE(db.open(path, err)) << err;
  reports::Statement q(
      db, "SELECT a.api, t.value, t.provenance FROM assertions a JOIN tolerances t ON t.assertion_id = a.id WHERE t.name = 'atol'");
  bool row = false;
  ASSERT_TRUE(q.step(&row));
  ASSERT_TRUE(row);
  EXPECT_EQ(q.columnText(0), "numpy.testing.assert_allclose");
  EXPECT_EQ(q.columnText(2), "literal");
  reports::Statement v(db, "SELECT value FROM meta WHERE key = 'schema_version'");
  ASSERT_TRUE(v.step(&row));
  EXPECT_EQ(v.columnText(0), std::to_string(reports::kSchemaVersion));
  std::filesystem::remove(path);
}

// GitHub's runner reads %, CR and LF as escapes in a message, and : and , also in a property.
TEST(GithubAnnotations, EscapeWhatTheRunnerReadsAsSyntax) {
  const std::string line =
      oalens::reports::githubAnnotation({"notice", "tests/a,b:c.py", 4, 2, 4, 9, "CH302 deleted-oa-assertion", "100% gone:\nnext"});
  EXPECT_EQ(line,
            "::notice file=tests/a%2Cb%3Ac.py,line=4,col=2,endLine=4,endColumn=9,title=CH302 deleted-oa-assertion::100%25 gone:%0Anext\n");
  // An end column is given on one line only.
  EXPECT_EQ(oalens::reports::githubAnnotation({"error", "x.py", 1, 1, 3, 5, "", "m"}), "::error file=x.py,line=1,col=1,endLine=3::m\n");
}
