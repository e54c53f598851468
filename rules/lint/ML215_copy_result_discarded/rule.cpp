// ML215 copy-result-discarded: a call that returns a changed copy and leaves its object alone,
// used as a statement: `df.dropna()`, `df.fillna(0)`, `X.astype("float32")`,
// `np.append(values, x)`, `pd.concat([a, b])`. The work is done and thrown away; the author
// usually meant `inplace=True` or an assignment.
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool returnsCopy(std::string_view method) {
  static const std::set<std::string, std::less<>> names = {
      "dropna",    "fillna", "drop",        "drop_duplicates", "sort_values", "sort_index", "reset_index",
      "set_index", "astype", "interpolate", "reindex",         "merge",       "ffill",      "bfill"};
  return names.count(method) > 0;
}

// Under `with pytest.raises(...)`, `self.assertRaises(...)` or directly in a `try:` block a call
// is made for its exception (a tutorial showing the error a bad merge raises).
bool expectsAnError(const FileModel& m, StmtId s) {
  if (const StmtId p = m.stmts[s].parent; p != kNone && m.stmts[p].kind == StmtKind::Try) return true;
  for (StmtId p = m.stmts[s].parent; p != kNone; p = m.stmts[p].parent)
    if (m.stmts[p].kind == StmtKind::With &&
        (m.stmts[p].text.find("raises") != std::string_view::npos || m.stmts[p].text.find("Raises") != std::string_view::npos))
      return true;
  return false;
}

class CopyResultDiscarded final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML215",
                                    "copy-result-discarded",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::Low,
                                    "a call that returns a changed copy (df.dropna(), np.append) used as a statement",
                                    "assign the result (df = df.dropna()) or pass inplace=True where the API has it",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::ExprStmt}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone || m.expr(st.a).kind != ExprKind::Call || displayedByTheNotebook(m, s) || expectsAnError(m, s)) return;
    const ExprId call = st.a;
    std::string what;
    if (calleeIs(m, call, s, {"pandas.concat", "numpy.append", "numpy.insert", "numpy.delete", "numpy.concatenate"})) {
      what = resolvedCallee(m, call, s);
    } else {
      const std::string_view method = calleeLastName(m, call);
      const ExprId object = methodObject(m, call, method);
      if (object == kNone || !returnsCopy(method)) return;
      if (const ExprId inplace = keywordArgument(m, call, "inplace"); inplace != kNone) return;
      // A module's function (`os.drop...`) or an ORM's table.drop(engine) act on the world, not on a copy.
      if (namesImport(m, object, s)) return;
      if (method == "drop" && m.expr(call).text.find("engine") != std::string_view::npos) return;
      what = fmt::format("{}.{}()", squeezed(m.expr(object).text, 40), method);
    }
    ctx.report(m.expr(call).range, fmt::format("{} returns a changed copy that is thrown away: nothing is changed", what));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML215() { return std::make_unique<CopyResultDiscarded>(); }

}  // namespace oalens::rules
