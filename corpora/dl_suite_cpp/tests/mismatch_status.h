// A mismatch counter of C test programs: the status is set nonzero where an element's magnitude
// differs from the reference's by more than its fixed bound, and returned at the end.
#include <math.h>
#include <stdio.h>

static int magnitude_mismatch(const float* current, const float* reference, int size) {
  int ret = 0;
  for (int i = 0; i < size; i++) {
    float gap = fabsf(current[i]) - fabsf(reference[i]);
    if (fabsf(gap) > 0.0001f) {
      fprintf(stderr, "element %d differs: %f against %f\n", i, current[i], reference[i]);
      ret = -1;
    }
  }
  return ret;
}
