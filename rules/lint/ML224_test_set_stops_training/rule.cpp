// ML224 test-set-stops-training: a fit that stops early, keeps the best epoch or lowers the
// learning rate by its score on data named as the test set (Keras `validation_data=(x_test,
// y_test)` with an EarlyStopping or best-only ModelCheckpoint callback, XGBoost/LightGBM
// `eval_set=[(x_test, y_test)]` with early stopping): the test set chooses the model, and its
// score is no longer an estimate for unseen data.
#include <fmt/format.h>

#include <re2/re2.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool namesTestData(std::string_view text) {
  static const RE2 re(R"((?i)(^|[^a-z])(test|testing|holdout|hold_out)([^a-z]|$)|(x|y)_?test|test_?(x|y|data|set|ds|gen))");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
}

bool selects(std::string_view text) {
  return text.find("EarlyStopping") != std::string_view::npos || text.find("early_stopping") != std::string_view::npos ||
         text.find("ReduceLROnPlateau") != std::string_view::npos ||
         (text.find("ModelCheckpoint") != std::string_view::npos && text.find("save_best_only") != std::string_view::npos);
}

// The callbacks as written, or the values of the names they list (`callbacks=[stop, best]`).
bool selectsThrough(const FileModel& m, ExprId callbacks, StmtId at) {
  if (selects(m.expr(callbacks).text)) return true;
  auto viaName = [&](ExprId e) {
    if (e == kNone || m.expr(e).kind != ExprKind::Name) return false;
    const ExprId value = lastAssignedValue(m, m.expr(e).name, at);
    return value != kNone && selects(m.expr(value).text);
  };
  if (viaName(callbacks)) return true;
  if (m.expr(callbacks).kind == ExprKind::List || m.expr(callbacks).kind == ExprKind::Tuple)
    for (uint32_t i = 0; i < m.childCount(callbacks); ++i)
      if (viaName(m.child(callbacks, i))) return true;
  return false;
}

class TestSetStopsTraining final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML224",
                                    "test-set-stops-training",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "early stopping or best-model selection monitored on the test set",
                                    "monitor a validation split of the training data (validation_split=0.1, or a separate validation set)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const std::string_view method = calleeLastName(m, call);
    if (method != "fit" && method != "fit_generator" && method != "train") return;
    ExprId monitored = keywordArgument(m, call, "validation_data");
    if (monitored == kNone) monitored = keywordArgument(m, call, "eval_set");
    if (monitored == kNone || !namesTestData(m.expr(monitored).text)) return;
    std::string how;
    for (std::string_view key : {"callbacks", "early_stopping_rounds"}) {
      const ExprId v = keywordArgument(m, call, key);
      if (v == kNone) continue;
      if (key == "early_stopping_rounds") how = "early_stopping_rounds";
      else if (selectsThrough(m, v, ctx.stmt)) how = "its callbacks";
    }
    if (how.empty()) return;
    ctx.report(m.expr(call).range, fmt::format("{} stops or selects the model by its score on {} ({}): the test set chooses the model "
                                               "its own score then reports",
                                               method, squeezed(m.expr(monitored).text, 40), how));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML224() { return std::make_unique<TestSetStopsTraining>(); }

}  // namespace oalens::rules
