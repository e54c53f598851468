// C++ assertion forms through the shared finder: error bounds under EXPECT_LT against literal
// and named bounds, the gmock and Catch2 value forms, and wrappers across files.
#include <gtest/gtest.h>

#include <map>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/scanner.h"
#include "analyzer/scan/test_files.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

namespace {

ScanResult scanCpp(const std::string& code) { return scanPython({{"tests/ops_test.cc", code}}); }

}  // namespace

TEST(CppAssertions, LiteralBoundsAreTolerancesOnlyAgainstDeviations) {
  auto r = scanCpp(
      "TEST(Ops, Bounds) {\n"
      "  EXPECT_LE(prob[i], 1.);\n"                   // 2: a range check
      "  EXPECT_LT((cpu - ref) / ref, 1e-2);\n"       // 3: a relative error
      "  EXPECT_LT(std::abs(q - expected), 10);\n"    // 4: an absolute deviation in quanta
      "  EXPECT_LT(loss, 0.5);\n"                     // 5: a bound on a trained model's quality
      "  EXPECT_LE(mean, mu + sigma * tolerance);\n"  // 6: a named tolerance
      "  EXPECT_LT(timer.Seconds() - start, 2.0);\n"  // 7: a raw difference over 1
      "}\n");
  for (const auto& [line, oa] :
       std::vector<std::pair<uint32_t, bool>>{{2, false}, {3, true}, {4, true}, {5, true}, {6, true}, {7, false}}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_EQ(a->isOa, oa) << "line " << line;
    EXPECT_EQ(a->qualityBound, line == 5) << "line " << line;
  }
}

TEST(CppAssertions, IterationLimitsAreNoTolerances) {
  auto r = scanCpp(
      "static void check(const std::vector<int>& sweeps, const std::vector<float>& residual, float tol, const int max_sweeps) {\n"
      "  for (size_t b = 0; b < sweeps.size(); ++b) {\n"
      "    EXPECT_LE(sweeps[b], max_sweeps);\n"  // 3: a count under its limit (`sweeps` holds `eps`)
      "    EXPECT_LE(residual[b], tol);\n"       // 4: an error under a tolerance
      "  }\n"
      "}\n"
      "TEST(Solver, Jacobi) {\n"
      "  const float tol = 1e-6f;\n"
      "  check(run_sweeps(8, tol), run_residual(8, tol), tol, 100);\n"  // 9: the helper's residual check
      "  EXPECT_LT(steps, max_steps);\n"                                // 10: a count again
      "  EXPECT_LT(err, releps);\n"                                     // 11: an epsilon's name still is one
      "}\n");
  for (const auto& [line, oa] : std::vector<std::pair<uint32_t, bool>>{{3, false}, {4, true}, {9, true}, {10, false}, {11, true}}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_EQ(a->isOa, oa) << "line " << line;
  }
  const Tolerance* bound = tolerance(*atLine(r, 9), "bound");
  ASSERT_NE(bound, nullptr);
  EXPECT_EQ(bound->text, "tol");
  EXPECT_EQ(withoutEpsLookalikes("max_Sweeps + kEps + n_steps"), "max_Swe___ + kEps + n_st___");
}

TEST(CppAssertions, ApproxSettersOverrideDefaultsInOrder) {
  auto r = scanCpp("TEST_CASE(\"t\") { CHECK(x == Approx(1.0).epsilon(0.1).margin(0.2).epsilon(0.01)); }\n");
  const Assertion* a = atLine(r, 1);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->api, "Catch::Approx");
  EXPECT_EQ(tolerance(*a, "rtol")->value, 0.01) << "the last epsilon wins";
  EXPECT_EQ(tolerance(*a, "atol")->value, 0.2);
  EXPECT_EQ(a->thresholdProvenance, ThresholdProvenance::Customized);
}

