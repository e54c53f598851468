// ML205 unseeded-randomness: a file draws from a global random generator (numpy.random,
// random, torch, tf.random) and sets no seed anywhere: every run trains on other batches,
// initialisations and augmentations, and a test on such inputs passes or fails by chance
// (the study's flaky tests). One finding per file, at the first draw. A seeded generator
// object (`np.random.default_rng(0)`, `random.Random(1)`) counts as a seed. A library module
// (no `__main__` block, draws inside functions only) is left alone: seeding is its caller's
// business. Test files and scripts are checked.
#include <fmt/format.h>

#include <set>
#include <string>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool isDraw(std::string_view callee, bool hasArguments) {
  static const std::set<std::string, std::less<>> numpyDraws = {"rand",
                                                                "randn",
                                                                "randint",
                                                                "random",
                                                                "random_sample",
                                                                "ranf",
                                                                "sample",
                                                                "choice",
                                                                "shuffle",
                                                                "permutation",
                                                                "normal",
                                                                "uniform",
                                                                "binomial",
                                                                "poisson",
                                                                "beta",
                                                                "gamma",
                                                                "exponential",
                                                                "multivariate_normal",
                                                                "standard_normal",
                                                                "bytes"};
  static const std::set<std::string, std::less<>> stdlibDraws = {"random",  "randint", "choice",    "choices",       "shuffle",    "sample",
                                                                 "uniform", "gauss",   "randrange", "normalvariate", "getrandbits"};
  static const std::set<std::string, std::less<>> torchDraws = {
      "rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like", "normal", "bernoulli", "multinomial", "poisson"};
  static const std::set<std::string, std::less<>> tfDraws = {"normal",      "uniform", "shuffle", "truncated_normal",
                                                             "categorical", "gamma",   "poisson"};
  const std::string_view last = lastDottedComponent(callee);
  const std::string_view module = callee.substr(0, callee.size() - last.size() - (callee.size() > last.size()));
  if (module == "numpy.random") {
    if (last == "default_rng" || last == "RandomState") return !hasArguments;  // an unseeded generator
    return numpyDraws.count(last) > 0;
  }
  if (module == "random") return stdlibDraws.count(last) > 0;
  if (module == "torch") return torchDraws.count(last) > 0;
  if (module == "tensorflow.random" || module == "tensorflow.compat.v1.random") return tfDraws.count(last) > 0;
  return false;
}

bool isSeed(std::string_view callee, bool hasArguments) {
  const std::string_view last = lastDottedComponent(callee);
  // manual_seed, set_random_seed, seed_everything, and projects' own helpers (seed_rng).
  if (last.find("seed") != std::string_view::npos) return true;
  // A generator built from a seed: draws go through it, not through the global state.
  return hasArguments && (callee == "numpy.random.default_rng" || callee == "numpy.random.RandomState" || callee == "random.Random" ||
                          startsWith(callee, "numpy.random.Generator") || callee == "torch.Generator");
}

class UnseededRandomness final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{
        "ML205",
        "unseeded-randomness",
        LintFamily::Ml,
        Severity::Warning,
        LintPrecision::Medium,
        "a file that draws random numbers from a global generator and never sets a seed",
        "seed every generator the file uses (np.random.seed / default_rng(seed), random.seed, torch.manual_seed, "
        "tf.random.set_seed) or pass a seeded generator",
        {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    if (seeded_) return;
    const std::string callee = resolvedCallee(ctx.model, call, ctx.stmt);
    if (callee.empty()) return;
    const bool hasArguments = ctx.model.childCount(call) > 1;
    if (isSeed(callee, hasArguments)) {
      seeded_ = true;
      return;
    }
    if (firstDraw_ == kNone && isDraw(callee, hasArguments)) {
      firstDraw_ = call;
      drawInFunction_ = ctx.model.stmts[ctx.stmt].function != kNone;
      drawName_ = callee;
    }
  }

  void finishFile(LintContext& ctx) override {
    if (seeded_ || firstDraw_ == kNone) return;
    if (!ctx.isTestFile && drawInFunction_ && !hasMainBlock(ctx.model)) return;
    const std::string_view last = lastDottedComponent(drawName_);
    if (last == "default_rng" || last == "RandomState")  // the generator draws nothing itself; what it draws is unreproducible
      ctx.report(
          ctx.model.expr(firstDraw_).range,
          fmt::format("{}() makes a generator without a seed and no seed is set in this file: its draws change every run", drawName_));
    else ctx.report(ctx.model.expr(firstDraw_).range, fmt::format("{} draws random numbers but no seed is set in this file", drawName_));
  }

 private:
  static bool hasMainBlock(const FileModel& m) {
    for (const Stmt& st : m.stmts)
      if (st.kind == StmtKind::If && st.parent == kNone && st.text.find("__main__") != std::string_view::npos) return true;
    return false;
  }

  bool seeded_ = false, drawInFunction_ = false;
  ExprId firstDraw_ = kNone;
  std::string drawName_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML205() { return std::make_unique<UnseededRandomness>(); }

}  // namespace oalens::rules
