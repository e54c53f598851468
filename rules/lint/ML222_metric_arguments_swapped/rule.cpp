// ML222 metric-arguments-swapped: a scikit-learn metric whose result depends on the order of
// its arguments called with the predictions first and the true labels second:
// `precision_score(y_pred, y_test)` computes the recall, `roc_auc_score(proba, y)` fails or
// ranks the labels by the scores, `r2_score(pred, y)` measures the wrong variance.
#include <fmt/format.h>

#include <re2/re2.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool matches(std::string_view text, const RE2& re) { return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re); }

// Names that say "predicted" or "true labels", by their words.
bool saysPredicted(std::string_view text) {
  static const RE2 re(
      R"((?i)(^|[^a-z])(pred|preds|predicted|predictions?|y_?hat|yhat|proba|probs?|probabilities|scores?|outputs?)([^a-z]|$)|predict(_proba)?\()");
  return matches(text, re);
}
bool saysTrue(std::string_view text) {
  static const RE2 re(
      R"((?i)^(y|y_?(test|true|val|valid|train|actual|gt|label|labels|target|targets)|labels?|targets?|ground_?truth|gt|truth|actuals?)(\[.*\])?$)");
  return matches(text, re);
}

class MetricArgumentsSwapped final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML222",
                                    "metric-arguments-swapped",
                                    LintFamily::Ml,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "an order-dependent metric given the predictions first and the true labels second",
                                    "pass the true labels first: metric(y_true, y_pred)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (!calleeIs(m, call, ctx.stmt,
                  {"sklearn.metrics.precision_score", "sklearn.metrics.recall_score", "sklearn.metrics.f1_score",
                   "sklearn.metrics.fbeta_score", "sklearn.metrics.roc_auc_score", "sklearn.metrics.average_precision_score",
                   "sklearn.metrics.confusion_matrix", "sklearn.metrics.classification_report", "sklearn.metrics.r2_score",
                   "sklearn.metrics.mean_absolute_percentage_error", "sklearn.metrics.log_loss", "sklearn.metrics.roc_curve",
                   "sklearn.metrics.precision_recall_curve", "sklearn.metrics.balanced_accuracy_score"}))
      return;
    const CallArgs args = splitCall(m, call);
    if (args.positional.size() < 2) return;
    const std::string_view first = m.expr(args.positional[0]).text, second = m.expr(args.positional[1]).text;
    if (!saysPredicted(first) || !saysTrue(second) || saysPredicted(second)) return;
    ctx.report(m.expr(call).range,
               fmt::format("{}({}, {}): the predictions are passed as the true labels; the metric takes y_true first",
                           lastDottedComponent(resolvedCallee(m, call, ctx.stmt)), squeezed(first, 30), squeezed(second, 30)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML222() { return std::make_unique<MetricArgumentsSwapped>(); }

}  // namespace oalens::rules
