// An operation's test body, shared by the backends' tests (gpu/activation_test.cc): each precision
// runs the operation and hands on the status of the closeness check, with the tolerance the
// precision picks. The status of running it is handed on too, and is no check.
#include "gpu/testing_util.h"

namespace gpu {

absl::Status SigmoidCase(TestEnvironment* env) {
  for (Precision precision : env->precisions()) {
    const float eps = precision == Precision::kF32 ? 1e-6f : 1e-3f;
    minitensor::Tensor out;
    RETURN_IF_ERROR(env->Run("sigmoid", precision, &out));
    RETURN_IF_ERROR(PointWiseNear({0.5f, 0.25f, 0.2f}, out.data(), eps));  // expect: oa api=gpu::PointWiseNear cat=abs thr=depend tol=atol:depend:1e-06
  }
  return absl::OkStatus();
}

}  // namespace gpu
