// Per-rule tests, one instance per folder under rules/lint/ (STYLE.md "Rules"):
//  - the folder is registered in rules.def and named after the rule's id and name;
//  - its README has the fixed sections, and every line of its code examples is in a fixture;
//  - the rule, run alone over its fixtures, reports exactly the `# expect: <ID>` lines of the
//    bad files (the runner lists `missing` and `noisy` file:line) and nothing in good files;
//  - the full rendering equals the folder's expected.txt (a unified diff when not; update with
//    OALENS_UPDATE_GOLDEN=1 ctest -R LintRule).
// And for the registry: ids sorted and unique, names kebab-case, options declared, and
// docs/rules.md current.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "analyzer/lint/lint_engine.h"
#include "rules/lint/registry.h"
#include "rules/rule_index.h"
#include "tests/support/annotations.h"
#include "tests/support/lint_helpers.h"
#include "tests/support/rule_readme.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;

namespace {

using oalens::testing::readText;
using oalens::testing::renderFindings;
using oalens::testing::unifiedDiff;

const fs::path kRulesDir = fs::path(OALENS_SOURCE_DIR) / "rules" / "lint";

std::vector<std::string> ruleFolders() { return oalens::testing::ruleFolders(kRulesDir); }

const LintRuleInfo* infoOf(const std::string& id, std::unique_ptr<LintRule>& holder) {
  for (LintRuleFactory make : oalens::rules::lintRegistry()) {
    holder = make();
    if (holder->info().id == id) return &holder->info();
  }
  return nullptr;
}

LintResult lintAlone(const fs::path& dir, const std::string& id) { return oalens::testing::lintDirectory(dir, {id}); }

class LintRule : public ::testing::TestWithParam<std::string> {
 protected:
  fs::path folder() const { return kRulesDir / GetParam(); }
  std::string id() const { return GetParam().substr(0, 5); }
};

TEST_P(LintRule, IsRegisteredUnderItsName) {
  std::unique_ptr<oalens::analyzer::LintRule> holder;
  const LintRuleInfo* info = infoOf(id(), holder);
  ASSERT_NE(info, nullptr) << id() << " has a folder but no line in rules/lint/rules.def";
  EXPECT_EQ(oalens::rules::lintRuleFolder(*info), GetParam()) << "the folder must be <ID>_<name with _ for ->";
  EXPECT_TRUE(fs::exists(folder() / "rule.cpp"));
}

TEST_P(LintRule, ReadmeHasTheSectionsAndItsExamplesAreFixtures) {
  std::string fixtures;
  for (const auto& e : fs::directory_iterator(folder() / "fixtures")) fixtures += readText(e.path());
  oalens::testing::expectRuleReadme(readText(folder() / "README.md"), id(), fixtures, GetParam());
}

TEST_P(LintRule, ReportsExactlyTheAnnotatedLines) {
  const fs::path fixtures = folder() / "fixtures";
  auto expects = oalens::testing::readAnnotations(fixtures, "# expect: ", {".py", ".ipynb"});
  expects.merge(oalens::testing::readAnnotations(fixtures, "// expect: ", {".cc", ".cpp", ".h"}));
  ASSERT_FALSE(expects.empty()) << GetParam() << ": the bad fixtures carry no `# expect:` annotation";
  const LintResult r = lintAlone(fixtures, id());
  std::set<std::pair<std::string, uint32_t>> reported, wanted;
  for (const auto& f : r.findings) reported.insert({f.file, f.line});
  for (const auto& [where, text] : expects) {
    EXPECT_EQ(where.first.rfind("good", 0) == std::string::npos && where.first.find("/good") == std::string::npos, true)
        << where.first << ": a good fixture carries an expect annotation";
    if (text.rfind(id(), 0) == 0) wanted.insert(where);
  }
  for (const auto& w : wanted)
    if (!reported.count(w)) ADD_FAILURE() << "missing: " << w.first << ":" << w.second << " (annotated, not reported)";
  for (const auto& f : r.findings)
    if (!wanted.count({f.file, f.line})) ADD_FAILURE() << "noisy: " << f.file << ":" << f.line << ": " << f.message;
  EXPECT_GE(r.suppressed, 1u) << GetParam() << ": the bad fixture shows one `# oalens: ignore[" << id() << "]`";
}

TEST_P(LintRule, MatchesExpectedOutput) {
  const std::string actual = renderFindings(lintAlone(folder() / "fixtures", id()));
  const fs::path golden = folder() / "expected.txt";
  if (std::getenv("OALENS_UPDATE_GOLDEN")) {
    std::ofstream(golden) << actual;
    GTEST_SKIP() << "updated " << golden;
  }
  const std::string expected = readText(golden);
  EXPECT_TRUE(expected == actual) << GetParam() << "/expected.txt differs (update: OALENS_UPDATE_GOLDEN=1 ctest -R LintRule):\n"
                                  << unifiedDiff(expected, actual);
}

INSTANTIATE_TEST_SUITE_P(Rules, LintRule, ::testing::ValuesIn(ruleFolders()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param.substr(0, 5); });

TEST(LintRegistry, IdsSortedUniqueNamesKebabEveryRuleHasAFolder) {
  std::set<std::string> folders;
  for (const auto& f : ruleFolders()) folders.insert(f);
  std::string previous;
  for (LintRuleFactory make : oalens::rules::lintRegistry()) {
    const auto rule = make();
    const LintRuleInfo& i = rule->info();
    EXPECT_TRUE(RE2::FullMatch(i.id, i.family == LintFamily::Oracle ? "OA1[0-9]{2}" : "ML2[0-9]{2}")) << i.id;
    EXPECT_TRUE(RE2::FullMatch(i.name, "[a-z0-9]+(-[a-z0-9]+)*")) << i.name;
    EXPECT_LT(previous, i.id) << "rules.def is sorted by id, each id once";
    previous = i.id;
    EXPECT_TRUE(folders.count(oalens::rules::lintRuleFolder(i))) << i.id << " has no folder " << oalens::rules::lintRuleFolder(i);
    EXPECT_FALSE(i.summary.empty());
    EXPECT_FALSE(i.remedy.empty());
  }
}

TEST(LintRegistry, DocsIndexIsCurrent) {
  const fs::path index = fs::path(OALENS_SOURCE_DIR) / "docs" / "rules.md";
  const std::string actual = oalens::rules::rulesMarkdown();
  if (std::getenv("OALENS_UPDATE_GOLDEN")) {
    std::ofstream(index) << actual;
    GTEST_SKIP() << "updated " << index;
  }
  EXPECT_TRUE(readText(index) == actual) << "docs/rules.md is stale: oalens rules --format markdown > docs/rules.md\n"
                                         << unifiedDiff(readText(index), actual);
}

}  // namespace
