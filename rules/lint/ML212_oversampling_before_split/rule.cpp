// ML212 oversampling-before-split: the data is oversampled (imbalanced-learn's SMOTE,
// RandomOverSampler, ADASYN and the other samplers' `fit_resample`, scikit-learn's
// `resample(..., replace=True)`) and split into train and test afterwards, followed by the
// lint data-flow core (rules/lint/support/data_flow.h: assignments, helpers of the same file,
// notebook cells): copies and interpolations of the same rows land on both sides of the split,
// so the test set holds near-duplicates of training rows (overlap leakage).
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/data_flow.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class OversamplingBeforeSplit final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{
        "ML212",
        "oversampling-before-split",
        LintFamily::Ml,
        Severity::Warning,
        LintPrecision::Medium,
        "data oversampled (SMOTE, resample with replacement) before it is split into train and test",
        "split first and oversample the training rows only (an imblearn Pipeline does this in cross-validation)",
        {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {}; }

  void finishFile(LintContext& ctx) override {
    const FileModel& m = ctx.model;
    const flow::DataFlow& df = flow::dataFlowOf(ctx);
    for (const flow::Leak& leak : df.leaks) {
      const flow::Event& ev = df.events[leak.event];
      if (ev.kind != flow::EventKind::Oversamples || leak.kind == flow::LeakKind::IntoTrainingPart) continue;
      const bool folds = leak.kind == flow::LeakKind::BeforeCrossValidation;
      ctx.report(m.expr(ev.call).range, fmt::format("{} before {} splits it{} ({}): copies of the same rows end up in {}", ev.what,
                                                    leak.split, folds ? " into folds" : "", flow::placeOf(m, leak.at),
                                                    folds ? "training and validation folds" : "train and test") +
                                            flow::modelsTrainedOn(m, df, leak.event));
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML212() { return std::make_unique<OversamplingBeforeSplit>(); }

}  // namespace oalens::rules
