// Tolerance changes whose values cannot be evaluated but whose texts still say which way they
// went: the same expression with other numbers (`11 * _SVD_TEST_EPS` -> `30 * _SVD_TEST_EPS`,
// `atol * (70 if complex else 30)` -> `atol * (80 if complex else 30)`), and per-dtype tables
// (`{np.float32: 1e-4, np.float64: 1e-11}`, JAX's idiom) compared entry by entry. On JAX's
// history these were 70 of the 157 threshold changes that had no direction.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// The numbers that moved between two texts of one tolerance; nullopt when the texts differ in
// anything else, or a moved number sits where its effect is unknown (an exponent, a condition,
// a call other than max and min, a subscript). `fromIsPlainNumber` / `toIsPlainNumber`: a side
// that is a number written out (not a default, which may depend on the dtype) is compared with
// every entry of a table on the other side.
std::optional<MovedNumbers> movedNumbers(std::string_view fromText, std::string_view toText, bool fromIsPlainNumber,
                                         bool toIsPlainNumber);

}  // namespace oalens::miners
