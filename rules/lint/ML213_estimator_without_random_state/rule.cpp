// ML213 estimator-without-random-state: a scikit-learn estimator whose
// fit draws random numbers (forests, boosting, bagging, MLPs, SGD, k-means, t-SNE, randomized
// searches) built without random_state: every run fits another model, so scores and chosen
// hyper-parameters move between runs. Quiet in a file that seeds numpy's global generator,
// which these estimators draw from when random_state is None.
#include <fmt/format.h>

#include <set>
#include <vector>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool drawsWhenFit(std::string_view cls) {
  static const std::set<std::string, std::less<>> names = {"RandomForestClassifier",
                                                           "RandomForestRegressor",
                                                           "ExtraTreesClassifier",
                                                           "ExtraTreesRegressor",
                                                           "RandomTreesEmbedding",
                                                           "GradientBoostingClassifier",
                                                           "GradientBoostingRegressor",
                                                           "HistGradientBoostingClassifier",
                                                           "HistGradientBoostingRegressor",
                                                           "BaggingClassifier",
                                                           "BaggingRegressor",
                                                           "AdaBoostClassifier",
                                                           "AdaBoostRegressor",
                                                           "IsolationForest",
                                                           "DecisionTreeClassifier",
                                                           "DecisionTreeRegressor",
                                                           "ExtraTreeClassifier",
                                                           "ExtraTreeRegressor",
                                                           "MLPClassifier",
                                                           "MLPRegressor",
                                                           "SGDClassifier",
                                                           "SGDRegressor",
                                                           "Perceptron",
                                                           "PassiveAggressiveClassifier",
                                                           "KMeans",
                                                           "MiniBatchKMeans",
                                                           "TSNE",
                                                           "GaussianMixture",
                                                           "RandomizedSearchCV"};
  return names.count(cls) > 0;
}

class EstimatorWithoutRandomState final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML213",
                                    "estimator-without-random-state",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Medium,
                                    "an estimator whose fit is random built without random_state",
                                    "pass random_state=<int> so that every run fits the same model",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const std::string callee = resolvedCallee(m, call, ctx.stmt);
    if (callee == "numpy.random.seed") numpySeeded_ = true;
    const bool known = callee.starts_with("sklearn.");
    const std::string_view cls = lastDottedComponent(callee);
    if (!known || !drawsWhenFit(cls)) return;
    const CallArgs args = splitCall(m, call);
    if (args.hasStarArgs) return;  // random_state may be among **params
    for (const auto& [k, v] : args.keywords) {
      if (k == "random_state") return;
      // k-means started from given centres, once, draws nothing.
      if (k == "init" && m.expr(v).kind != ExprKind::String) return;
    }
    pending_.push_back({call, std::string(cls)});
  }

  void finishFile(LintContext& ctx) override {
    if (numpySeeded_) return;
    for (const auto& [call, cls] : pending_)
      ctx.report(ctx.model.expr(call).range,
                 fmt::format("{} draws random numbers when fit but has no random_state: every run fits another model", cls));
  }

 private:
  bool numpySeeded_ = false;
  std::vector<std::pair<ExprId, std::string>> pending_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML213() { return std::make_unique<EstimatorWithoutRandomState>(); }

}  // namespace oalens::rules
