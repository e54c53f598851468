// ML226 training-loader-not-shuffled: a PyTorch DataLoader over training data (its dataset is
// named as such) without shuffle=True, a sampler or a batch_sampler: DataLoader does not shuffle
// by default, so every epoch sees the rows in the dataset's order (often sorted by class, time or
// source) and each batch is drawn from one stretch of it.
#include <fmt/format.h>

#include <re2/re2.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool namesTrainingData(std::string_view text) {
  static const RE2 re(R"((?i)(^|[^a-z])train(ing)?([^a-z]|$)|train_?(set|ds|data|dataset)|(x|y)_?train)");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
}

class TrainingLoaderNotShuffled final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML226",
                                    "training-loader-not-shuffled",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Medium,
                                    "a DataLoader over training data that does not shuffle",
                                    "pass shuffle=True (or a sampler, such as DistributedSampler) to the training loader",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (!calleeIs(m, call, ctx.stmt, {"torch.utils.data.DataLoader"})) return;
    const CallArgs args = splitCall(m, call);
    if (args.hasStarArgs) return;
    ExprId dataset = args.positional.empty() ? keywordArgument(m, call, "dataset") : args.positional.front();
    if (dataset == kNone || !namesTrainingData(m.expr(dataset).text) || namesHeldOutData(m.expr(dataset).text)) return;
    // DataLoader(dataset, batch_size, shuffle, sampler, batch_sampler, ...): a third positional is shuffle.
    if (args.positional.size() >= 3) return;
    bool explicitlyOff = false;
    for (const auto& [k, v] : args.keywords) {
      if (k == "sampler" || k == "batch_sampler" || (k == "shuffle" && m.expr(v).text != "False")) return;
      explicitlyOff |= k == "shuffle";
    }
    ctx.report(m.expr(call).range, fmt::format("DataLoader over {} does not shuffle ({}): every epoch sees the rows in the same "
                                               "order, and each batch one stretch of it",
                                               squeezed(m.expr(dataset).text, 40), explicitlyOff ? "shuffle=False" : "its default"));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML226() { return std::make_unique<TrainingLoaderNotShuffled>(); }

}  // namespace oalens::rules
