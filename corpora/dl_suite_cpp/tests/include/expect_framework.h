// A suite's own test framework: `EXPECT(cond)` fails the test case when the condition is false.
#pragma once
#include <cstdio>
#include <cstdlib>

namespace suite {
inline void check(bool ok, const char* text) {
  if (!ok) {
    std::fprintf(stderr, "failed: %s\n", text);
    std::abort();
  }
}
}  // namespace suite

#define EXPECT(...) suite::check(static_cast<bool>(__VA_ARGS__), #__VA_ARGS__)  // expect: assert api=suite::check
