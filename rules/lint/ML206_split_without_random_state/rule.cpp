// ML206 split-without-random-state: scikit-learn's train_test_split, or a shuffling splitter
// (KFold(shuffle=True), ShuffleSplit, ...), without random_state: each run evaluates on other
// rows, so scores move between runs for no reason in the code. Quiet when the file seeds
// numpy's global generator, which scikit-learn then draws from.
#include <fmt/format.h>

#include <vector>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isFalse(const FileModel& m, ExprId e) { return e != kNone && m.expr(e).text == "False"; }
bool isTrue(const FileModel& m, ExprId e) { return e != kNone && m.expr(e).text == "True"; }

class SplitWithoutRandomState final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML206",
                                    "split-without-random-state",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a shuffling scikit-learn split without random_state",
                                    "pass random_state=<int> so that every run splits the same rows",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const std::string callee = resolvedCallee(m, call, ctx.stmt);
    if (callee == "numpy.random.seed") numpySeeded_ = true;
    if (callee.rfind("sklearn.", 0) != 0 || keywordArgument(m, call, "random_state") != kNone) return;
    const std::string_view last = lastDottedComponent(callee);
    const ExprId shuffle = keywordArgument(m, call, "shuffle");
    const bool shuffles = last == "train_test_split" ? !isFalse(m, shuffle)
                          : last == "KFold" || last == "StratifiedKFold" || last == "StratifiedGroupKFold"
                              ? isTrue(m, shuffle)
                              : last == "ShuffleSplit" || last == "StratifiedShuffleSplit" || last == "GroupShuffleSplit" ||
                                    last == "RepeatedKFold" || last == "RepeatedStratifiedKFold";
    if (shuffles) pending_.push_back({call, std::string(last)});
  }

  void finishFile(LintContext& ctx) override {
    if (numpySeeded_) return;
    for (const auto& [call, name] : pending_)
      ctx.report(ctx.model.expr(call).range, fmt::format("{} shuffles without random_state: the split changes every run", name));
  }

 private:
  bool numpySeeded_ = false;
  std::vector<std::pair<ExprId, std::string>> pending_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML206() { return std::make_unique<SplitWithoutRandomState>(); }

}  // namespace oalens::rules