TEST(CppAssertions, FalsityAndNotMatchersAreNegated) {
  auto r = scanCpp(
      "TEST(Ops, Differ) {\n"
      "  EXPECT_FALSE(a.isApprox(b));\n"
      "  EXPECT_THAT(x, ::testing::Not(::testing::FloatNear(1.0, 1e-3)));\n"
      "  EXPECT_TRUE(a.isApprox(b));\n"
      "}\n");
  EXPECT_TRUE(atLine(r, 2)->negated);
  EXPECT_TRUE(atLine(r, 3)->negated);
  EXPECT_FALSE(atLine(r, 4)->negated);
  for (uint32_t line = 2; line <= 4; ++line) EXPECT_TRUE(atLine(r, line)->isOa) << line;
}

TEST(CppAssertions, AStatusHelperIsNonzeroWhenTheValuesDiffer) {
  auto r = scanCpp(
      "static bool Near(float a, float b, float e) { return std::fabs(a - b) <= e; }\n"
      "static int Compare(const float* a, const float* b, int n, float e) {\n"
      "  for (int i = 0; i < n; i++) if (!Near(a[i], b[i], e)) return -1;\n"
      "  return 0;\n"
      "}\n"
      "static bool Same(const float* a, const float* b, int n) {\n"
      "  for (int i = 0; i < n; i++) if (!Near(a[i], b[i], 1e-3f)) return false;\n"
      "  return true;\n"
      "}\n"
      "static int test_ops() {\n"
      "  if (Compare(out, ref, 2, 1e-4f) != 0) return -1;\n"  // 11: fails when the status is nonzero
      "  if (Compare(out, ref, 2, 1e-4f)) return -1;\n"       // 12: the same, as a truth value
      "  if (Compare(out, ref, 2, 1e-4f) == 0) return -1;\n"  // 13: fails when they are close
      "  if (!Same(out, ref, 2)) return -1;\n"                // 14: a verdict, false when they differ
      "  return 0;\n"
      "}\n");
  for (uint32_t line = 11; line <= 14; ++line) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->negated, line == 13) << line;
  }
}

// ncnn's layer tests reach their comparison through six helpers, each handing up the status of
// the next: every level is discovered, so the test's own call is the check.
TEST(CppAssertions, AStatusHandedUpThroughSixHelpersIsCheckedWhereTheTestCallsIt) {
  auto r = scanCpp(
      "static bool Near(float a, float b, float e) { return std::fabs(a - b) <= e; }\n"
      "static int Compare(const float* a, const float* b, float e) {\n"
      "  for (int i = 0; i < 4; i++) if (!Near(a[i], b[i], e)) return -1;\n"
      "  return 0;\n"
      "}\n"
      "int run_cpu(const float* in, float e) { float b[4], c[4]; naive(in, b); layer(in, c);\n"
      "  if (Compare(b, c, e) != 0) return -1;\n"
      "  return 0; }\n"
      "int run_index(const float* in, float e) { int ret = run_cpu(in, e); if (ret != 0) return ret; return 0; }\n"
      "int run_opt(const float* in, float e) { int ret = run_index(in, e); if (ret != 0) return ret; return 0; }\n"
      "int run_named(const float* in, float e = 0.001f) { int ret = run_opt(in, e); if (ret != 0) return ret; return 0; }\n"
      "static int test_relu(const float* in) {\n"
      "  int ret = run_named(in);\n"  // 13
      "  return ret;\n"
      "}\n");
  const Assertion* a = atLine(r, 13);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isOa);
  EXPECT_EQ(a->api, "run_named");
  EXPECT_FALSE(a->negated);
}

