// Test helper: fill a PieceModels cache the way `mine` does for a version scanned whole (every
// test and helper kept), so that a test can then measure what the next version parses again.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "miners/gate/diff_scope.h"
#include "miners/walk/piece_models.h"

namespace oalens::testing {

inline void assembleWhole(miners::PieceModels& pieces, const std::string& path, const std::string& text) {
  miners::ScopedPair whole = miners::unscopedUnits(text);
  ASSERT_TRUE(whole.scoped) << "the lexical split was unsure";
  std::string whyNot;
  ASSERT_TRUE(pieces.assemble(path, whole, whyNot)) << whyNot;
}

}  // namespace oalens::testing
