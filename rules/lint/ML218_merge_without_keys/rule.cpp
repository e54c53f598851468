// ML218 merge-without-keys: `pd.merge(a, b)` or `a.merge(b)` with no `on`, `left_on`/`right_on`
// or `left_index`/`right_index`: pandas joins on every column the two frames share, so a column
// added later to one of them (a `date`, an `id` of another meaning) silently changes the join.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class MergeWithoutKeys final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{
        "ML218",
        "merge-without-keys",
        LintFamily::Ml,
        Severity::Note,
        LintPrecision::High,
        "a pandas merge that names no key: it joins on every shared column",
        "name the key (on=\"id\", or left_on/right_on) and, where the relation is known, validate=\"one_to_one\"",
        {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const bool function = calleeIs(m, call, ctx.stmt, {"pandas.merge"});
    const ExprId object = function ? kNone : methodObject(m, call, "merge");
    if (!function) {
      if (object == kNone) return;
      // tf.summary.merge(...) and other modules' merge functions are no DataFrame method.
      if (namesImport(m, object, ctx.stmt)) return;
    }
    const CallArgs args = splitCall(m, call);
    if (args.hasStarArgs) return;
    for (const auto& [k, v] : args.keywords)
      if (k == "on" || k == "left_on" || k == "right_on" || k == "left_index" || k == "right_index") return;
    // pd.merge(left, right, how, on) / left.merge(right, how, on): a fourth (third) positional is the key.
    if (args.positional.size() >= (function ? 4u : 3u)) return;
    if (args.positional.size() < (function ? 2u : 1u)) return;  // not a DataFrame merge
    ctx.report(m.expr(call).range, "merge names no key: the frames are joined on every column they share, whatever it means");
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML218() { return std::make_unique<MergeWithoutKeys>(); }

}  // namespace oalens::rules
