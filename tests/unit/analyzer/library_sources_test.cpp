// The library files a C++ scan reads for the definitions its tests check with: which texts
// define a name (and which only use it), which folders are vendored, and how a call picks among
// overloads of a discovered helper.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "analyzer/scan/library_sources.h"
#include "analyzer/scan/test_files.h"
#include "tests/support/process.h"
#include "tests/support/scan_helpers.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;

TEST(LibrarySources, DefinitionsAreToldFromUses) {
  const fs::path dir = oalens::testing::scratchDirectory("oalens_library");
  const std::vector<std::pair<std::string, std::string>> texts = {
      {"defines.h", "namespace lib {\ninline bool allClose(const T& a, const T& b, float tol) {\n  return true;\n}\n}\n"},
      {"uses.h", "bool f() {\n  return allClose(x, y, 1e-3f);\n}\nvoid g() {\n  h();\n  allClose(x, y, 1e-3f);\n}\n"},
      {"template.h", "template <class E>\ntypename enable_if<is_complex<E>, bool>::type allClose (\n  const E& a, const E& b);\n"},
      {"macro.h", "#define allClose(a, b) (std::abs((a) - (b)) < 1e-5)\n"},
      {"next_line.h", "template <class T>\ninline bool\nallClose(const T& a, const T& b) { return a == b; }\n"},
      {"member.cc", "bool Tensor::allClose(const Tensor& other, float tol) const { return true; }\n"},
      {"other.h", "inline bool notTheName(int a, int b) { return a < b; }\n"},
  };
  std::vector<SourcePath> candidates;
  for (const auto& [name, text] : texts) {
    std::ofstream(dir / name) << text;
    candidates.push_back({dir / name, name});
  }
  std::vector<std::string> chosen;
  for (size_t i : filesDefining(candidates, {"allClose"}, InputLimits{}, 2)) chosen.push_back(candidates[i].relative);
  EXPECT_EQ(chosen, (std::vector<std::string>{"defines.h", "template.h", "macro.h", "next_line.h", "member.cc"}));
  EXPECT_TRUE(filesDefining(candidates, {}, InputLimits{}, 1).empty());
  fs::remove_all(dir);
}

TEST(LibrarySources, ConstantDefinitionsAreToldFromUses) {
  const fs::path dir = oalens::testing::scratchDirectory("oalens_library_constants");
  const std::vector<std::pair<std::string, std::string>> texts = {
      {"pch.h", "using type = float;\nconstexpr type EPSILON = numeric_limits<type>::epsilon();\n"},
      {"braced.h", "namespace lib {\nstatic const double EPSILON{1e-6};\n}\n"},
      {"define.h", "#define EPSILON 1e-7f\n"},
      {"uses.h", "inline bool small(float x) { return x < EPSILON; }\nconst float y = EPSILON * 2;\n"},
      {"longer.h", "constexpr float EPSILON_SQUARED = 1e-12f;\n"},
  };
  std::vector<SourcePath> candidates;
  for (const auto& [name, text] : texts) {
    std::ofstream(dir / name) << text;
    candidates.push_back({dir / name, name});
  }
  std::vector<std::string> chosen;
  for (size_t i : filesDefining(candidates, {}, InputLimits{}, 2, {"EPSILON"})) chosen.push_back(candidates[i].relative);
  EXPECT_EQ(chosen, (std::vector<std::string>{"pch.h", "braced.h", "define.h"}));
  fs::remove_all(dir);
}

TEST(LibrarySources, VendoredFoldersAreNotTheLibrary) {
  EXPECT_TRUE(isVendoredPath("third_party/eigen/Core.h"));
  EXPECT_TRUE(isVendoredPath("src/3rdparty/x.h"));
  EXPECT_TRUE(isVendoredPath("lib/external/pybind11/pytypes.h"));
  EXPECT_FALSE(isVendoredPath("dlib/matrix/matrix_utilities.h"));
  EXPECT_FALSE(isVendoredPath("src/externals.h"));
}

