// Values the library pulls back from a store, against tensors a framework it builds on makes
// from literals, called qualified inside the library's namespace (`torch::tensor({1, 2})`): the
// framework's values, test data, not a call of the library under test.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "minitensor/tensor.h"

namespace minitensor {

TEST(FrameworkNamespace, PulledRowsAgainstFrameworkLiterals) {
  const std::vector<torch::Tensor> pulled = minitensor::pull_rows("table", 2);
  ASSERT_TRUE(pulled[0].allclose(torch::tensor({1, 2}, torch::TensorOptions().dtype(torch::kF32))));  // expect: oa api=at::Tensor::allclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  ASSERT_TRUE(pulled[1].allclose(torch::tensor({3, 4}, torch::TensorOptions().dtype(torch::kF32))));  // expect: oa api=at::Tensor::allclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
}

}  // namespace minitensor
