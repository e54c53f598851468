// Tolerance changes whose values cannot be evaluated but whose texts still say which way they
// went: the same expression with other numbers (`11 * _SVD_TEST_EPS` -> `30 * _SVD_TEST_EPS`,
// `atol * (70 if complex else 30)` -> `atol * (80 if complex else 30)`), and per-dtype tables
// (`{np.float32: 1e-4, np.float64: 1e-11}`, JAX's idiom) compared entry by entry, tables whose
// entries are expressions (`{np.float32: 1e-3 if on_tpu else 1e-5}`) by their numbers, and
// products of the same factors by the product of their numbers (`eps * 600` -> `600 * eps`
// is no change). On JAX's history these were 70 of the 157 threshold changes that had no
// direction.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/tolerance/dtype_table.h"

namespace oalens::miners {

// One number that moved. `grows`: the tolerance grows with it (a factor, a summand, a branch
// of a conditional, an argument of max or min); false: it shrinks with it (a divisor, after a
// minus).
struct MovedNumber {
  double from = 0, to = 0;
  bool grows = true;
  std::string label;  // "11 -> 30", "float64: 1e-11 -> 2e-11"
};

struct MovedNumbers {
  std::vector<MovedNumber> numbers;
  std::vector<std::string> uncompared;  // table entries on one side only: "float32 only after"
};

// One side of a tolerance change as movedNumbers reads it.
struct ToleranceText {
  std::string_view text;
  // A number written out (not a default, which may depend on the dtype): it applies to every
  // entry of a table on the other side.
  bool plainNumber = false;
  // What the API gives each dtype the text names none for (analyzer/tolerance/dtype_table.h):
  // every dtype when `isDefault` (the text is the API's default), those a table leaves out else.
  const analyzer::DtypeTable* byDtype = nullptr;
  bool isDefault = false;
};

// The numbers that moved between two texts of one tolerance; nullopt when the texts differ in
// anything else, or a moved number sits where its effect is unknown (an exponent, a condition,
// a call other than max and min, a subscript). Where a side is a per-dtype table, the dtypes
// the tables name are compared, each side giving a dtype it names none for its number written
// out or what the API picks for it (`byDtype`); a dtype neither gives is left uncompared.
// A side whose text is `A if C else B` where the other side's is no conditional is compared
// branch by branch, each branch's moves labelled by it ("if on_tpu(): 0.03 -> 1e-06 (default)").
std::optional<MovedNumbers> movedNumbers(const ToleranceText& from, const ToleranceText& to);

// True when `text` is `A if C else B` (in brackets or not).
bool isConditional(std::string_view text);

// The same, for two texts read as one expression each.
std::optional<MovedNumbers> movedNumbersOfOneExpression(const ToleranceText& from, const ToleranceText& to);

}  // namespace oalens::miners
