// C++ client suites as rocBLAS writes them: element checks as macros handed the gtest check they
// run, overloads per element type called for a template's type parameter, overloads told apart by
// enable_if alone; and which class's method a bare or `this->` call of a fixture reaches.
#include <gtest/gtest.h>

#include "analyzer/scan/scanner.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::inFileAt;
using oalens::testing::scanPython;

namespace {

const char* kChecks =
    "#ifndef GOOGLE_TEST\n"
    "#define LOOP(n, a, b, tol, NEAR)\n"
    "#define EQ_LOOP(n, a, b, EQ)\n"
    "#else\n"
    "#define LOOP(n, a, b, tol, NEAR) for (int i = 0; i < n; ++i) NEAR(a[i], b[i], tol)\n"
    "#define EQ_LOOP(n, a, b, EQ) for (int i = 0; i < n; ++i) EQ(a[i], b[i])\n"
    "#endif\n"
    "template <> void near_check(int n, const float* a, const float* b, double tol) { LOOP(n, a, b, tol, ASSERT_NEAR); }\n"
    "template <> void unit_check(int n, const float* a, const float* b) { EQ_LOOP(n, a, b, ASSERT_FLOAT_EQ); }\n"
    "template <> void unit_check(int n, const int* a, const int* b) { EQ_LOOP(n, a, b, ASSERT_EQ); }\n"
    "template <typename T, std::enable_if_t<!is_complex<T>, int> = 0>\n"
    "void residual_check(T err, int n, T mult, T eps) { ASSERT_LE(err, mult * eps * n); }\n"
    "template <typename T, std::enable_if_t<is_complex<T>, int> = 0>\n"
    "void residual_check(T err, int n, T mult, T eps) { residual_check(std::abs(err), n, std::abs(mult), std::abs(eps)); }\n";

}  // namespace

TEST(CppClientChecks, AMacroHandedACheckRunsItOnItsArguments) {
  auto r = scanPython({{"clients/include/checks.h", kChecks},
                       {"clients/testing_axpy.h",
                        "#include \"include/checks.h\"\n"
                        "template <typename T> void testing_axpy(int n, T* ref, T* out, T* again, T err, T eps) {\n"
                        "  near_check<T>(n, ref, out, n * 1e-6);\n"   // 3
                        "  unit_check<T>(n, out, again);\n"           // 4
                        "  residual_check<T>(err, n, T(10), eps);\n"  // 5
                        "}\n"
                        "template <typename T, typename R> void testing_argmax(R* cpu, R* gpu) {\n"
                        "  unit_check<R>(1, cpu, gpu);\n"  // 8
                        "}\n"}});
  const Assertion* near = inFileAt(r, "clients/testing_axpy.h", 3);
  ASSERT_NE(near, nullptr);
  EXPECT_TRUE(near->isOa);
  EXPECT_EQ(near->category, Category::Abs);
  EXPECT_EQ(near->via, "EXPECT_NEAR");
  // gtest's float equality for float, ASSERT_EQ for int: called for `T`, the float one counts.
  const Assertion* unit = inFileAt(r, "clients/testing_axpy.h", 4);
  ASSERT_NE(unit, nullptr);
  EXPECT_TRUE(unit->isOa);
  EXPECT_EQ(unit->category, Category::Ulp);
  // The complex overload calls the real one: the real one's check stays the entry of both.
  const Assertion* residual = inFileAt(r, "clients/testing_axpy.h", 5);
  ASSERT_NE(residual, nullptr);
  EXPECT_TRUE(residual->isOa);
  EXPECT_EQ(residual->category, Category::ErrorBound);
  // `R`, an index type by its name, is not read as a floating instantiation.
  const Assertion* argmax = inFileAt(r, "clients/testing_axpy.h", 8);
  EXPECT_TRUE(argmax == nullptr || !argmax->isOa);
}

TEST(CppClientChecks, AFixtureReachesOnlyTheMethodsOfItsOwnHierarchy) {
  auto r = scanPython({{"tests/fixtures.h",
                        "struct CheckBase { void RunImpl(float g, float w) { EXPECT_NEAR(g, w, 1e-4f); } };\n"
                        "struct SolverTest : CheckBase, ::testing::Test { void Run(float g, float w) { this->RunImpl(g, w); } };\n"
                        "struct FlagBase { void RunImpl(bool ok) { EXPECT_TRUE(ok); } };\n"
                        "struct FlagTest : FlagBase, ::testing::Test { void Probe(bool ok) { this->RunImpl(ok); } };\n"
                        "using AliasedSolverTest = SolverTest;\n"},
                       {"tests/solver_test.cc",
                        "#include \"tests/fixtures.h\"\n"
                        "TEST_F(AliasedSolverTest, Converges) { Run(solve(4.0f), 2.0f); }\n"  // 2
                        "TEST_F(FlagTest, Supported) { Probe(supported()); }\n"               // 3
                        "struct TimingTest : ::testing::Test { void Run() { solve(1.0f); } };\n"
                        "TEST_F(TimingTest, Runs) { Run(); }\n"}});  // 5
  const Assertion* converges = inFileAt(r, "tests/solver_test.cc", 2);
  ASSERT_NE(converges, nullptr);
  EXPECT_TRUE(converges->isOa);
  EXPECT_EQ(converges->api, "SolverTest::Run");
  const Assertion* probe = inFileAt(r, "tests/fixtures.h", 4);
  EXPECT_TRUE(probe == nullptr || !probe->isOa);
  const Assertion* supported = inFileAt(r, "tests/solver_test.cc", 3);
  EXPECT_TRUE(supported == nullptr || !supported->isOa);
  const Assertion* runs = inFileAt(r, "tests/solver_test.cc", 5);
  EXPECT_TRUE(runs == nullptr || !runs->isOa);
}
