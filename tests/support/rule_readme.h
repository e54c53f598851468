// What lint rule and gate rule folders share in the tests: the folders of a rules directory
// (`<ID>_<name>`), and the checks every folder's README passes: the title names the rule, the
// five sections are there, and every line of its examples stands in one of the rule's fixtures
// (so an example cannot drift from what the tests run).
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace oalens::testing {

// The rule folders directly in `dir`, sorted.
inline std::vector<std::string> ruleFolders(const std::filesystem::path& dir) {
  static const std::regex folderName("[A-Z]{2}[0-9]{3}_[a-z0-9_]+");
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_directory() && std::regex_match(e.path().filename().string(), folderName)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

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
