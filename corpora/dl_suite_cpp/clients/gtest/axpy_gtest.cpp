#include "../testing_axpy.h"

TEST(Axpy, Float) { testing_axpy<float>(16, 2.0f); }  // expect: oa api=testing_axpy cat=abs thr=customized tol=atol:constant
TEST(Argmax, Float) { testing_argmax<float, int32_t>(16); }
