// ML219 model-built-in-loop: a Keras model (Sequential, Model, or a builder function of the same
// file that makes one) built in every iteration of a loop that never calls
// `keras.backend.clear_session()`: Keras keeps every model's layers in its global state, so
// memory and layer names grow with each iteration of a hyper-parameter sweep or a k-fold loop.
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool buildsKerasModel(const FileModel& m, ExprId call, StmtId at) {
  const std::string callee = resolvedCallee(m, call, at);
  if (callee.find("keras") == std::string::npos) return false;
  const std::string_view last = lastDottedComponent(callee);
  return last == "Sequential" || last == "Model";
}

class ModelBuiltInLoop final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML219",
                                    "model-built-in-loop",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a Keras model built in every iteration of a loop without clear_session()",
                                    "call tf.keras.backend.clear_session() at the start of each iteration",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const std::vector<StmtId> loops = enclosingLoops(m, ctx.stmt);
    if (loops.empty()) return;
    const StmtId outer = loops.back();
    if (!builds(m, call, ctx.stmt) || !reported_.insert(outer).second) return;
    bool cleared = false;
    forEachCall(m, outer + 1, blockEnd(m, outer), [&](ExprId c, StmtId) { cleared |= calleeLastName(m, c) == "clear_session"; });
    if (cleared) return;
    ctx.report(m.expr(call).range,
               "a Keras model is built in every iteration and clear_session() is never called: Keras keeps every "
               "model's layers, so memory grows with each iteration");
  }

 private:
  // The call builds a model itself, or calls a function of the file whose body does.
  bool builds(const FileModel& m, ExprId call, StmtId at) {
    if (buildsKerasModel(m, call, at)) return true;
    const ExprId callee = m.child(call, 0);
    if (callee == kNone || m.expr(callee).kind != ExprKind::Name) return false;
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& fn = m.functions[f];
      if (fn.name != m.expr(callee).name || fn.cls != kNone) continue;
      bool found = false;
      forEachCall(m, fn.firstStmt, fn.endStmt, [&](ExprId c, StmtId s) { found |= buildsKerasModel(m, c, s); });
      if (found) return true;
    }
    return false;
  }
  std::set<StmtId> reported_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML219() { return std::make_unique<ModelBuiltInLoop>(); }

}  // namespace oalens::rules
