// ML208 preprocessing-before-split: a statistic or fit over rows that include the test rows
// shapes the data a model is trained and tested on. A scikit-learn transformer (scaler, imputer,
// PCA, vectoriser, feature selector, a Pipeline holding one), `preprocessing.scale`, `pd.qcut`
// or a pandas/NumPy statistic (`fillna(df.mean())`, `(x - x.mean()) / x.std()`) is taken over
// the data, and the data is split afterwards (train_test_split, cross-validation, or slices of
// train and test concatenated to be preprocessed together), or the statistic of all rows is
// written into the training part after the split. The data is followed by the lint data-flow
// core (rules/lint/support/data_flow.h), through assignments, helpers of the same file and
// notebook cells.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "rules/lint/support/data_flow.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// " (the data goes X -> X_scaled -> features)" when it changes names on the way.
std::string pathText(const std::vector<std::string_view>& path) {
  if (path.size() < 2) return {};
  std::string out = " (via ";
  for (size_t i = 0; i < path.size(); ++i) out += (i ? " -> " : "") + std::string(path[i]);
  return out + ")";
}

class PreprocessingBeforeSplit final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML208",
                                    "preprocessing-before-split",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Medium,
                                    "a transformer or statistic fit on rows that are split into train and test afterwards",
                                    "split first and fit the transformer on the training rows, or put it in a Pipeline",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {}; }

  void finishFile(LintContext& ctx) override {
    const FileModel& m = ctx.model;
    const flow::DataFlow& df = flow::dataFlowOf(ctx);
    std::set<StmtId> reported;  // one verdict a statement: (X - X.mean()) / X.std()
    for (const flow::Leak& leak : df.leaks) {
      const flow::Event& ev = df.events[leak.event];
      if (ev.kind != flow::EventKind::Learns || !reported.insert(ev.stmt).second) continue;
      const std::string where = flow::placeOf(m, leak.at);
      std::string message =
          leak.kind == flow::LeakKind::BeforeSplit
              ? fmt::format("{} before {} splits it ({}): the test rows shape the preprocessing", ev.what, leak.split, where)
          : leak.kind == flow::LeakKind::BeforeCrossValidation
              ? fmt::format("{} before {} splits it into folds ({}): the validation folds shape the preprocessing", ev.what, leak.split,
                            where)
              : fmt::format("{}, test rows included, and written into {} split off at {}: the test rows shape the training data", ev.what,
                            leak.split, where);
      ctx.report(m.expr(ev.call).range, message + pathText(leak.path) + flow::modelsTrainedOn(m, df, leak.event));
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML208() { return std::make_unique<PreprocessingBeforeSplit>(); }

}  // namespace oalens::rules
