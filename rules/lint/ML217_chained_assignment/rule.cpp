// ML217 chained-assignment: a pandas DataFrame indexed twice on the left of an assignment,
// `df["price"][mask] = 0`, `df[mask]["price"] = 0`, `df.loc[mask]["price"] = 0`,
// `df.price[mask] = 0`: the first index may give a copy, so the write may never reach df
// (pandas warns with SettingWithCopyWarning; under copy-on-write, pandas 3, it never does).
#include <fmt/format.h>

#include <set>
#include <string>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class ChainedAssignment final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML217",
                                    "chained-assignment",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a DataFrame indexed twice on the left of an assignment (df[\"a\"][mask] = v)",
                                    "index once: df.loc[mask, \"a\"] = v",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::Assign, StmtKind::AugAssign}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone) return;
    if (st.kind == StmtKind::Assign && st.b != kNone && m.expr(st.a).kind == ExprKind::Name) return learnFrame(m, s, st);
    const ExprId target = st.a;
    if (m.expr(target).kind != ExprKind::Subscript) return;
    const ExprId inner = m.child(target, 0);
    if (inner == kNone) return;
    ExprId root = kNone;
    if (m.expr(inner).kind == ExprKind::Subscript) {
      root = m.child(inner, 0);
      // df.loc[mask]["a"]: the indexer's object is the frame.
      if (root != kNone && m.expr(root).kind == ExprKind::Attribute && isIndexer(m.expr(root).name)) {
        root = m.child(root, 0);
        if (root == kNone || m.expr(root).kind != ExprKind::Name) return;
        return report(ctx, target, m.expr(root).name);
      }
    } else if (m.expr(inner).kind == ExprKind::Attribute && !isIndexer(m.expr(inner).name) && m.expr(inner).name != "values") {
      root = m.child(inner, 0);  // df.price[mask]
    }
    if (root == kNone || m.expr(root).kind != ExprKind::Name || !frames_.count(std::string(m.expr(root).name))) return;
    report(ctx, target, m.expr(root).name);
  }

 private:
  static bool isIndexer(std::string_view n) { return n == "loc" || n == "iloc" || n == "at" || n == "iat" || n == "ix"; }

  // Names bound to DataFrames: from pandas calls, from a method or an index of a frame.
  void learnFrame(const FileModel& m, StmtId s, const Stmt& st) {
    const std::string name(m.expr(st.a).name);
    ExprId v = st.b;
    bool frame = false;
    if (m.expr(v).kind == ExprKind::Call && resolvedCallee(m, v, s).starts_with("pandas.")) frame = true;
    while (!frame && v != kNone &&
           (m.expr(v).kind == ExprKind::Call || m.expr(v).kind == ExprKind::Subscript || m.expr(v).kind == ExprKind::Attribute)) {
      if (m.expr(v).kind == ExprKind::Call) {
        const ExprId callee = m.child(v, 0);
        if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute) break;
        v = m.child(callee, 0);
      } else {
        v = m.child(v, 0);
      }
      if (v != kNone && m.expr(v).kind == ExprKind::Name) frame = frames_.count(std::string(m.expr(v).name)) > 0;
    }
    if (frame) frames_.insert(name);
    else frames_.erase(name);
  }

  void report(LintContext& ctx, ExprId target, std::string_view frame) {
    const FileModel& m = ctx.model;
    ctx.report(m.expr(target).range, fmt::format("chained assignment {} = ...: the first index may give a copy of {}, and the write never "
                                                 "reaches it (always so under copy-on-write)",
                                                 squeezed(m.expr(target).text, 50), frame));
  }

  std::set<std::string> frames_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML217() { return std::make_unique<ChainedAssignment>(); }

}  // namespace oalens::rules
