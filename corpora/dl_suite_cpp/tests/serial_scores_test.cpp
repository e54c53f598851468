// Tests calling `this->score_checks`, which two fixtures define: the one of the fixture this file
// includes runs. A helper whose every check has a zero tolerance compares exactly.
#include "serial_fixture.h"

TEST_F(serial_fixture, ScoresOfEqualLogits) {
  this->score_checks(minitensor::Tensor{{0.0f, 0.0f}}, 0.5, 1e-6);  // expect: oa api=serial_fixture::score_checks cat=abs_rel thr=customized tol=rtol:literal:1e-06
  this->copy_checks(minitensor::Tensor{{1.0f, 2.0f}});
}