TEST(CppAssertions, WrappersInAnIncludedHeaderAndTheirConstantsResolve) {
  auto r =
      scanPython({{"tests/util.h",
                   "#define MY_TOL 1e-4\n"
                   "namespace t { void ExpectClose(float a, float b, float tol = MY_TOL) { EXPECT_NEAR(a, b, tol); } }\n"},
                  {"tests/ops_test.cc",
                   "#include \"util.h\"\nTEST(Ops, W) {\n  t::ExpectClose(f(1), 2.0f);\n  ExpectClose(f(2), 3.0f, MY_TOL * 10);\n}\n"}});
  const Assertion* qualified = nullptr;
  const Assertion* bare = nullptr;
  for (const auto& a : r.assertions) {
    if (a.file != "tests/ops_test.cc") continue;
    if (a.range.start.line == 3) qualified = &a;
    if (a.range.start.line == 4) bare = &a;
  }
  ASSERT_NE(qualified, nullptr);
  ASSERT_NE(bare, nullptr);
  EXPECT_EQ(qualified->api, "t::ExpectClose");
  EXPECT_EQ(qualified->via, "EXPECT_NEAR");
  EXPECT_EQ(tolerance(*qualified, "atol")->value, 1e-4) << "the wrapper's default, resolved where it is defined";
  EXPECT_EQ(bare->api, "t::ExpectClose");
  EXPECT_EQ(tolerance(*bare, "atol")->provenance, Provenance::Constant) << "MY_TOL through the included header";
  EXPECT_NEAR(*tolerance(*bare, "atol")->value, 1e-3, 1e-12);
}

TEST(CppAssertions, OracleTypesThatNeedTheLibraryAreNotGuessed) {
  auto r = scanCpp(
      "float naive(float x) { return x * 2; }\n"
      "TEST(Blob, Sum) {\n"
      "  EXPECT_NEAR(blob->asum_data(), ref->asum_data(), 1e-5);\n"
      "  EXPECT_NEAR(blob->asum_data(), 3.5, 1e-5);\n"
      "  EXPECT_NEAR(blob->asum_data(), naive(1.75f), 1e-5);\n"
      "}\n");
  classifyOracles(r);
  ASSERT_NE(atLine(r, 3), nullptr);
  EXPECT_EQ(atLine(r, 3)->oracleType, "UNKNOWN");
  ASSERT_FALSE(atLine(r, 3)->evidence.empty());
  EXPECT_NE(atLine(r, 3)->evidence.back().find("library under test"), std::string::npos);
  EXPECT_EQ(atLine(r, 4)->oracleType, "D");
  EXPECT_EQ(atLine(r, 5)->oracleType, "NI");
}

TEST(CppAssertions, ATestMacroDefinesNoFunctionACallCanName) {
  // TEST(Activation, Sigmoid) calls the library's Sigmoid, not the test itself.
  auto r = scanCpp(
      "TEST(Activation, Sigmoid) {\n"
      "  float x = 0.3f;\n"
      "  EXPECT_NEAR(Exp(x), Sigmoid(x) / (1 - Sigmoid(x)), 1e-5);\n"
      "}\n");
  classifyOracles(r);
  ASSERT_NE(atLine(r, 3), nullptr);
  for (const std::string& e : atLine(r, 3)->evidence) EXPECT_EQ(e.find("returns from helper"), std::string::npos) << e;
}

TEST(CppAssertions, TheLibrarysNamespaceNamesTheLibraryUnderTest) {
  auto r = oalens::testing::scanPython({{"tests/ops_test.cc",
                                         "namespace mylib {\n"
                                         "static float RefSigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }\n"
                                         "TEST(Ops, Sigmoid) {\n"
                                         "  float x = 0.3f;\n"
                                         "  EXPECT_NEAR(Sigmoid(x), RefSigmoid(x), 1e-5);\n"                             // line 5
                                         "  EXPECT_NEAR(common::Exp(x), std::exp(x), 1e-5);\n"                           // line 6
                                         "  EXPECT_NEAR(mylib::common::Exp(x), Sigmoid(x) / (1 - Sigmoid(x)), 1e-5);\n"  // line 7
                                         "  Tensor t = MakeTensor(x);\n"
                                         "  EXPECT_NEAR(t.Sum(), t.Mean() * t.Size(), 1e-4);\n"   // line 9
                                         "  EXPECT_NEAR(Sigmoid(x), Sigmoid(x + 0.0f), 1e-6);\n"  // line 10
                                         "}\n"
                                         "}  // namespace mylib\n"}});
  classifyOracles(r);
  ASSERT_NE(atLine(r, 5), nullptr);
  EXPECT_EQ(atLine(r, 5)->oracleType, "NI");
  EXPECT_EQ(atLine(r, 6)->oracleType, "DT");
  EXPECT_EQ(atLine(r, 7)->oracleType, "RI");
  EXPECT_EQ(atLine(r, 9)->oracleType, "RI");
  EXPECT_EQ(atLine(r, 10)->oracleType, "SCUT_DIFF");
}

