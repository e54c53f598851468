// SIMD tests written as functors over lane types, Highway's way: its equality checks let float and
// double lanes differ by one unit in the last place and compare integers (and 16-bit floats, which
// they widen exactly) exactly. Which lanes a check compares is read from its descriptor and from
// the calls that run the functor.
#include <cstdint>

namespace {

struct TestAddition {
  template <class T, class D>
  void operator()(T /*unused*/, D d) {
    const RebindToSigned<D> di;
    HWY_ASSERT_VEC_EQ(d, Set(d, ConvertScalarTo<T>(2)), Add(Set(d, ConvertScalarTo<T>(1)), Set(d, ConvertScalarTo<T>(1))));  // expect: oa api=HWY_ASSERT_VEC_EQ cat=ulp thr=default tol=ulps:default:1
    HWY_ASSERT_VEC_EQ(di, Iota(di, 1), ConvertTo(di, Iota(d, 1.0)));  // expect: assert api=HWY_ASSERT_VEC_EQ cat=exact
    HWY_ASSERT_EQ(ConvertScalarTo<T>(2), GetLane(Add(Set(d, ConvertScalarTo<T>(1)), Set(d, ConvertScalarTo<T>(1)))));  // expect: oa api=HWY_ASSERT_EQ cat=ulp thr=default tol=ulps:default:1
  }
};

struct TestShift {
  template <class T, class D>
  void operator()(T /*unused*/, D d) {
    HWY_ASSERT_VEC_EQ(d, Set(d, T{4}), ShiftLeft<1>(Set(d, T{2})));  // expect: assert api=HWY_ASSERT_VEC_EQ cat=exact
  }
};

struct TestWidening {
  template <class T, class D>
  void operator()(T /*unused*/, D dn) {
    const RepartitionToWide<D> dw;
    HWY_ASSERT_VEC_EQ(dw, Zero(dw), WidenMulPairwiseAdd(dw, Zero(dn), Zero(dn)));  // expect: oa api=HWY_ASSERT_VEC_EQ cat=ulp thr=default tol=ulps:default:1
  }
};

struct TestDivision {
  template <class D>
  void operator()(D d, size_t count) {
    using T = TFromD<D>;
    HWY_ASSERT_EQ(T(0), GetLane(Div(Zero(d), Set(d, T(3)))));  // expect: assert api=HWY_ASSERT_EQ cat=exact
  }
};

void TestAll() {
  ForFloatTypes(ForPartialVectors<TestAddition>());
  const ForPartialVectors<TestShift> shift;
  ForIntegerTypes(shift);
  ForShrinkableVectors<TestWidening>()(bfloat16_t());
  ForUnsignedTypes(ForPartialVectors<TestDivision>());
}

void TestScalars(uint32_t bits, float value) {
  HWY_ASSERT_EQ(1.0f, value);  // expect: oa api=HWY_ASSERT_EQ cat=ulp thr=default tol=ulps:default:1
  HWY_ASSERT_EQ(4, PopCount(bits));  // expect: assert api=HWY_ASSERT_EQ cat=exact
  HWY_ASSERT_EQ(size_t{4}, Count(bits));  // expect: assert api=HWY_ASSERT_EQ cat=exact
  const int64_t twice = 2 * static_cast<int64_t>(bits);
  HWY_ASSERT_EQ(twice, Dispatched<float>(1.0f));  // expect: assert api=HWY_ASSERT_EQ cat=exact
}

}  // namespace
