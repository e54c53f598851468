// A model test whose accuracy floor the build picks: the local named for the floor is given a
// value per target under `#if` branches, so the tolerance is chosen at build time (depend), and
// its name's mention of the metric does not make it a second measure.
#include <gtest/gtest.h>

#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {
float top1_accuracy(const std::vector<Tensor>& outputs, const std::vector<int>& labels);
std::vector<Tensor> run_classifier(const Tensor& images);
}  // namespace minitensor

TEST(Classifier, Top1AccuracyPerBuildTarget) {
  float out_accuracy_threshold = 1.0f;
#if defined(MT_WITH_NPU)
  const int warmup = 2;
  out_accuracy_threshold = 0.74f;
#elif defined(MT_WITH_DSP)
  const int warmup = 1;
  out_accuracy_threshold = 0.71f;
#else
  return;
#endif
  const minitensor::Tensor images = minitensor::Tensor::arange(3 * 8 * 8);
  const std::vector<int> labels = {0, 1, 2};
  const float out_accuracy = minitensor::top1_accuracy(minitensor::run_classifier(images), labels);
  ASSERT_GE(out_accuracy, out_accuracy_threshold);  // expect: oa api=ASSERT_GE cat=error_bound thr=depend tol=bound:depend
}
