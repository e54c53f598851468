// Whole-model tests bounding the share of outputs within a tolerance from below: each element is
// compared within the helper's tolerance, here a loop's values, its default or its own literal.
// The loop's `abs_error` is a float that hides the vector of errors an earlier loop declared.
#include <gtest/gtest.h>

#include <vector>

#include "tests/share_utility.h"

namespace lite {

TEST(WholeModel, OutputsNearReference) {
  std::vector<std::vector<float>> results;
  std::vector<std::vector<float>> reference = minitensor::readRows("model_ref.txt");
  std::vector<std::vector<float>> errors;
  for (int i = 0; i < 4; ++i) {
    std::vector<float> abs_error = minitensor::absError(results, reference, i);
    errors.push_back(abs_error);
  }
  for (float abs_error : {1e-1, 1e-2, 1e-3}) {
    ASSERT_GE(ShareWithin(results, reference, abs_error), 0.99);  // expect: oa api=lite::ShareWithin(std::vector<std::vector<T>>,std::vector<std::vector<T>>,float) cat=abs thr=depend tol=atol:depend
    const float acc = ShareWithin(errors, abs_error);
    ASSERT_GE(acc, 0.99);  // expect: oa api=lite::ShareWithin(std::vector<std::vector<T>>,float) cat=abs thr=depend tol=atol:depend
  }
  EXPECT_GT(ShareWithin(results, reference), 0.9f);  // expect: oa api=lite::ShareWithin(std::vector<std::vector<T>>,std::vector<std::vector<T>>,float) cat=abs thr=default tol=atol:default:1e-05
  ASSERT_GT(ShareOfFirstLogits(results, "logits.txt"), 0.95f);  // expect: oa api=lite::ShareOfFirstLogits cat=abs thr=default tol=atol:default:0.01
  ASSERT_GE(results.size(), 4u);  // expect: assert api=ASSERT_GE
}

}  // namespace lite
