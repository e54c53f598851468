// Directions read from tolerance texts that cannot be evaluated.
#include "miners/classify/symbolic_tolerance.h"

#include <gtest/gtest.h>

using oalens::miners::MovedNumber;
using oalens::miners::movedNumbers;

namespace {

// "from->to:grows" for each moved number, or "none" when the texts cannot be compared.
std::string moves(std::string_view from, std::string_view to, bool fromPlain = false, bool toPlain = false) {
  const auto moved = movedNumbers({from, fromPlain}, {to, toPlain});
  if (!moved) return "none";
  std::string out;
  for (const MovedNumber& m : moved->numbers) out += (out.empty() ? "" : " ") + m.label + (m.grows ? " up" : " down");
  for (const std::string& u : moved->uncompared) out += (out.empty() ? "(" : " (") + u + ")";
  return out;
}

}  // namespace

TEST(SymbolicTolerance, NumbersInFactorsSummandsAndBranchesGrowTheTolerance) {
  EXPECT_EQ(moves("11 * _SVD_TEST_EPS", "30 * _SVD_TEST_EPS"), "11 -> 30 up");
  EXPECT_EQ(moves("40 * eps * np.linalg.norm(a)", "80 * eps * np.linalg.norm(a)"), "40 -> 80 up");
  EXPECT_EQ(moves("atol * (70 if jnp.issubdtype(dtype, jnp.complexfloating)\n    else 30)",
                  "atol * (80 if jnp.issubdtype(dtype, jnp.complexfloating)\n    else 30)"),
            "70 -> 80 up");
  EXPECT_EQ(moves("base + 1e-6", "base + 1e-5"), "1e-6 -> 1e-5 up");
  EXPECT_EQ(moves("max(1e-5, 2 * eps)", "max(1e-5, 4 * eps)"), "2 -> 4 up");
  EXPECT_EQ(moves("x - (a - 3)", "x - (a - 4)"), "3 -> 4 up");  // two minuses
}

TEST(SymbolicTolerance, DivisorsAndSubtrahendsShrinkIt) {
  EXPECT_EQ(moves("eps / 10", "eps / 100"), "10 -> 100 down");
  EXPECT_EQ(moves("1 - 3 * x", "1 - 5 * x"), "3 -> 5 down");  // the product is subtracted
  EXPECT_EQ(moves("x / (2 * n)", "x / (4 * n)"), "2 -> 4 down");
  EXPECT_EQ(moves("-2 * eps", "-3 * eps"), "2 -> 3 down");
}

TEST(SymbolicTolerance, NumbersWhoseEffectIsUnknownAreNotCompared) {
  EXPECT_EQ(moves("10 ** -5", "10 ** -4"), "none");                                // an exponent
  EXPECT_EQ(moves("1e-3 if n > 5 else 1e-4", "1e-3 if n > 6 else 1e-4"), "none");  // a condition
  EXPECT_EQ(moves("f(3) * eps", "f(4) * eps"), "none");                            // any call but max and min
  EXPECT_EQ(moves("tols[3]", "tols[4]"), "none");                                  // a subscript
  EXPECT_EQ(moves("tol", "tol2"), "none");                                         // not just numbers moved
  EXPECT_EQ(moves("3 * eps", "3 * eps + 2"), "none");
  EXPECT_EQ(moves("1e-3j", "1e-2j"), "none");  // complex
  EXPECT_EQ(moves("'''a''' and 1", "'''a''' and 2"), "none");
}

TEST(SymbolicTolerance, ProductsOfTheSameFactorsCompareByTheirConstant) {
  // Factors swapped (JAX 629be0b701) is the same tolerance; a factor added scales it.
  EXPECT_EQ(moves("eps * 600", "600 * eps"), "");
  EXPECT_EQ(moves("tol * min(shape)", "tol * 1000 * min(shape)"), "factor 1 -> 1000 up");
  EXPECT_EQ(moves("3 * eps", "3 * eps * 2"), "factor 3 -> 6 up");
  EXPECT_EQ(moves("eps / 10", "eps * 0.1"), "");
  EXPECT_EQ(moves("2 * x / 4 * np.finfo(d).eps", "np.finfo(d).eps * x / 8"), "factor 0.5 -> 0.125 up");  // a tightening
  // Anything but a product at the top level, or factors that differ, is not read this way.
  EXPECT_EQ(moves("eps * 600 + 1", "600 * eps + 1"), "none");
  EXPECT_EQ(moves("tol * n", "tol * 2 * m"), "none");
  EXPECT_EQ(moves("x / n", "x * n"), "none");
  EXPECT_EQ(moves("-eps * 6", "6 * -eps"), "none");
  EXPECT_EQ(moves("10 ** -3 * x", "x * 10 ** -3"), "none");
}

