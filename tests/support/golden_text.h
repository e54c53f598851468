// Golden-file helpers shared by the lint and gate rule tests: read a file whole, and show a
// mismatch with an expected.txt as `diff -u` does.
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/process.h"

namespace oalens::testing {

inline std::string readText(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline std::string unifiedDiff(const std::string& expected, const std::string& actual) {
  const std::filesystem::path dir = scratchDirectory("oalens_golden_diff");
  std::ofstream(dir / "expected.txt") << expected;
  std::ofstream(dir / "actual.txt") << actual;
  auto r = runCommand("diff -u " + (dir / "expected.txt").string() + " " + (dir / "actual.txt").string());
  std::filesystem::remove_all(dir);
  return r.out;
}

}  // namespace oalens::testing