// A vendored copy of a framework's own tests is not the suite's: left out of a scan, of mine
// and of the gate, unless asked for; a project folder that only shares a weak name (MediaPipe's
// framework/deps/) stays in.
TEST(LibrarySources, VendoredTestsAreNotTheSuites) {
  EXPECT_EQ(vendoredTestFolder("third_party/gflags/test/flags_test.cc"), "third_party/");
  EXPECT_EQ(vendoredTestFolder("gtsam/3rdparty/Eigen/test/adjoint.cpp"), "gtsam/3rdparty/");
  EXPECT_EQ(vendoredTestFolder("deps/googletest/test/gtest_unittest.cc"), "deps/");
  EXPECT_EQ(vendoredTestFolder("mediapipe/framework/deps/clock_test.cc"), "");
  EXPECT_EQ(vendoredTestFolder("tests/ops_test.cc"), "");
  EXPECT_FALSE(TestFileFilter(".*", ".*").isTest("third_party/gflags/test/flags_test.cc"));
  EXPECT_TRUE(TestFileFilter(".*", ".*", true).isTest("third_party/gflags/test/flags_test.cc"));
  EXPECT_TRUE(TestFileFilter(".*", ".*").isTest("test/external/model_test.py"));  // tinygrad's own

  const fs::path dir = oalens::testing::scratchDirectory("oalens_vendored_tests");
  fs::create_directories(dir / "tests");
  fs::create_directories(dir / "third_party/gtest/test");
  std::ofstream(dir / "tests/ops_test.cc") << "TEST(Ops, Near) { EXPECT_NEAR(f(1.0), 2.0, 1e-6); }\n";
  std::ofstream(dir / "third_party/gtest/test/near_test.cc") << "TEST(Self, Near) { EXPECT_NEAR(1.0, 1.0, 1e-9); }\n";
  ScanOptions opt;
  ScanResult r = scanPath(dir, Catalogue::builtin(), opt);
  ASSERT_EQ(r.assertions.size(), 1u);
  EXPECT_EQ(r.assertions[0].file, "tests/ops_test.cc");
  const auto note = std::ranges::find_if(r.diagnostics, [](const Diagnostic& d) { return d.code == "vendored"; });
  ASSERT_NE(note, r.diagnostics.end());
  EXPECT_EQ(note->path, "third_party/");
  opt.includeVendored = true;
  r = scanPath(dir, Catalogue::builtin(), opt);
  EXPECT_EQ(r.assertions.size(), 2u);
  fs::remove_all(dir);
}

// Overloads of one discovered helper: the call's argument count, then its arguments' fit to
// the declared types, chooses; a call that fits an OA overload and an exact one alike is none.
TEST(LibrarySources, OverloadsAreChosenByTheArguments) {
  const auto r = oalens::testing::scanPython({{"tests/t_test.cc",
                                               "bool near(float a, float b) { return std::abs(a - b) < 1e-6f; }\n"
                                               "bool near(float a, float b, float eps) { return std::abs(a - b) < eps; }\n"
                                               "struct T {\n"
                                               "  void Run(f32_kernel_fn k) { EXPECT_NEAR(k(1), ref(1), 1e-5); }\n"
                                               "  void Run(u8_kernel_fn k) { EXPECT_EQ(k(1), ref(1)); }\n"
                                               "};\n"
                                               "TEST(A, B) {\n"
                                               "  EXPECT_TRUE(near(x, 0.5f));\n"         // 8
                                               "  EXPECT_TRUE(near(x, 0.5f, 1e-3f));\n"  // 9
                                               "  T().Run(f32_kernel_scalar);\n"         // 10
                                               "  T().Run(u8_kernel_scalar);\n"          // 11
                                               "  T().Run(some_other_kernel);\n"         // 12
                                               "}\n"}});
  const auto at = oalens::testing::byLine(r, "tests/t_test.cc");
  ASSERT_TRUE(at.count(8) && at.count(9) && at.count(10));
  EXPECT_EQ(at.at(8)->api, "near(float,float)");
  EXPECT_DOUBLE_EQ(*oalens::testing::tolerance(*at.at(8), "atol")->value, 1e-6);
  EXPECT_EQ(at.at(9)->api, "near(float,float,float)");
  EXPECT_EQ(at.at(10)->api, "T::Run(f32_kernel_fn)");
  EXPECT_TRUE(at.at(10)->isOa);
  EXPECT_FALSE(at.count(11)) << "the exact overload's call is no OA check";
  EXPECT_FALSE(at.count(12)) << "an argument that fits both overloads alike decides nothing: " << (at.count(12) ? at.at(12)->api : "");
}

