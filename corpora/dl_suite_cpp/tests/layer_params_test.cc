// A library check that answers with its verdict (`return false` at the first parameter that
// differs), asserted by the tests, with the default its header declares; called qualified while
// another test file defines a helper of the same name of its own (tests/own_params_test.cc).
#include <gtest/gtest.h>

#include "minitensor/layers.h"

namespace {

TEST(LayerParams, SavedAndLoadedAgree) {
  minitensor::Layer saved, loaded;
  ASSERT_TRUE(minitensor::paramsClose(saved, loaded));  // expect: oa api=minitensor::paramsClose cat=abs thr=default tol=atol:default:1e-05
  EXPECT_TRUE(minitensor::paramsClose(saved, loaded, 1e-3f));  // expect: oa api=minitensor::paramsClose cat=abs thr=customized tol=atol:literal:0.001
}

}  // namespace
