// The lint rule interface. A rule describes itself once (LintRuleInfo: id, kebab-case name,
// family, severity, precision, options with defaults); `oalens rules`, the SARIF rule metadata
// and docs/rules.md are printed from it. A rule subscribes to statement and expression kinds
// and to assertion records; the engine walks each file's model once and dispatches. A fresh
// rule object is made for every file, so a rule may keep per-file state in its members and
// decide in finishFile (a seed set anywhere in the file, a loop seen whole).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "analyzer/core/finding.h"
#include "analyzer/model/code_model.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// OA1xx: tolerance and oracle hygiene in test code; ML2xx: training and pipeline anti-patterns.
enum class LintFamily { Oracle, Ml };
// How often a finding is a real problem on the fixtures and real code measured (docs/lint.md).
// A rule of Low precision is opt-in: it runs only when named (`--rule ID`).
enum class LintPrecision { High, Medium, Low };

std::string_view lintFamilyName(LintFamily f);
std::string_view lintPrecisionName(LintPrecision p);

struct LintOption {
  std::string name;
  double defaultValue = 0;
  std::string meaning;
};

struct LintRuleInfo {
  std::string id;    // OA101, ML201
  std::string name;  // kebab-case, what is flagged
  LintFamily family = LintFamily::Oracle;
  Severity severity = Severity::Warning;
  LintPrecision precision = LintPrecision::High;
  std::string summary;  // one line: what is flagged
  std::string remedy;   // how to fix it (the `fix` of JSON and SARIF)
  std::vector<LintOption> options;
};

// A finding of a lint rule (analyzer/core/finding.h), with its place in a notebook.
struct LintFinding : Finding {
  // In a notebook: the cell (1-based among all its cells) and the line within it; `line` and
  // `endLine` are then lines of the .ipynb text.
  uint32_t cell = 0, cellLine = 0;
};

// What the recorded test runs of a margins database measured at one OA assertion (`oalens lint
// --margins DB`, docs/margins.md): OA101 reads it instead of its fixed cut-off.
struct MeasuredMargin {
  std::string verdict;  // over-loose, healthy, flaky-tight, failing
  double maxUsed = 0;   // the largest share of the tolerance any run used
  int64_t runs = 0;
  std::string tolerance, suggested, basis;  // the worst call's tolerance; the suggestion and why
};
using MeasuredMargins = std::map<std::pair<std::string, uint32_t>, MeasuredMargin>;  // by file and first line

// What a rule sees of one file while it runs.
class LintContext {
 public:
  LintContext(const FileModel& model, const Project& project, bool isTestFile) : model(model), project(project), isTestFile(isTestFile) {}
  const FileModel& model;
  const Project& project;
  const bool isTestFile;

  // The rule's option, from the user's overrides or the rule's default.
  double option(std::string_view name) const;
  void report(const SourceRange& at, std::string message);

  // Set by the engine around each rule's calls: the statement being visited (its own
  // expressions are visited right after it), the rule, the user's option overrides.
  StmtId stmt = kNone;
  const LintRuleInfo* rule = nullptr;
  const std::map<std::string, double>* overrides = nullptr;  // "ID.option" -> value
  std::vector<LintFinding>* out = nullptr;
  // Set with `--margins DB`: the measured margins of the tree's OA assertions (the map may lack
  // an assertion no run reached); null without a database.
  const MeasuredMargins* measured = nullptr;
  const MeasuredMargin* measuredAt(const Assertion& a) const;

  // Whole-file analyses several rules read (the leakage rules' data flow): built by the first
  // rule that asks, kept for the others, dropped with the file.
  std::map<std::string, std::shared_ptr<const void>, std::less<>> fileAnalyses;
};

struct LintSubscriptions {
  std::vector<StmtKind> stmts;
  std::vector<ExprKind> exprs;
  bool assertions = false;  // onAssertion for every assertion the scan found in the file
};

class LintRule {
 public:
  virtual ~LintRule() = default;
  virtual const LintRuleInfo& info() const = 0;
  virtual LintSubscriptions subscriptions() const = 0;
  virtual void onStmt(LintContext&, StmtId) {}
  virtual void onExpr(LintContext&, ExprId) {}
  virtual void onAssertion(LintContext&, const Assertion&) {}
  virtual void finishFile(LintContext&) {}
};

using LintRuleFactory = std::unique_ptr<LintRule> (*)();

}  // namespace oalens::analyzer
