// The scripted history of corpora/history/build.sh, built once per build tree by the target
// oalens_history_fixture (tests/CMakeLists.txt) for the tests that only read it: build.sh takes
// seconds, and some thirty test processes each ran it. Its commits are the same on every run
// (fixed identity and dates). A test that changes the repository works on a copy.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>

namespace oalens::testing {

// The fixture's work tree; fails the calling test when the build has not made it.
inline std::filesystem::path historyFixture() {
  const std::filesystem::path repo = OALENS_HISTORY_REPO;
  EXPECT_TRUE(std::filesystem::exists(repo / ".git")) << repo << " is missing: build the target oalens_history_fixture";
  return repo;
}

}  // namespace oalens::testing