TEST(CppAssertions, AVariableDeclaredWithoutAValueIsFilledByTheCallsItIsPassedTo) {
  auto r = oalens::testing::scanPython({{"tests/layer_test.cc",
                                         "namespace mylib {\n"
                                         "TEST(Layer, Forward) {\n"
                                         "  std::vector<float> out;\n"
                                         "  Layer l(3);\n"
                                         "  l.forward(in, out);\n"
                                         "  EXPECT_NEAR(1.5f, out[0], 1e-5);\n"  // line 6: the literal is the oracle
                                         "}\n"
                                         "}  // namespace mylib\n"}});
  classifyOracles(r);
  const Assertion* a = atLine(r, 6);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->oracleType, "D");
  EXPECT_EQ(a->expectedText, "1.5f");
  bool filled = false;
  for (const std::string& e : a->evidence) filled |= e.find("filled by the call at line 5") != std::string::npos;
  EXPECT_FALSE(filled);  // the oracle side is the literal; the CUT side was traced through the call
  EXPECT_TRUE(a->swapped);
}

// `std::vector<float> output(m * n); kernel(output.data(), ...)`: the buffer a container hands
// out is the container filled.
TEST(CppAssertions, AContainersBufferHandedToACallIsTheContainerFilled) {
  auto r = oalens::testing::scanPython({{"tests/kernel_test.cc",
                                         "namespace mylib {\n"
                                         "TEST(Kernel, Run) {\n"
                                         "  std::vector<float> output(4);\n"
                                         "  mylib::run_kernel(output.data(), input.data(), 4);\n"
                                         "  EXPECT_NEAR(output[0], 1.5f, 1e-5);\n"  // line 5
                                         "}\n"
                                         "}  // namespace mylib\n"}});
  classifyOracles(r);
  const Assertion* a = atLine(r, 5);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->oracleType, "D");
  bool filled = false;
  for (const std::string& e : a->evidence) filled |= e.find("calls the library under test") != std::string::npos;
  EXPECT_TRUE(filled);
}

TEST(CppAssertions, ALambdaReturnsWhatItsBodyReturnsAndACastConvertsItsArgument) {
  auto r = oalens::testing::scanPython({{"tests/lambda_test.cc",
                                         "namespace mylib {\n"
                                         "TEST(Layer, Lambda) {\n"
                                         "  auto make = [](size_t n) {\n"
                                         "    return Tensor(n, 0.5f);\n"
                                         "  };\n"
                                         "  Tensor t = make(3);\n"
                                         "  EXPECT_NEAR(0.5f, t[0], 1e-5);\n"              // line 7
                                         "  EXPECT_NEAR(t.sum(), make(3).sum(), 1e-5);\n"  // line 8
                                         "  double x = static_cast<double>(3) / 2.0;\n"
                                         "  EXPECT_NEAR(Cdf(x), 0.5 + 0.5 * std::tanh(x * 0.5), 1e-5);\n"  // line 10
                                         "}\n"
                                         "}  // namespace mylib\n"}});
  classifyOracles(r);
  ASSERT_NE(atLine(r, 7), nullptr);
  EXPECT_EQ(atLine(r, 7)->oracleType, "D");
  EXPECT_TRUE(atLine(r, 7)->swapped);
  EXPECT_EQ(atLine(r, 8)->oracleType, "SCUT_SAME");
  EXPECT_EQ(atLine(r, 10)->oracleType, "NI");
}

