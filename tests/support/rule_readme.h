// The checks every rule folder's README passes, lint rule or gate rule: the title names the
// rule, the five sections are there, and every line of its examples stands in one of the rule's
// fixtures (so an example cannot drift from what the tests run).
#pragma once
#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace oalens::testing {

inline void expectRuleReadme(const std::string& readme, const std::string& id, const std::string& fixtures, const std::string& folder) {
  ASSERT_FALSE(readme.empty()) << folder << "/README.md is missing";
  EXPECT_EQ(readme.rfind("# " + id + " ", 0), 0u) << "the title names the rule";
  for (const char* section : {"## What it flags", "## Why it matters", "## Example", "## Options", "## Known limits"})
    EXPECT_NE(readme.find(section), std::string::npos) << folder << "/README.md lacks " << section;
  std::istringstream lines(readme);
  std::string line;
  bool inCode = false;
  int codeLines = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("```", 0) == 0) {
      inCode = !inCode;
      continue;
    }
    const auto first = line.find_first_not_of(" \t");
    if (!inCode || first == std::string::npos) continue;
    ++codeLines;
    EXPECT_NE(fixtures.find(line.substr(first)), std::string::npos) << folder << "/README.md example line is in no fixture: " << line;
  }
  EXPECT_GT(codeLines, 0) << "the README shows an example";
}

}  // namespace oalens::testing
