// OA105 exact-float-comparison: an exact equality check against a decimal literal that binary
// floating point cannot represent (0.1, 2.675, 1e-3): the computed value is the nearest double
// of some other expression and matches only by luck of rounding. A literal m * 10^-e is exact
// in binary only when 5^e divides m (0.5, 0.25, 3.0 are; 0.1 is not). The other side must be
// computed (arithmetic, or a reduction such as mean or sum): a value stored and read back
// (`config.rate == 0.3`) is the same double and compares equal, and so is one division of
// integers (`3 / 10 == 0.3`, `8 * n / 100 == 1.6`), which IEEE 754 rounds correctly. Only
// equality checks count: assertEqual, assert_equal, assert_array_equal and `assert a == b`; in
// C++ EXPECT_EQ, ASSERT_EQ, BOOST_CHECK_EQUAL, HWY_ASSERT_EQ, where a tensor's value read out
// (`t.item<float>()`) counts as computed too.
#include <fmt/format.h>

#include <cctype>
#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// nullopt when `text` is not a plain decimal literal we can judge (hex, complex, too many digits).
std::optional<bool> exactInBinary(std::string_view text) {
  uint64_t mantissa = 0;
  int digits = 0, fractionDigits = 0, exponent = 0;
  bool inFraction = false, sawDot = false, sawExponent = false;
  size_t i = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '_') continue;
    if (c == '.') {
      if (inFraction) return std::nullopt;
      inFraction = sawDot = true;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      if (mantissa == 0 && c == '0' && !inFraction) continue;
      if (++digits > 18) return std::nullopt;
      mantissa = mantissa * 10 + static_cast<uint64_t>(c - '0');
      fractionDigits += inFraction;
    } else if (c == 'e' || c == 'E') {
      sawExponent = true;
      break;
    } else {
      return std::nullopt;
    }
  }
  if (sawExponent) {
    const std::string e(text.substr(i + 1));
    if (e.empty() || e.size() > 4) return std::nullopt;
    exponent = std::atoi(e.c_str());
  }
  if (!sawDot && !sawExponent) return std::nullopt;  // an integer literal
  if (mantissa == 0) return true;
  int scale = fractionDigits - exponent;  // value = mantissa * 10^-scale
  if (scale <= 0) return true;
  while (scale-- > 0) {
    if (mantissa % 5 != 0) return false;
    mantissa /= 5;
  }
  return true;
}

// Integer arithmetic ending in at most one division: leaves are names or integer literals
// (names are taken for integers), operators + - * and one /.
bool oneRoundingOfIntegers(const FileModel& m, ExprId e, int& divisions) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) return true;
  if (x.kind == ExprKind::Number) return x.text.find_first_of(".eEjJ") == std::string_view::npos;
  if (x.kind != ExprKind::BinaryOp) return false;
  if (x.name == "/") ++divisions;
  else if (x.name != "+" && x.name != "-" && x.name != "*") return false;
  return divisions <= 1 && oneRoundingOfIntegers(m, m.child(e, 0), divisions) && oneRoundingOfIntegers(m, m.child(e, 1), divisions);
}

bool isComputed(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  const Expr& x = m.expr(e);
  int divisions = 0;
  if (x.kind == ExprKind::BinaryOp) return x.name != "%" && x.name != "//" && !oneRoundingOfIntegers(m, e, divisions);
  if (x.kind != ExprKind::Call) return false;
  static const std::set<std::string_view> reductions = {"mean", "sum",     "std",    "var",    "norm",   "sqrt", "exp",     "log",    "dot",
                                                        "prod", "average", "median", "cumsum", "matmul", "tanh", "sigmoid", "softmax"};
  return reductions.count(calleeLastName(m, e)) > 0;
}

// GoogleTest's, Boost.Test's and Highway's exact equality macros.
bool isCppEqualityCheck(std::string_view api) {
  return api == "EXPECT_EQ" || api == "ASSERT_EQ" || api == "BOOST_CHECK_EQUAL" || api == "BOOST_REQUIRE_EQUAL" || api == "BOOST_TEST" ||
         api == "HWY_ASSERT_EQ" || api == "CHECK_EQ";
}

// A C++ tensor's value read out as a number (`t.item<float>()`, `t.scalar<double>()`): what an
// operation computed, as a reduction's result is.
bool readsATensorScalar(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return false;
  const std::string_view name = calleeLastName(m, e);
  return name == "item" || name == "scalar" || name.starts_with("item<") || name.starts_with("scalar<");
}

// The literal of `e` (or of `-e`), or empty.
std::string_view floatLiteral(const FileModel& m, ExprId e) {
  if (e == kNone) return {};
  if (m.expr(e).kind == ExprKind::UnaryOp && m.expr(e).name == "-") e = m.child(e, 0);
  if (e == kNone || m.expr(e).kind != ExprKind::Number) return {};
  return m.expr(e).text;
}

class ExactFloatComparison final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA105",
                                    "exact-float-comparison",
                                    LintFamily::Oracle,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "an exact equality check against a decimal literal binary floating point cannot represent",
                                    "compare approximately (assertAlmostEqual, numpy.testing.assert_allclose, pytest.approx)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {}, true}; }

  void onAssertion(LintContext& ctx, const Assertion& a) override {
    if (a.isOa || a.category != Category::Exact || a.negated) return;
    const FileModel& m = ctx.model;
    const std::string_view api = lastDottedComponent(a.api);
    const bool cpp = m.language == Language::Cpp;
    if (cpp ? !isCppEqualityCheck(a.api) : api != "assert" && api != "assertEqual" && api != "assert_equal" && api != "assert_array_equal")
      return;
    if (a.api == "assert") {  // only `==`: `<` and `!=` have no exactness to lose
      const ExprId test = a.stmt == kNone ? kNone : m.stmts[a.stmt].a;
      if (test == kNone || m.expr(test).kind != ExprKind::Compare) return;
      for (uint32_t i = 0; i + 1 < m.childCount(test); ++i)
        if (m.compareOp(test, i) != "==") return;
    }
    for (auto [side, other] : {std::pair{a.expectedExpr, a.actualExpr}, std::pair{a.actualExpr, a.expectedExpr}}) {
      std::string_view literal = floatLiteral(m, side);
      if (cpp) {
        // 0.1f, 0.1L: the suffix picks the type, the decimal is as unrepresentable.
        while (!literal.empty() && (literal.back() == 'f' || literal.back() == 'F' || literal.back() == 'l' || literal.back() == 'L'))
          literal.remove_suffix(1);
      }
      if (literal.empty() || !(isComputed(m, other) || (cpp && readsATensorScalar(m, other)))) continue;
      if (std::optional<bool> exact = exactInBinary(literal); exact && !*exact) {
        ctx.report(a.range, fmt::format("exact comparison with {}, which binary floating point cannot represent", m.expr(side).text));
        return;
      }
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA105() { return std::make_unique<ExactFloatComparison>(); }

}  // namespace oalens::rules
