#include <vector>

#include "tests/applied_predicates.h"

double mean_of(const std::vector<double>& values);

void TestMeanOfTwo() {
  MT_CHECK_WITHIN(mean_of({1.0, 2.0}), 1.5, 1e-12);  // expect: oa api=MT_CHECK_WITHIN cat=abs thr=customized tol=atol:literal:1e-12
  MT_CHECK_TRUE(mt_check::Within(mean_of({2.0}), 2.0, 1e-9));  // expect: oa api=mt_check::Within cat=abs thr=customized tol=atol:literal:1e-09
  MT_CHECK_TRUE(mean_of({}) == 0.0);  // expect: not-oa api=MT_CHECK_TRUE
  MT_CHECK_LT(std::fabs(mean_of({1.0, 3.0}) - 2.0), 1e-12);  // expect: oa api=MT_CHECK_LT cat=error_bound thr=customized tol=bound:literal:1e-12
  MT_CHECK_LT(mean_of({1.0}), 2.0);  // expect: not-oa api=MT_CHECK_LT
}

int main() { TestMeanOfTwo(); }