TEST(SymbolicTolerance, TablesWithComputedEntriesMoveByTheirValues) {
  // JAX 27da460f25: a table whose float32 entry a device picks.
  EXPECT_EQ(moves("{\n np.float32: 1e-2 if jtu.device_under_test() == \"tpu\" else 1e-3,\n np.float64: 1e-14\n}",
                  "{np.float32: 2e-2 if jtu.device_under_test() == \"tpu\" else 1e-3, np.float64: 3e-14}"),
            "float32: 1e-2 -> 2e-2 up float64: 1e-14 -> 3e-14 up");
  EXPECT_EQ(moves("dict(float32=1e-3 * k, float64=1e-10)", "dict(float32=1e-2 * k, float64=1e-10)"), "float32: 1e-3 -> 1e-2 up");
  EXPECT_EQ(moves("{np.float32: 1e-3 if tpu else 1e-5}[dtype]", "{np.float32: 1e-3 if tpu else 2e-4}[dtype]"), "float32: 1e-5 -> 2e-4 up");
  EXPECT_EQ(
      moves("{np.dtype(np.float16): 1e-1, np.dtype(np.float32): 1e-4}[d]", "{np.dtype(np.float16): 1e-1, np.dtype(np.float32): 1e-3}[d]"),
      "float32: 1e-4 -> 1e-3 up");
  // A table in a branch is compared branch by branch, the branch named in the label.
  EXPECT_EQ(moves("{np.float32: 1e-2} if tpu else {np.float32: 1e-3}", "{np.float32: 5e-2} if tpu else {np.float32: 1e-3}"),
            "if tpu: float32: 0.01 -> 0.05 up");
  // A key's numbers, a set and a comprehension are not read.
  EXPECT_EQ(moves("{(1, 2): x * 2}", "{(1, 3): x * 2}"), "none");
  EXPECT_EQ(moves("max({1e-3, y})", "max({1e-2, y})"), "none");
  EXPECT_EQ(moves("{k: 1e-3 for k in ks}", "{k: 1e-2 for k in ks}"), "none");
}

TEST(SymbolicTolerance, TheSameNumberSpelledOtherwiseDidNotMove) {
  EXPECT_EQ(moves("1e-5 * eps", "0.00001 * eps"), "");
  EXPECT_EQ(moves("1_000 * eps", "1000 * eps"), "");
}

TEST(SymbolicTolerance, PerDtypeTablesAreComparedEntryByEntry) {
  EXPECT_EQ(
      moves("{np.float32: 1e-4, np.float64: 1e-11,\n np.complex64: 1e-4}", "{np.float32: 1e-4, np.float64: 2e-11, np.complex64: 1e-4}"),
      "float64: 1e-11 -> 2e-11 up");
  // Keyed by the dtype's name however it is spelled; an entry on one side only is not compared.
  EXPECT_EQ(moves("{onp.float32: 1e-3, 'float64': 1e-12}", "{jnp.float32: 1e-2, np.float64: 1e-12, np.float16: 1}"),
            "float32: 0.001 -> 0.01 up (float16 only after)");
  EXPECT_EQ(moves("{np.float64: 1e-14}", "{np.float64: 1e-14, np.float32: 1e-5}"), "(float32 only after)");
  EXPECT_EQ(moves("{onp.float64: 1e-14}", "{np.float64: 1e-14}"), "");    // the module renamed, the dtype the same
  EXPECT_EQ(moves("{np.float32: 1e-3}", "{np.float64: 1e-12}"), "none");  // nothing shared
}

TEST(SymbolicTolerance, ANumberWrittenOutAppliesToEveryEntryButADefaultDoesNot) {
  EXPECT_EQ(moves("1e-5", "{np.float32: 1e-4, np.float64: 1e-11}", true, false), "float32: 1e-05 -> 0.0001 up float64: 1e-05 -> 1e-11 up");
  EXPECT_EQ(moves("{np.float32: 1e-4}", "1e-3", false, true), "float32: 0.0001 -> 0.001 up");
  // A default (JAX's depends on the dtype) is no number for every dtype.
  EXPECT_EQ(moves("1e-06", "{np.float32: 1e-5}", false, false), "none");
}

TEST(SymbolicTolerance, ADtypeASideNamesNoValueForTakesWhatTheApiPicks) {
  const oalens::analyzer::DtypeTable picked{{"float32", 1e-6}, {"float64", 1e-15}, {"complex64", 1e-6}};
  auto labels = [](const std::optional<oalens::miners::MovedNumbers>& moved) {
    if (!moved) return std::string("none");
    std::string out;
    for (const MovedNumber& m : moved->numbers) out += (out.empty() ? "" : " ") + m.label;
    for (const std::string& u : moved->uncompared) out += (out.empty() ? "(" : " (") + u + ")";
    return out;
  };
  // The default itself: every dtype the other side names.
  EXPECT_EQ(labels(movedNumbers({"1e-06", false, &picked, true}, {"{np.float64: 1e-14}", false, &picked})),
            "float64: 1e-15 (default) -> 1e-14");
  // A table's missing dtypes; a dtype the API has no value for stays uncompared.
  EXPECT_EQ(
      labels(movedNumbers({"{np.float32: 1e-3}", false, &picked}, {"{np.float32: 1e-3, np.complex64: 1e-3, np.int8: 0}", false, &picked})),
      "complex64: 1e-06 (default) -> 0.001 (int8 only after)");
  // A number written out still applies to every dtype of the table, not the API's.
  EXPECT_EQ(labels(movedNumbers({"1e-3", true, nullptr}, {"{np.float32: 1e-2}", false, &picked})), "float32: 0.001 -> 0.01");
}