// The types the test declares its arguments with choose too: a name of a declaration's later
// declarator (`Point p(1, 2), q(3, 4);`) or of the file's top level, a class whose base the
// overload takes (`Mat` for `MatBase`, as Kaldi's CuMatrix and CuMatrixBase), and the test's own
// template parameter (Kaldi's `Real`), which fits an arithmetic parameter and no class.
TEST(LibrarySources, OverloadsAreChosenByTheTypesTheTestDeclares) {
  const auto r =
      oalens::testing::scanPython({{"tests/t_test.cc",
                                    "bool same(const Key& a, const Key& b, double unused = 0) { return a == b; }\n"
                                    "bool same(const Point& a, const Point& b, double tol = 1e-9) { return std::abs(a - b) < tol; }\n"
                                    "bool same(const MatBase& a, const MatBase& b, float tol = 1e-3) { return std::abs(a - b) < tol; }\n"
                                    "bool same(float a, float b, float tol = 1e-4) { return std::abs(a - b) < tol; }\n"
                                    "template <typename Real> void Check() {\n"
                                    "  Point p(1, 2), q(3, 4);\n"
                                    "  EXPECT_TRUE(same(q, moved(q)));\n"  // 7
                                    "  Mat m(2), n(3);\n"
                                    "  EXPECT_TRUE(same(n, doubled(n)));\n"  // 9
                                    "  Real lo = 1, hi = 2;\n"
                                    "  EXPECT_TRUE(same(hi, largest()));\n"  // 11
                                    "}\n"
                                    "static const Point kOrigin(0, 0);\n"
                                    "TEST(Points, Origin) { EXPECT_TRUE(same(kOrigin, moved(kOrigin))); }\n"}});
  const auto at = oalens::testing::byLine(r, "tests/t_test.cc");
  ASSERT_TRUE(at.count(7)) << "a later declarator's type is its declaration's";
  EXPECT_EQ(at.at(7)->api, "same(Point,Point,double)");
  ASSERT_TRUE(at.count(9)) << "a class fits the overload taking its base";
  EXPECT_EQ(at.at(9)->api, "same(MatBase,MatBase,float)");
  ASSERT_TRUE(at.count(11)) << "the test's template parameter fits an arithmetic parameter";
  EXPECT_EQ(at.at(11)->api, "same(float,float,float)");
  ASSERT_TRUE(at.count(14)) << "a name the file declares at its top level has that type";
  EXPECT_EQ(at.at(14)->api, "same(Point,Point,double)");
}

// One test source and more library files than it: the library's files are parsed by more
// workers than the tests were (a worker once had no frontend and the scan crashed). The test's
// condition macro and the relative comparison it asserts are the library's.
TEST(LibrarySources, MoreLibraryFilesThanTestsAreReadInParallel) {
  const fs::path dir = oalens::testing::scratchDirectory("oalens_library_workers");
  fs::create_directories(dir / "src/base");
  fs::create_directories(dir / "src/math");
  std::ofstream(dir / "src/base/failure.h")
      << "#define LIB_ASSERT(cond) \\\n  do { if (cond) (void)0; else ::lib::Fail(#cond); } while (0)\n";
  std::ofstream(dir / "src/base/close.h")
      << "namespace lib {\ninline bool Close(float a, float b, float rtol = 0.001f) {\n"
         "  float diff = std::abs(a - b);\n  return diff <= rtol * (std::abs(a) + std::abs(b));\n}\n}\n";
  std::ofstream(dir / "src/math/sum-test.cc") << "#include \"base/failure.h\"\nvoid UnitTestSum() {\n  LIB_ASSERT(lib::Close(s, 2.0f));\n"
                                                 "  LIB_ASSERT(lib::Close(s, 2.0f, 0.01f));\n}\n";
  ScanOptions opt;
  opt.threads = 2;
  const ScanResult r = scanPath(dir, Catalogue::builtin(), opt);
  EXPECT_EQ(r.libraryFiles.size(), 2u);
  const auto at = oalens::testing::byLine(r, "src/math/sum-test.cc");
  ASSERT_TRUE(at.count(3) && at.count(4));
  EXPECT_TRUE(at.at(3)->isOa);
  EXPECT_DOUBLE_EQ(*oalens::testing::tolerance(*at.at(3), "rtol")->value, 0.001);
  EXPECT_DOUBLE_EQ(*oalens::testing::tolerance(*at.at(4), "rtol")->value, 0.01);
  fs::remove_all(dir);
}
