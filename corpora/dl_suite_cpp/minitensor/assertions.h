// The library's own check for its test programs: a function, not a macro, given the condition as
// a bool and throwing when it does not hold.
#pragma once
#include <stdexcept>

namespace minitensor {

inline void MINITENSOR_CHECK_HOLDS(bool cond, const char* msg = nullptr) {
  if (cond == false) {
    throw std::runtime_error(msg ? msg : "check failed");
  }
}

}  // namespace minitensor
