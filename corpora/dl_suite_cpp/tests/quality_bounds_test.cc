// Floors and ceilings on a trained model's quality handed to check macros: a click-through rate
// the trained learner reaches, a loss it stays under, the mean of a cross-validation's folds. A
// probability kept inside its range, a number the test wrote down and one loss against another
// order values and bound no quality.
#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {
std::vector<float> simulate_bandit(int rounds, unsigned seed);
std::vector<double> cross_validate_stump(const Tensor& x, const Tensor& y, int folds);
}  // namespace minitensor

namespace {

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / v.size();
}

TEST(Quality, LearnerReachesItsTargets) {
  const std::vector<float> ctr = minitensor::simulate_bandit(500, 7);
  EXPECT_GT(ctr.back(), 0.55f);  // expect: oa api=EXPECT_GT cat=error_bound thr=customized tol=bound:literal:0.55
  const float loss = minitensor::mse_loss(0.5, 0.45);
  EXPECT_LT(loss, 0.05f);  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:literal:0.05
  const minitensor::Tensor x = minitensor::Tensor::zeros({8, 2}), y = minitensor::Tensor::zeros({8});
  const std::vector<double> stump_cv = minitensor::cross_validate_stump(x, y, 4);
  EXPECT_TRUE(mean(stump_cv) > 0.8);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:0.8
  const std::vector<double> folds = minitensor::cross_validate_stump(x, y, 2);
  EXPECT_GE(mean(folds), 0.75);  // expect: oa api=EXPECT_GE cat=error_bound thr=customized tol=bound:literal:0.75
}

TEST(Quality, ClusteringAgreementAndTrustworthinessFloors) {
  const double ari_vs_ref = minitensor::adjusted_rand_index(minitensor::kmeans_labels(4), minitensor::blob_labels(4));
  ASSERT_GE(ari_vs_ref, 0.94);  // expect: oa api=ASSERT_GE cat=error_bound thr=customized tol=bound:literal:0.94
  const double trust_score = minitensor::trustworthiness(minitensor::embed(2));
  ASSERT_LE(trust_score, 1.0);  // expect: assert api=EXPECT_LT
  ASSERT_GT(trust_score, 0.7);  // expect: oa api=ASSERT_GT cat=error_bound thr=customized tol=bound:literal:0.7
  const double score = minitensor::exploration_score(3);
  ASSERT_GE(score, 0.25);  // expect: assert api=ASSERT_GE
}

TEST(Quality, OrderingsAreNoQualityBounds) {
  const float score = minitensor::sigmoid(0.3f);
  EXPECT_LE(score, 1.0f);  // expect: assert api=EXPECT_LT
  const double accuracy = 0.93;
  EXPECT_GT(accuracy, 0.5);  // expect: assert api=EXPECT_GT
  const float loss_before = minitensor::mse_loss(1.0, 0.0), loss_after = minitensor::mse_loss(0.5, 0.0);
  EXPECT_LT(loss_after, loss_before);  // expect: assert api=EXPECT_LT
}

}  // namespace
