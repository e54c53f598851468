// ML210 missing-eval-mode: a model that the file puts in training mode (`model.train()`) is
// run under `torch.no_grad()` or `torch.inference_mode()`, and neither the function holding
// the block nor a function of the file that calls it calls `eval()`: no_grad only stops
// gradient tracking, so dropout still drops and batch norm still uses (and updates) batch
// statistics while the model is evaluated. (`model.eval()` in an unrelated export function
// does not help the validation pass.)
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;
using analyzer::FunctionId;

class MissingEvalMode final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML210",
                                    "missing-eval-mode",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Medium,
                                    "a model put in training mode is evaluated under torch.no_grad() without model.eval()",
                                    "call model.eval() before evaluating (and model.train() before training again)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::With}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (const ExprId o = methodObject(m, call, "train"); o != kNone) trained_.insert(std::string(receiverRoot(m, o)));
    if (const ExprId o = methodObject(m, call, "eval"); o != kNone && m.childCount(call) == 1)
      evaluations_.push_back({ctx.stmt, std::string(receiverRoot(m, o))});
  }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    ExprId noGrad = kNone;
    forEachCall(m, s, s + 1, [&](ExprId c, StmtId) {
      if (calleeIs(m, c, s, {"torch.no_grad", "torch.inference_mode"})) noGrad = c;
    });
    if (noGrad != kNone) blocks_.push_back({s, noGrad});
  }

  void finishFile(LintContext& ctx) override {
    const FileModel& m = ctx.model;
    for (const auto& block : blocks_) {
      const StmtId with = block.first;  // not a structured binding: Clang 14 cannot capture one (scripts/fuzz)
      const ExprId guard = block.second;
      std::string model;
      forEachCall(m, with + 1, blockEnd(m, with), [&](ExprId c, StmtId) {
        const ExprId callee = m.child(c, 0);
        const std::string text(m.expr(callee).text);
        if (model.empty() && trained_.count(text) && !evaluatedAround(m, with, text)) model = text;
      });
      if (model.empty()) continue;
      ctx.report(m.stmts[with].range, fmt::format("{} runs under {} without {}.eval(): dropout and batch norm stay in training mode", model,
                                                  squeezed(m.expr(guard).text, 40), model));
    }
  }

 private:
  // `model.eval()` in the function holding `at` (or at module level for module code), or any
  // `.eval()` in a function of this file, or in module code, that calls that function (it may
  // pass the model in under another name).
  bool evaluatedAround(const FileModel& m, StmtId at, const std::string& model) const {
    const FunctionId f = m.stmts[at].function;
    for (const auto& [stmt, object] : evaluations_)
      if (object == model && m.stmts[stmt].function == f) return true;
    if (f == kNone) return false;
    const std::string_view name = m.functions[f].name;
    for (const auto& [stmt, object] : evaluations_) {
      const FunctionId caller = m.stmts[stmt].function;
      if (caller == f) continue;
      bool calls = false;
      // Module code (a notebook's cells) that calls the function after an eval() counts too.
      const StmtId first = caller == kNone ? 0 : m.functions[caller].firstStmt;
      const StmtId end = caller == kNone ? static_cast<StmtId>(m.stmts.size()) : m.functions[caller].endStmt;
      forEachCall(m, first, end, [&](ExprId c, StmtId s) { calls |= m.stmts[s].function == caller && calleeLastName(m, c) == name; });
      if (calls) return true;
    }
    return false;
  }

  std::set<std::string> trained_;
  std::vector<std::pair<StmtId, std::string>> evaluations_;  // each eval() call and its object
  std::vector<std::pair<StmtId, ExprId>> blocks_;            // the with statement, its no_grad() call
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML210() { return std::make_unique<MissingEvalMode>(); }

}  // namespace oalens::rules
