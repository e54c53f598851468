// ML227 test-set-selects-model: a loop fits models (or one model with other hyper-parameters),
// scores each on the test set, and a choice is made by that score (the best kept in the loop,
// or max/argmax/sorted over the scores after it): the test set has chosen the model, so the
// score reported for it is optimistic (the multi-test leakage of Yang et al.).
#include <fmt/format.h>

#include <re2/re2.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "rules/lint/support/data_flow.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool mentionsTestData(std::string_view text) {
  static const RE2 re(R"((?i)(x|y)_?test|test_?(x|y|set|data|features|labels)|(^|[^a-z])(test|holdout)([^a-z]|$))");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
}

bool choosesBy(std::string_view text) {
  static const RE2 re(R"((^|[^A-Za-z_])(max|min|argmax|argmin|nanargmax|idxmax|idxmin|sorted|best\w*)([^A-Za-z_]|$))");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
}

// A score on the test set: `model.score(x_test, ...)`, `evaluate(x_test, ...)`, or a metric
// (`*_score`, `*_error`, `*_loss`) of test labels or of predictions for test data.
bool scoresOnTest(const FileModel& m, ExprId call) {
  const std::string_view name = calleeLastName(m, call);
  const bool scoring =
      name == "score" || name == "evaluate" || name.ends_with("_score") || name.ends_with("_error") || name.ends_with("_loss");
  if (!scoring) return false;
  const CallArgs args = splitCall(m, call);
  for (ExprId a : args.positional)
    if (mentionsTestData(m.expr(a).text)) return true;
  return false;
}

class TestSetSelectsModel final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML227",
                                    "test-set-selects-model",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Medium,
                                    "models fit in a loop and chosen by their score on the test set",
                                    "choose on a validation split of the training data or by cross-validation; score the test set once",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (!scoresOnTest(m, call)) return;
    const StmtId loop = enclosingLoop(m, ctx.stmt);
    if (loop == kNone || !decided_.insert(loop).second) return;
    const StmtId end = blockEnd(m, loop);
    bool fits = false;
    forEachCall(m, loop + 1, end, [&](ExprId c, StmtId) { fits |= calleeLastName(m, c) == "fit"; });
    if (!fits) return;
    // Where the score goes: the name it is assigned to, and a list or dict it is stored in.
    std::vector<std::string_view> holders;
    const Stmt& st = m.stmts[ctx.stmt];
    if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && st.a != kNone) holders.push_back(rootOf(m, st.a));
    if (st.kind == StmtKind::ExprStmt && st.a != kNone)
      if (const ExprId list = methodObject(m, st.a, "append"); list != kNone) holders.push_back(m.expr(list).text);
    for (StmtId s = ctx.stmt + 1; s < end; ++s)  // acc = ...; scores.append(acc)
      if (m.stmts[s].kind == StmtKind::ExprStmt && m.stmts[s].a != kNone)
        if (const ExprId list = methodObject(m, m.stmts[s].a, "append"); list != kNone)
          for (std::string_view h : std::vector<std::string_view>(holders))
            if (mentionsIdentifier(m.expr(m.stmts[s].a).text, h)) holders.push_back(m.expr(list).text);
    std::erase_if(holders, [](std::string_view h) { return h.empty(); });
    if (holders.empty()) return;
    const StmtId chosen = choice(m, loop, end, holders);
    if (chosen == kNone) return;
    ctx.report(m.expr(call).range, fmt::format("the test set scores the models this loop fits and the choice at {} keeps the best: the "
                                               "test score of the chosen model is optimistic",
                                               flow::placeOf(m, chosen)));
  }

 private:
  static std::string_view rootOf(const FileModel& m, ExprId target) {
    while (target != kNone && (m.expr(target).kind == ExprKind::Subscript || m.expr(target).kind == ExprKind::Attribute))
      target = m.child(target, 0);
    return target != kNone && m.expr(target).kind == ExprKind::Name ? m.expr(target).name : std::string_view{};
  }

  // The statement that picks by the score: a comparison in the loop (`if acc > best_acc:`), or
  // max/argmax/sorted/best over the holder within the rest of the function after the loop.
  static StmtId choice(const FileModel& m, StmtId loop, StmtId end, const std::vector<std::string_view>& holders) {
    // A holder read as a name in the statement's own code (not in a string, not another name).
    auto mentions = [&](StmtId s) {
      for (ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr && e < m.exprs.size(); ++e) {
        const Expr& x = m.expr(e);
        if (x.kind != ExprKind::Name && x.kind != ExprKind::Attribute) continue;
        for (std::string_view h : holders)
          if (x.text == h) return true;
      }
      return false;
    };
    for (StmtId s = loop + 1; s < end; ++s)
      if (m.stmts[s].kind == StmtKind::If && m.stmts[s].a != kNone && m.expr(m.stmts[s].a).kind == ExprKind::Compare && mentions(s) &&
          m.expr(m.stmts[s].a).text.find("best") != std::string_view::npos)
        return s;
    // After the loop, until the scores are given other values or the data is split anew.
    const StmtSpan scope = scopeOf(m, loop);
    for (StmtId s = end; s < scope.end && s < end + 15; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != m.stmts[loop].function) continue;
      if (st.text.find("train_test_split") != std::string_view::npos) break;
      if (st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).kind == ExprKind::Name &&
          std::find(holders.begin(), holders.end(), m.expr(st.a).name) != holders.end())
        break;
      if (st.kind != StmtKind::For && st.kind != StmtKind::While && mentions(s) && choosesBy(st.text)) return s;
    }
    return kNone;
  }

  std::set<StmtId> decided_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML227() { return std::make_unique<TestSetSelectsModel>(); }

}  // namespace oalens::rules
