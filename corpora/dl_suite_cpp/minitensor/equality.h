// Equality of the library's geometric types within a tolerance, answered as a bool that the
// tests' own check macro asserts. One overload per kind of value; keys compare exactly.
#pragma once
#include <cstdint>
#include <string>

namespace minitensor {

using Key = std::uint64_t;

template <class V>
struct Traits;

void printMismatch(const char* what);

// The tolerance is handed to the type's own equality, which the scan does not follow.
template <class V>
bool assert_equal(const V& expected, const V& actual, double tol = 1e-9) {
  if (Traits<V>::Equals(actual, expected, tol)) return true;
  printMismatch("values differ");
  return false;
}

// Keys are identifiers: the tolerance is taken for a uniform signature and never used.
inline bool assert_equal(const Key& expected, const Key& actual, double tol = 0.0) {
  if (expected != actual) {
    printMismatch("keys differ");
    return false;
  }
  return true;
}

inline bool assert_equal(const std::string& expected, const std::string& actual) { return expected == actual; }

// Never a closeness check: it asks that two values differ.
template <class V>
bool assert_inequal(const V& expected, const V& actual, double tol = 1e-9) {
  return !Traits<V>::Equals(actual, expected, tol);
}

}  // namespace minitensor