// Test directories are named in any case (Shark's `Test/RBM/...cpp`); a library file whose
// path only holds a capitalised word (`src/Tester.cpp`) is not a test file for that.
TEST(CppAssertions, TestDirectoriesAreReadInAnyCase) {
  const ScanOptions defaults;
  const TestFileFilter filter(defaults.testFilePattern, defaults.cppTestFilePattern);
  ASSERT_TRUE(filter.ok());
  EXPECT_TRUE(filter.isTest("Test/RBM/AverageEnergyGradient.cpp"));
  EXPECT_TRUE(filter.isTest("lib/Tests/ops.cc"));
  EXPECT_TRUE(filter.isTest("tests/ops.cc"));
  EXPECT_FALSE(filter.isTest("src/Tester.cpp"));
  EXPECT_FALSE(filter.isTest("src/Models/Kernels.cpp"));
  // rocBLAS's clients: a gtest/ folder, its *_gtest.cpp files and the testing_*.hpp they run.
  EXPECT_TRUE(filter.isTest("clients/gtest/blas1/axpy_gtest.cpp"));
  EXPECT_TRUE(filter.isTest("clients/include/blas1/testing_axpy.hpp"));
  EXPECT_TRUE(filter.isTest("clients/samples/axpy_gtest.cc"));
  EXPECT_FALSE(filter.isTest("clients/include/near.hpp"));
  EXPECT_FALSE(filter.isTest("src/attesting.cc"));
  // Test utilities whose bodies the tests run: LiteRT's per-op *_test_util.cc, Ceres's
  // *_test_utils.h, Highway's *_test-inl.h, GTSAM's expressionTesting.h.
  EXPECT_TRUE(filter.isTest("tflite/delegates/gpu/common/tasks/elementwise_test_util.cc"));
  EXPECT_TRUE(filter.isTest("include/ceres/manifold_test_utils.h"));
  EXPECT_TRUE(filter.isTest("hwy/contrib/math/math_test-inl.h"));
  EXPECT_TRUE(filter.isTest("gtsam/nonlinear/expressionTesting.h"));
  // OpenBLAS's utest/ folder of C tests on the ctest framework, its main program's tests too.
  EXPECT_TRUE(filter.isTest("utest/utest_main2.c"));
  EXPECT_FALSE(filter.isTest("tensorflow/lite/micro/kernels/lstm_test_data.cc"));
  // Kokkos Kernels: unit_test/ folders of Test_*.hpp files, helpers in test_common/.
  EXPECT_TRUE(filter.isTest("blas/unit_test/Test_Blas1_dot.hpp"));
  EXPECT_TRUE(filter.isTest("test_common/KokkosKernels_TestUtils.hpp"));
  EXPECT_FALSE(filter.isTest("blas/src/KokkosBlas1_dot.hpp"));
}

