// ML208 preprocessing-before-split: a scikit-learn transformer (scaler, imputer, PCA,
// vectoriser, feature selector) is fit on the whole data set and the data is split into
// train and test afterwards, in the same function: the test rows' statistics shape the
// features the model is trained on. Fit inside a Pipeline or after the split instead.
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// Transformers that learn from the rows they are fit on. Stateless ones learn nothing a test row
// could leak into: Normalizer scales each row by its own norm, PolynomialFeatures learns only
// the number of columns.
bool isTransformerClass(std::string_view name) {
  static const std::set<std::string, std::less<>> classes = {
      "StandardScaler", "MinMaxScaler", "MaxAbsScaler",    "RobustScaler", "PCA",
      "TruncatedSVD",   "SelectKBest",  "SelectPercentile", "SimpleImputer", "KNNImputer",         "IterativeImputer",
      "TfidfVectorizer", "CountVectorizer", "QuantileTransformer", "PowerTransformer", "KBinsDiscretizer"};
  return classes.count(name) > 0;
}

// The transformer class of `object` in `obj.fit(...)`: built in place or assigned in scope.
std::string_view transformerOf(const FileModel& m, ExprId object, StmtId at) {
  if (m.expr(object).kind == ExprKind::Name) object = lastAssignedValue(m, m.expr(object).name, at);
  if (object == kNone || m.expr(object).kind != ExprKind::Call) return {};
  const std::string_view cls = calleeLastName(m, object);
  return isTransformerClass(cls) ? cls : std::string_view{};
}


// The root name of an assignment target: `X`, `df` of `df["age"]` or of `df.age`.
std::string_view targetRoot(const FileModel& m, ExprId target) {
  while (target != kNone && (m.expr(target).kind == ExprKind::Subscript || m.expr(target).kind == ExprKind::Attribute))
    target = m.child(target, 0);
  return target != kNone && m.expr(target).kind == ExprKind::Name ? m.expr(target).name : std::string_view{};
}

bool isStatistic(std::string_view name) {
  return name == "mean" || name == "std" || name == "var" || name == "median" || name == "min" || name == "max" || name == "quantile" ||
         name == "nanmean" || name == "nanstd" || name == "nanmedian";
}

class PreprocessingBeforeSplit final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML208",
                                    "preprocessing-before-split",
                                    LintFamily::Ml,
                                    LintSeverity::Warning,
                                    LintPrecision::Medium,
                                    "a transformer fit on data that is split into train and test afterwards",
                                    "split first and fit the transformer on the training rows, or put it in a Pipeline",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const std::string_view method = calleeLastName(m, call);
    if (isStatistic(method)) return statisticBeforeSplit(ctx, call, method);
    if (method != "fit" && method != "fit_transform") return;
    const ExprId object = methodObject(m, call, method);
    ExprId data = firstArgument(m, call);
    while (data != kNone && m.expr(data).kind == ExprKind::Subscript) data = m.child(data, 0);  // X[:, :-1] is X's rows
    if (object == kNone || data == kNone || m.expr(data).kind != ExprKind::Name) return;
    const std::string_view cls = transformerOf(m, object, ctx.stmt);
    if (cls.empty()) return;
    // The names the fitted data goes by afterwards: the input, the fit_transform result, and
    // whatever is computed from them later in the function.
    std::vector<std::string_view> names = {m.expr(data).name};
    const Stmt& st = m.stmts[ctx.stmt];
    if (st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).kind == ExprKind::Name) names.push_back(m.expr(st.a).name);
    if (!reachesTrainTestSplit(m, ctx.stmt, names)) return;
    ctx.report(m.expr(call).range,
               fmt::format("{} is fit on {} before train_test_split: the test rows shape the preprocessing", cls, m.expr(data).name));
  }

 private:
  // `X = (X - X.mean()) / X.std()`, `df["age"] = df["age"].fillna(df["age"].median())`,
  // `df.fillna(df.mean(), inplace=True)`: a statistic of all the rows applied to the data,
  // which is split afterwards. A statistic only printed or kept aside is left alone.
  void statisticBeforeSplit(LintContext& ctx, ExprId call, std::string_view stat) {
    const FileModel& m = ctx.model;
    if (!decided_.insert(ctx.stmt).second) return;  // one verdict a statement: (X - X.mean()) / X.std()
    const bool function = calleeIs(m, call, ctx.stmt, {"numpy.mean", "numpy.std", "numpy.var", "numpy.median", "numpy.nanmean", "numpy.nanstd",
                                                       "numpy.nanmedian", "torch.mean", "torch.std", "torch.var", "torch.median"});
    const ExprId object = function ? firstArgument(m, call) : methodObject(m, call, stat);
    const std::string_view data = object == kNone ? std::string_view{} : receiverRoot(m, object);
    if (data.empty() || data == "np" || data == "numpy" || data == "torch" || data == "self") return;
    const Stmt& st = m.stmts[ctx.stmt];
    std::vector<std::string_view> names = {data};
    if (st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone) {
      // Applied to the data: the data appears in the value besides inside the statistic.
      const std::string_view target = targetRoot(m, st.a);
      if (target.empty() || countIdentifier(m.expr(st.b).text, data) < 2) return;
      names.push_back(target);
    } else if (st.kind == StmtKind::ExprStmt && st.a != kNone && m.expr(st.a).kind == ExprKind::Call) {
      const std::string_view outer = calleeLastName(m, st.a);
      if ((outer != "fillna" && outer != "clip") || keywordArgument(m, st.a, "inplace") == kNone) return;
    } else {
      return;
    }
    if (!reachesTrainTestSplit(m, ctx.stmt, names)) return;
    ctx.report(m.expr(call).range,
               fmt::format("the {} of {} is taken over all rows before train_test_split: the test rows shape the preprocessing", stat, data));
  }
  std::set<StmtId> decided_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML208() { return std::make_unique<PreprocessingBeforeSplit>(); }

}  // namespace oalens::rules
