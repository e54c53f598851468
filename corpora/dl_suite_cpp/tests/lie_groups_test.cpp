// Tests of a rotation group through the flag-clearing test macros (tests/lie_test_macros.h),
// with thresholds from the scalar type's epsilon and a literal.
#include "tests/lie_test_macros.h"

namespace lie {

template <class Scalar>
bool testRotations() {
  bool passed = true;
  const SO2<Scalar> rot = SO2<Scalar>::exp(Scalar(0.3));
  LIE_TEST_APPROX(passed, rot.log(), Scalar(0.3), Constants<Scalar>::epsilon());  // expect: oa api=LIE_TEST_APPROX cat=abs thr=customized tol=atol:unresolved
  LIE_TEST_APPROX(passed, (rot * rot.inverse()).log(), Scalar(0), 1e-10);  // expect: oa api=LIE_TEST_APPROX cat=abs thr=customized tol=atol:literal:1e-10
  LIE_TEST_NOT_APPROX(passed, rot.log(), Scalar(0.4), 1e-3);  // expect: oa api=LIE_TEST_NOT_APPROX cat=abs thr=customized tol=atol:literal:0.001
  return passed;
}

}  // namespace lie

int main() {
  lie::processTestResult(lie::testRotations<double>());  // expect: assert api=lie::processTestResult
  lie::processTestResult(lie::testRotations<float>());  // expect: assert api=lie::processTestResult
}
