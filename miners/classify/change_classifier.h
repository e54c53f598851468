// Classifies the change between two versions of one OA assertion as the study does:
// cosmetic (same tokens), API (another assertion API), parameter (the CUT or oracle argument
// changed), threshold (a tolerance's value changed), with the direction computed from the
// resolved values, API defaults included: assert_allclose(a, b) -> assert_allclose(a, b,
// atol=1e-5) loosens. A pair can carry several kinds.
#pragma once
#include <string>
#include <vector>

#include "miners/pairing/pairing.h"

namespace oalens::miners {

enum class Direction { None, Tighten, Loosen, Mixed, Unknown };
std::string_view directionName(Direction d);  // "" for None and Unknown

// One tolerance whose value both sides give as a number and which changed (the numbers behind a
// detail line such as "rtol 1e-06 -> 0.0001 (loosen, x100)"); the database's tolerance_changes.
struct ToleranceValueChange {
  std::string name;  // rtol, atol, decimal, bound, ...
  double oldValue = 0, newValue = 0;
  double factor = 0;  // how many times looser or tighter (>= 1); 0 when a side is 0
  Direction direction = Direction::None;
};

struct ChangeKinds {
  bool added = false, deleted = false, cosmetic = false, api = false, parameter = false, threshold = false;
  Direction direction = Direction::None;
  std::vector<std::string> details;  // "rtol 1e-06 -> 0.0001 (loosen, x100)"
  std::vector<ToleranceValueChange> values;
  bool any() const { return added || deleted || cosmetic || api || parameter || threshold; }
  std::string kindList() const;  // "api,threshold"
};

// Direction of one tolerance's change, with `negated` for checks that pass when values differ.
Direction compareTolerance(const std::string& name, double oldValue, double newValue, bool negated);

ChangeKinds classifyChange(const AssertionVersion* oldVersion, const AssertionVersion* newVersion);

}  // namespace oalens::miners
