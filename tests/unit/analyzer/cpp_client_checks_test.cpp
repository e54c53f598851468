// C++ client suites as rocBLAS writes them: element checks as macros handed the gtest check they
// run, overloads per element type called for a template's type parameter, overloads told apart by
// enable_if alone; and which class's method a bare or `this->` call of a fixture reaches.
#include <gtest/gtest.h>

#include "analyzer/scan/scanner.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::inFileAt;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

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

// Two utility headers of one suite define these alike (the test below).
const char* const kAlikeCheckResult =
    "template <typename T> bool checkResult(std::string name, T* out, T* ref, size_t size, float atol, float rtol) {\n"
    "  for (size_t i = 0; i < size; ++i) if (fabs(out[i] - ref[i]) > atol + rtol * fabs(ref[i])) return false;\n"
    "  return true;\n}\n"
    "template <typename T> bool checkResult(std::string name, T* out, T* ref, size_t size, bool on_device = true, bool ref_on_device = "
    "false) {\n"
    "  float atol = sizeof(T) == 4 ? 1e-4f : 1e-3f;\n  float rtol = sizeof(T) == 4 ? 1e-2f : 1e-1f;\n"
    "  return checkResult(name, out, ref, size, atol, rtol);\n}\n";

// rocALUTION-shaped drivers written here: each solver's header keeps a `static` helper of one
// name answering whether a residual is below its own bound; each driver reaches its header's.
// A helper of one name that two headers define alike, called from files including one of them,
// runs that one's; `true` handed to a `bool` flag picks the overload taking flags.
TEST(CppClientChecks, HelpersSeveralHeadersDefineAreEachTheirIncludersOwn) {
  auto r = scanPython(
      {{"clients/include/cg.hpp",
        "static bool check_residual(float res) { return (res < 1e-3f); }\n"
        "template <typename T> bool testing_cg(T* x, T* e, int n) { T nrm = dist(x, e, n); bool ok = check_residual(nrm); return ok; }\n"},
       {"clients/include/gmres.hpp",
        "static bool check_residual(float res) { return (res < 2e-2f); }\n"
        "template <typename T> bool testing_gmres(T* x, T* e, int n) { return check_residual(dist(x, e, n)); }\n"},
       {"clients/tests/test_cg.cpp", "#include \"../include/cg.hpp\"\nTEST(Cg, F) { ASSERT_EQ(testing_cg<float>(x, e, 4), true); }\n"},
       {"clients/tests/test_gmres.cpp",
        "#include \"../include/gmres.hpp\"\nTEST(Gmres, F) { EXPECT_TRUE(testing_gmres<float>(x, e, 4)); }\n"},
       {"tests/a_utils.h", kAlikeCheckResult},
       {"tests/b_utils.h", kAlikeCheckResult},
       {"tests/test_act.cu",
        "#include \"a_utils.h\"\nTEST(Act, F) { bool passed = checkResult(\"act\", out, ref, 8, true, true); EXPECT_TRUE(passed); }\n"}});
  const Assertion* cg = inFileAt(r, "clients/tests/test_cg.cpp", 2);
  const Assertion* gmres = inFileAt(r, "clients/tests/test_gmres.cpp", 2);
  ASSERT_NE(cg, nullptr);
  ASSERT_NE(gmres, nullptr);
  EXPECT_TRUE(cg->isOa);
  EXPECT_EQ(cg->category, Category::ErrorBound);
  ASSERT_NE(tolerance(*cg, "bound"), nullptr);
  EXPECT_EQ(tolerance(*cg, "bound")->value, 1e-3);
  ASSERT_NE(tolerance(*gmres, "bound"), nullptr);
  EXPECT_EQ(tolerance(*gmres, "bound")->value, 2e-2);
  // The flags' overload, whose tolerances it picks by the element size: chosen at each call.
  const Assertion* act = inFileAt(r, "tests/test_act.cu", 2);
  ASSERT_NE(act, nullptr);
  EXPECT_TRUE(act->isOa);
  EXPECT_EQ(act->thresholdProvenance, ThresholdProvenance::Depend);
  for (const auto& t : act->tolerances) EXPECT_NE(t.text, "true") << t.name;
}
