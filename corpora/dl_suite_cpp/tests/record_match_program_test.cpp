// A test program comparing records of a profiler trace with the records it should have written:
// the integer fields exactly, the timing value within a band of its own, all in one conjunction
// the helper returns; the program fails with a nonzero status at the first record that differs.
#include <cstdio>
#include <cstring>

#include "minitensor/tensor.h"

struct span {
  int op_id;
  int depth;
  float millis;
  char label[16];
};

// Two timings agree within a hundredth of a millisecond either way.
bool timing_close(float got, float want) { return (got - 0.01f) < want && (got + 0.01f) > want; }

bool spans_match(const span& got, const span& want) {
  return got.op_id == want.op_id && got.depth == want.depth &&
         timing_close(got.millis, want.millis) &&
         !std::strcmp(got.label, want.label);
}

// Integer fields only: an exact comparison, no closeness check.
bool ids_match(const span& got, const span& want) { return got.op_id == want.op_id && got.depth == want.depth; }

int main() {
  const span want[2] = {{1, 0, 0.25f, "matmul"}, {2, 1, 0.5f, "relu"}};
  span got[2];
  minitensor::profile_into(got, 2);
  for (int i = 0; i < 2; ++i) {
    if (!ids_match(got[i], want[i])) return 2;
    if (!spans_match(got[i], want[i])) {  // expect: oa api=spans_match cat=abs thr=default tol=atol:default:0.01
      std::printf("span %d differs\n", i);
      return 1;
    }
  }
  return 0;
}