// MIOpen's helpers: `CompareTensor(out, ref, tol)` bounds `rms_range(ref, out)` kept in a local; a
// fixture's `ThresholdChecks()` compares sizes exactly before bounding the error of its own
// members; the fixture's tests call it through `this->` or a type alias. An error measure of two
// parameters is a closeness check of the two, its bound the absolute tolerance.
TEST(CppAssertions, ErrorMeasuresOfTwoValuesAndFixtureChecksThroughThisOrAnAlias) {
  auto r = scanPython({{"tests/ops.hpp",
                        "namespace test {\n"
                        "void CompareTensor(const tensor<float>& output, const tensor<float>& ref_out, const double threshold = 1e-6) {\n"
                        "  EXPECT_TRUE(miopen::range_distance(ref_out) == miopen::range_distance(output));\n"
                        "  auto error = miopen::rms_range(ref_out, output);\n"
                        "  EXPECT_TRUE(error < threshold);\n"
                        "}\n"
                        "void CompareSizes(const tensor<float>& output, const tensor<float>& ref_out) {\n"
                        "  EXPECT_TRUE(miopen::range_distance(ref_out) == miopen::range_distance(output));\n"
                        "}\n"
                        "}\n"
                        "template <typename T> struct ConvBase {\n"
                        "  void ThresholdChecks() {\n"
                        "    ASSERT_EQ(miopen::range_distance(ref_out), miopen::range_distance(output));\n"
                        "    double threshold = std::numeric_limits<T>::epsilon() * 80;\n"
                        "    auto error = miopen::rms_range(ref_out, output);\n"
                        "    ASSERT_LT(error, threshold);\n"
                        "  }\n"
                        "  tensor<T> output, ref_out;\n"
                        "};\n"},
                       {"tests/bn_test.cc",
                        "#include \"ops.hpp\"\n"
                        "struct Fwd : ConvBase<float> { using cfsb = ConvBase<float>; };\n"
                        "TEST(BN, Fwd) {\n"
                        "  test::CompareTensor<float>(out, ref, 4e-3);\n"  // 4
                        "  test::CompareTensor(out, ref);\n"               // 5
                        "  test::CompareSizes(out, ref);\n"                // 6
                        "}\n"
                        "TEST_F(Fwd, Run) {\n"
                        "  this->ThresholdChecks();\n"   // 9
                        "  cfsb::ThresholdChecks();\n"   // 10
                        "  other::ThresholdChecks();\n"  // 11: a namespace's function of that name, not the fixture's
                        "}\n"}});
  std::map<int, const Assertion*> at;
  for (const auto& a : r.assertions)
    if (a.file == "tests/bn_test.cc") at[a.range.start.line] = &a;
  for (int line : {4, 5, 9, 10}) {
    ASSERT_TRUE(at.count(line)) << line;
    EXPECT_TRUE(at[line]->isOa) << line;
  }
  EXPECT_EQ(at[4]->category, Category::Abs);
  EXPECT_EQ(at[4]->actualText, "out");
  EXPECT_EQ(at[4]->expectedText, "ref");
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 4e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "atol")->value, 1e-6);
  EXPECT_TRUE(!at.count(6) || !at[6]->isOa);
  EXPECT_TRUE(!at.count(11) || !at[11]->isOa);
}

// torchao's kernel tests: `test_linear(m, n, k)` builds the kernel's output and a reference from a
// loop of its own and checks them with EXPECT_NEAR; each call checks what that check compares,
// so it takes the check's oracle type (it was UNKNOWN: no compared values at the call).
TEST(CppAssertions, ACallOfAHelperThatComputesBothSidesTakesItsChecksOracleType) {
  auto r = scanCpp(
      "float naive(float x) { return x * 2; }\n"
      "void test_linear(int n) {\n"
      "  float expected = naive(0.5f * n);\n"
      "  float scale = 1.0f;\n"
      "  float out = run_kernel(n);\n"
      "  EXPECT_NEAR(out, expected * scale, 1e-4);\n"
      "}\n"
      "TEST(Kernels, Linear) {\n"
      "  test_linear(4);\n"   // 9
      "  test_linear(16);\n"  // 10
      "}\n");
  classifyOracles(r);
  ASSERT_NE(atLine(r, 6), nullptr);
  ASSERT_NE(atLine(r, 9), nullptr);
  ASSERT_NE(atLine(r, 10), nullptr);
  EXPECT_TRUE(atLine(r, 9)->isOa);
  EXPECT_EQ(atLine(r, 6)->oracleType, "NI");
  EXPECT_EQ(atLine(r, 9)->oracleType, "NI");
  EXPECT_EQ(atLine(r, 10)->oracleType, "NI");
  EXPECT_NE(atLine(r, 9)->evidence.back().find("computes both sides"), std::string::npos);
  // Its reason is the helper's check's, not the call's own "no compared values".
  EXPECT_NE(atLine(r, 9)->oracleReason.find("computes both sides"), std::string::npos);
}

