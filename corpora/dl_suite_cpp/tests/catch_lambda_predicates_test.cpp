// Catch2 suite writing its closeness checks as named lambdas answering with an Approx equality,
// called by name in CHECK or handed to std::equal as the comparator of two ranges, the second
// inside a lambda that computes its reference itself. Another file's lambda of the same name
// (lambda_helpers_test.cc's `near`) is not this one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "minitensor/tensor.h"

namespace {

void checkSoftmax() {
  auto near = [](float x, float y) -> bool { return x == Approx(y).margin(0.001f); };
  const std::vector<float> out = minitensor::softmax({0.5f, 1.5f, -1.0f});
  CHECK(near(out[0], 0.25f));  // expect: oa api=checkSoftmax::near@tests/catch_lambda_predicates_test.cpp cat=abs_rel thr=default tol=atol:default:0.001,rtol:default:1.1920928955078125e-05

  auto matchesReference = [&](const std::vector<float>& logits) -> bool {
    const std::vector<float> got = minitensor::softmax(logits);
    const std::vector<float> want = minitensor::reference_softmax(logits);
    return std::equal(got.begin(), got.end(), want.begin(), near);
  };
  CHECK(matchesReference({1.0f, 2.0f}));  // expect: oa api=checkSoftmax::matchesReference@tests/catch_lambda_predicates_test.cpp cat=abs_rel thr=default tol=atol:default:0.001,rtol:default:1.1920928955078125e-05
}

}  // namespace

TEST_CASE("softmax through lambda predicates", "[ops]") { checkSoftmax(); }
