// ML212 oversampling-before-split: the data is oversampled (imbalanced-learn's SMOTE,
// RandomOverSampler, ADASYN and the other samplers' `fit_resample`, scikit-learn's
// `resample(..., replace=True)`) and split into train and test afterwards, in the same
// function: copies and interpolations of the same rows land on both sides of the split, so the
// test set holds near-duplicates of training rows (overlap leakage).
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;


// The names an assignment binds: `X_res` of `X_res = ...`, both of `X_res, y_res = ...`.
std::vector<std::string_view> boundNames(const FileModel& m, ExprId target) {
  std::vector<std::string_view> out;
  if (target == kNone) return out;
  if (m.expr(target).kind == ExprKind::Name) {
    out.push_back(m.expr(target).name);
    return out;
  }
  for (uint32_t i = 0; i < m.childCount(target); ++i)
    if (const ExprId c = m.child(target, i); c != kNone && m.expr(c).kind == ExprKind::Name) out.push_back(m.expr(c).name);
  return out;
}

// imbalanced-learn's undersamplers, built in place or assigned from their class.
bool undersamples(const FileModel& m, ExprId sampler, StmtId at) {
  if (sampler == kNone) return false;
  if (m.expr(sampler).kind == ExprKind::Name)
    if (const ExprId value = lastAssignedValue(m, m.expr(sampler).name, at); value != kNone) sampler = value;
  const std::string_view text = m.expr(sampler).text;
  for (std::string_view cls : {"UnderSampler", "NearMiss", "TomekLinks", "EditedNearestNeighbours", "ClusterCentroids", "OneSidedSelection",
                               "NeighbourhoodCleaningRule", "InstanceHardnessThreshold"})
    if (text.find(cls) != std::string_view::npos) return true;
  return false;
}

class OversamplingBeforeSplit final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML212",
                                    "oversampling-before-split",
                                    LintFamily::Ml,
                                    LintSeverity::Warning,
                                    LintPrecision::Medium,
                                    "data oversampled (SMOTE, resample with replacement) before it is split into train and test",
                                    "split first and oversample the training rows only (an imblearn Pipeline does this in cross-validation)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::Assign}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone || st.b == kNone || m.expr(st.b).kind != ExprKind::Call) return;
    const ExprId call = st.b;
    const std::string_view method = calleeLastName(m, call);
    std::string_view how;
    if (method == "fit_resample" || method == "fit_sample") {
      if (undersamples(m, methodObject(m, call, method), s)) return;  // removes rows, copies none
      how = "oversampled";
    } else if (calleeIs(m, call, s, {"sklearn.utils.resample"})) {
      const ExprId replace = keywordArgument(m, call, "replace");
      if (replace == kNone || m.expr(replace).text != "True") return;  // without replacement: a subsample, no copies
      how = "resampled with replacement";
    } else {
      return;
    }
    std::vector<std::string_view> names = boundNames(m, st.a);
    if (names.empty()) return;
    if (!reachesTrainTestSplit(m, s, names)) return;
    ctx.report(m.expr(call).range,
               fmt::format("{} is {} before train_test_split: copies of the same rows end up in train and test", squeezed(m.expr(st.a).text), how));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML212() { return std::make_unique<OversamplingBeforeSplit>(); }

}  // namespace oalens::rules
