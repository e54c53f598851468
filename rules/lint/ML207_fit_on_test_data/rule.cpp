// ML207 fit-on-test-data: `scaler.fit_transform(X_test)`, `model.fit(x_val, y_val)`: a model
// or preprocessing step learns from the data it is then evaluated on, so the reported score
// overstates how it does on unseen data. The data is recognised by its name (test, val,
// valid, validation, holdout, eval, dev as a word part, and no train part). Not in test files,
// where `test_inputs` names the unit test's own data.
#include <fmt/format.h>

#include <cctype>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// The name a data argument goes by: `X_test`, `data.x_val`, `df_test` of `df_test[cols]`.
std::string_view dataName(const FileModel& m, ExprId e) {
  while (e != kNone && m.expr(e).kind == ExprKind::Subscript) e = m.child(e, 0);
  if (e == kNone || (m.expr(e).kind != ExprKind::Name && m.expr(e).kind != ExprKind::Attribute)) return {};
  return m.expr(e).text;
}

// Base models' predictions on held-out rows (`val_preds`, `np.column_stack([m.predict(X_val)
// for m in models])`): a stacking blender is meant to be fit on them.
bool holdsPredictions(const FileModel& m, ExprId arg, StmtId at) {
  while (arg != kNone && m.expr(arg).kind == ExprKind::Subscript) arg = m.child(arg, 0);
  if (arg == kNone) return false;
  auto mentionsPredictions = [](std::string_view text) {
    return text.find("pred") != std::string_view::npos || text.find("Pred") != std::string_view::npos;
  };
  if (mentionsPredictions(m.expr(arg).text)) return true;
  if (m.expr(arg).kind != ExprKind::Name) return false;
  const ExprId value = lastAssignedValue(m, m.expr(arg).name, at);
  return value != kNone && mentionsPredictions(m.expr(value).text);
}

// Test-then-train (prequential) evaluation: each batch is scored or predicted before the model
// learns from it with partial_fit, so the score never saw it.
bool scoredBefore(const FileModel& m, std::string_view data, StmtId at) {
  const StmtSpan scope = scopeOf(m, at);
  bool scored = false;
  forEachCall(m, scope.first, at, [&](ExprId c, StmtId) {
    const std::string_view name = calleeLastName(m, c);
    if (name != "score" && name != "predict" && name != "predict_proba") return;
    const ExprId first = firstArgument(m, c);
    scored |= first != kNone && dataName(m, first) == data;
  });
  return scored;
}

class FitOnTestData final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML207",
                                    "fit-on-test-data",
                                    LintFamily::Ml,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "fit, fit_transform or partial_fit on data named as test or validation data",
                                    "fit on the training split only, then transform the held-out data with the fitted object",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (ctx.isTestFile) return;
    const std::string_view method = calleeLastName(m, call);
    if (method != "fit" && method != "fit_transform" && method != "partial_fit") return;
    if (methodObject(m, call, method) == kNone) return;
    const std::string_view data = dataName(m, firstArgument(m, call));
    if (data.empty() || !namesHeldOutData(data)) return;
    std::string lower(data);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("train") != std::string::npos) return;
    if (holdsPredictions(m, firstArgument(m, call), ctx.stmt)) return;
    if (method == "partial_fit" && scoredBefore(m, data, ctx.stmt)) return;
    ctx.report(m.expr(call).range, fmt::format("{} on {}: the held-out data shapes what is then evaluated on it", method, data));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML207() { return std::make_unique<FitOnTestData>(); }

}  // namespace oalens::rules
