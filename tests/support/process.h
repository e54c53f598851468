// Test helpers for tests that drive the oalens binary or git: run a shell command and capture
// its output (stdout and stderr together) and exit status; a scratch directory per test.
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

namespace oalens::testing {

struct CommandResult {
  int status = 0;
  std::string out;
};

inline CommandResult runCommand(const std::string& cmd) {
  CommandResult r;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return {127, "popen failed"};
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) r.out.append(buf, n);
  r.status = WEXITSTATUS(::pclose(p));
  return r;
}

// A fresh, empty directory named after the running test (and the process, for parallel ctest).
// A parametrized test's name holds a '/' (`Case/CH301`), which would nest the directory in one
// that removing it leaves behind.
inline std::filesystem::path scratchDirectory(const std::string& prefix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info ? info->name() : "suite";
  std::replace(name.begin(), name.end(), '/', '_');
  auto dir = std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace oalens::testing