// torchao's quantized matmul tests hand the helper the fixture itself (`*this`), which holds the
// inputs and the reference it generated: the call compares that one value with itself, and takes
// the type of the helper's own check as a call with no compared values does.
TEST(CppAssertions, AHelperHandedTheFixtureItselfTakesItsChecksOracleType) {
  auto r = scanCpp(
      "template <typename Case>\n"
      "void check_matmul(int n, Case& test_case) {\n"
      "  std::vector<float> output(test_case.init_output);\n"
      "  run_kernel(output.data(), test_case.lhs.data(), n);\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    EXPECT_NEAR(output[i], test_case.expected_output[i], 1e-4);\n"  // 6
      "  }\n"
      "}\n"
      "TEST_F(MatmulTest, Small) {\n"
      "  check_matmul(4, *this);\n"  // 10
      "}\n");
  classifyOracles(r);
  ASSERT_NE(atLine(r, 6), nullptr);
  ASSERT_NE(atLine(r, 10), nullptr);
  EXPECT_TRUE(atLine(r, 10)->isOa);
  EXPECT_EQ(atLine(r, 10)->actualText, atLine(r, 10)->expectedText);
  EXPECT_EQ(atLine(r, 10)->oracleType, atLine(r, 6)->oracleType);
  EXPECT_NE(atLine(r, 10)->oracleType, "UNKNOWN");
}

// torchao's `float tol = kTol; if (has_kleidi) tol = kTolKleidiAI;`: a tolerance the helper
// switches by its configuration is chosen at each call (depend); one picked by dtype stays the
// helper's default, and an `if` holding the check chooses whether to check, not the tolerance.
TEST(CppAssertions, AToleranceAHelperSwitchesByAFlagIsChosenAtEachCall) {
  auto r = scanCpp(
      "const float kTol = 1e-5f;\n"
      "void checkKernel(const float* out, const float* ref, bool fast) {\n"
      "  float tol = kTol;\n"
      "  if (fast) tol = 5e-2f;\n"
      "  EXPECT_NEAR(out[0], ref[0], tol);\n"
      "}\n"
      "void checkTyped(const float* out, const float* ref, int dtype) {\n"
      "  double tol = 1e-3;\n"
      "  if (dtype == f16) tol = 4e-3;\n"
      "  EXPECT_NEAR(out[0], ref[0], tol);\n"
      "}\n"
      "void checkSome(const float* out, const float* ref, bool fast) {\n"
      "  if (fast) { float tol = 1e-3f; EXPECT_NEAR(out[0], ref[0], tol); }\n"
      "}\n"
      "TEST(Kernels, Tolerances) {\n"
      "  checkKernel(out, ref, true);\n"  // 16
      "  checkTyped(out, ref, 1);\n"      // 17
      "  checkSome(out, ref, true);\n"    // 18
      "}\n");
  for (int line : {16, 17, 18}) ASSERT_NE(atLine(r, line), nullptr) << line;
  EXPECT_EQ(atLine(r, 16)->thresholdProvenance, ThresholdProvenance::Depend);
  // Chosen by the flag, which the history's reasons must not read as a dtype.
  ASSERT_FALSE(atLine(r, 16)->tolerances.empty());
  EXPECT_EQ(atLine(r, 16)->tolerances[0].provenance, Provenance::Depend);
  EXPECT_NE(atLine(r, 16)->tolerances[0].note.find("switched by `fast`"), std::string::npos);
  EXPECT_EQ(atLine(r, 16)->runtimeChoices.tolerance, 0);
  EXPECT_EQ(atLine(r, 17)->thresholdProvenance, ThresholdProvenance::Default);
  EXPECT_NE(atLine(r, 18)->thresholdProvenance, ThresholdProvenance::Depend);
}

