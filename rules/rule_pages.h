// The rules' README pages, built into the binary (rules/CMakeLists.txt): SARIF's rule
// descriptors quote them, so that code scanning shows what a rule flags and why without a
// link to follow. The pages stay the one description of a rule; nothing here is a copy to edit.
#pragma once
#include <string>
#include <string_view>

namespace oalens::rules {

// The page at `docPage` ("rules/lint/OA101_loose_tolerance/README.md"); "" when none is built in.
std::string_view rulePage(std::string_view docPage);

// The body of the page's "## <title>" section, up to the next heading of that level, trimmed;
// "" when the page has none.
std::string_view pageSection(std::string_view page, std::string_view title);

// A section's prose as plain paragraphs: the lines of each paragraph joined by spaces, code
// blocks and list items left as they are.
std::string joinedParagraphs(std::string_view markdown);

}  // namespace oalens::rules
