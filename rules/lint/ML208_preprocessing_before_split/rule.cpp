// ML208 preprocessing-before-split: a scikit-learn transformer (scaler, imputer, PCA,
// vectoriser, feature selector) is fit on the whole data set and the data is split into
// train and test afterwards, in the same function: the test rows' statistics shape the
// features the model is trained on. Fit inside a Pipeline or after the split instead.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

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

bool mentionsWord(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const auto isIdent = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    const bool before = at == 0 || !isIdent(text[at - 1]);
    const bool after = at + word.size() >= text.size() || !isIdent(text[at + word.size()]);
    if (before && after) return true;
  }
  return false;
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
    const StmtSpan scope = scopeOf(m, ctx.stmt);
    // Followed forward through assignments: `filled = imputer.transform(X)`, `scaled =
    // StandardScaler().fit_transform(filled)` both carry the fitted rows; a name given other
    // data (`X = load_holdout()`) no longer does. A split counts with the names of its time.
    bool splitLater = false;
    for (StmtId s = ctx.stmt + 1; s < scope.end && !splitLater; ++s) {
      const Stmt& later = m.stmts[s];
      if (later.function != st.function) continue;
      forEachCall(m, s, s + 1, [&](ExprId c, StmtId) {
        if (calleeLastName(m, c) != "train_test_split") return;
        for (std::string_view n : names) splitLater |= mentionsWord(m.expr(c).text, n);
      });
      if (later.kind != StmtKind::Assign || later.a == kNone || later.b == kNone || m.expr(later.a).kind != ExprKind::Name) continue;
      const std::string_view target = m.expr(later.a).name;
      const bool carries = std::any_of(names.begin(), names.end(), [&](std::string_view n) { return mentionsWord(m.expr(later.b).text, n); });
      if (carries) names.push_back(target);
      else std::erase(names, target);
    }
    if (!splitLater) return;
    ctx.report(m.expr(call).range,
               fmt::format("{} is fit on {} before train_test_split: the test rows shape the preprocessing", cls, m.expr(data).name));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML208() { return std::make_unique<PreprocessingBeforeSplit>(); }

}  // namespace oalens::rules