// nGraph-shaped helpers written by us: an integer overload's `|a - b|` spelled as a conditional,
// a bound `atol + rtol * b[i]` without abs, a gtest answer chosen by a flag, and a distance of
// the two values within a tolerance, or both too small to tell.
TEST(CppAssertions, PredicatesWrittenWithConditionalsAndAlternativesAreCloseness) {
  auto r = scanCpp(
      "template <typename T>\n"
      "::testing::AssertionResult near_all(const std::vector<T>& a, const std::vector<T>& b, T rtol = 1e-5, T atol = 1e-8) {\n"
      "  bool rc = true;\n"
      "  for (size_t i = 0; i < a.size(); ++i) {\n"
      "    T abs_diff = (a[i] > b[i]) ? (a[i] - b[i]) : (b[i] - a[i]);\n"
      "    if (abs_diff > atol + rtol * b[i]) rc = false;\n"
      "  }\n"
      "  return rc ? ::testing::AssertionSuccess() : ::testing::AssertionFailure();\n"
      "}\n"
      "bool close_bits(float a, float b, int tolerance = 2, float min_signal = 0.0f) {\n"
      "  unsigned distance = bit_distance(a, b, min_signal);\n"
      "  return (distance <= tolerance) || (distance == 7u);\n"
      "}\n"
      "TEST(Helpers, Close) {\n"
      "  EXPECT_TRUE(near_all(out, ref, 1e-4f, 1e-6f));\n"  // 15
      "  EXPECT_TRUE(close_bits(out[0], ref[0], 4));\n"     // 16
      "}\n");
  for (int line : {15, 16}) ASSERT_NE(atLine(r, line), nullptr) << line;
  EXPECT_TRUE(atLine(r, 15)->isOa);
  EXPECT_EQ(atLine(r, 15)->category, Category::AbsRel);
  EXPECT_EQ(atLine(r, 15)->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_TRUE(atLine(r, 16)->isOa);
  // An error measure's first argument is its reference (`rms_range(ref, out)`).
  EXPECT_EQ(atLine(r, 16)->expectedText, "out[0]");
  EXPECT_EQ(atLine(r, 16)->actualText, "ref[0]");
}

// Defaults written in a header's declarations and left out of the source's out-of-line
// definitions (`bool test::close_bits(float a, float b, int bits)` under `using namespace lib`):
// a call that leaves them out is still a call of the overload.
TEST(CppAssertions, DefaultsDeclaredInAHeaderLetACallLeaveThemOut) {
  auto r =
      oalens::testing::scanPython({{"tests/util/close_bits.hpp",
                                    "namespace lib { namespace test {\n"
                                    "bool close_bits(float a, float b, int bits = 2);\n"
                                    "bool close_bits(double a, double b, int bits = 2);\n"
                                    "} }\n"},
                                   {"tests/util/close_bits.cpp",
                                    "using namespace lib;\n"
                                    "bool test::close_bits(float a, float b, int bits) { return std::abs(a - b) <= bits * 1e-6f; }\n"
                                    "bool test::close_bits(double a, double b, int bits) { return std::abs(a - b) <= bits * 1e-12; }\n"},
                                   {"tests/ops_test.cc",
                                    "using namespace lib;\n"
                                    "TEST(Ops, Sum) {\n"
                                    "  EXPECT_TRUE(test::close_bits(lib::sum(x), 1.5f));\n"  // 3
                                    "}\n"}});
  const Assertion* a = atLine(r, 3);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isOa);
  EXPECT_NE(a->api.find("close_bits"), std::string::npos);
}

TEST(CppAssertions, AStreamedMessageIsNotPartOfTheCheck) {
  auto r = scanCpp(
      "TEST(Ops, Message) {\n"
      "  ASSERT_TRUE(std::abs(got - want) <\n"
      "              tolerance)\n"
      "      << \"got \" << got\n"
      "      << \" tolerance \" << tolerance;\n"
      "  EXPECT_NEAR(a, b, 1e-5);\n"
      "}\n");
  // The record of line 2 ends where its call does (line 3), not with the message.
  for (const auto& [line, end] : std::vector<std::pair<uint32_t, uint32_t>>{{2, 3}, {6, 6}}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->range.end.line, end) << line;
  }
}
