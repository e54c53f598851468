// Calls of `nearAll` unqualified from inside `full::check`: the helper whose parameters the
// arguments fit, whichever of the two was found last.
#include "minitensor/ops.h"
#include "tests/same_name_helpers.h"

namespace full {
namespace check {

TEST(SameNameHelpers, TheOverloadTheArgumentsFit) {
  const std::vector<float> x{0.5f, 1.5f};
  nearAll(minitensor::sigmoid(x), {0.62f, 0.82f}, 1e-2);  // expect: oa api=full::check::nearAll cat=abs thr=customized tol=atol:literal:0.01
  nearAll(minitensor::sigmoid(x), {0.62f, 0.82f});  // expect: oa api=full::check::nearAll cat=abs thr=default tol=atol:default:1e-05
}

}  // namespace check
}  // namespace full
