// How far an oracle type stands from the code under test, for judging a change of oracle: an
// oracle that runs none of the library under test (D, DT, NI) can catch a bug in it; a related
// function of the library (RI) shares code with it and can share the bug; the code under test
// itself (SCUT_SAME, SCUT_DIFF) only checks that it agrees with itself. This is the order the
// oracle-approximation study's oracle sources imply. UNKNOWN has no place on it.
#pragma once
#include <optional>
#include <string_view>

namespace oalens::analyzer {

enum class OracleIndependence { SameCode = 0, RelatedCode = 1, Independent = 2 };

inline std::optional<OracleIndependence> oracleIndependence(std::string_view oracleType) {
  if (oracleType == "D" || oracleType == "DT" || oracleType == "NI") return OracleIndependence::Independent;
  if (oracleType == "RI") return OracleIndependence::RelatedCode;
  if (oracleType == "SCUT_SAME" || oracleType == "SCUT_DIFF") return OracleIndependence::SameCode;
  return std::nullopt;
}

// True when `to` depends more on the library under test than `from`; false when either is
// UNKNOWN (or not a type at all).
inline bool oracleWeakened(std::string_view from, std::string_view to) {
  auto a = oracleIndependence(from), b = oracleIndependence(to);
  return a && b && *b < *a;
}

}  // namespace oalens::analyzer
