#include "analyzer/frontend/cpp/cpp_test_macros.h"

#include <utility>

#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

struct MacroNaming {
  std::string_view macro;
  TestCaseNaming naming;
};

// From the frameworks' documentation: gtest 1.12, Boost.Test 1.81, Catch2 2/3, doctest 2.4.
constexpr MacroNaming kTestCaseMacros[] = {
    {"TEST", TestCaseNaming::SuiteAndName},
    {"TEST_F", TestCaseNaming::SuiteAndName},
    {"TEST_P", TestCaseNaming::SuiteAndName},
    {"TYPED_TEST", TestCaseNaming::SuiteAndName},
    {"TYPED_TEST_P", TestCaseNaming::SuiteAndName},
    {"GTEST_TEST", TestCaseNaming::SuiteAndName},
    {"BOOST_AUTO_TEST_CASE", TestCaseNaming::FirstIdentifier},
    {"BOOST_FIXTURE_TEST_CASE", TestCaseNaming::FirstIdentifier},
    {"BOOST_DATA_TEST_CASE", TestCaseNaming::FirstIdentifier},
    {"BOOST_AUTO_TEST_CASE_TEMPLATE", TestCaseNaming::FirstIdentifier},
    {"BOOST_FIXTURE_TEST_CASE_TEMPLATE", TestCaseNaming::FirstIdentifier},
    {"TEST_CASE", TestCaseNaming::FirstString},
    {"SCENARIO", TestCaseNaming::FirstString},
    {"TEMPLATE_TEST_CASE", TestCaseNaming::FirstString},
    {"TEMPLATE_PRODUCT_TEST_CASE", TestCaseNaming::FirstString},
    {"TEST_CASE_TEMPLATE", TestCaseNaming::FirstString},
    {"TEST_CASE_METHOD", TestCaseNaming::SecondString},
    {"TEST_CASE_FIXTURE", TestCaseNaming::SecondString},
    {"TEMPLATE_TEST_CASE_METHOD", TestCaseNaming::SecondString},
};

constexpr std::string_view kSectionMacros[] = {"SECTION", "SUBCASE",   "DYNAMIC_SECTION", "GIVEN",   "WHEN",
                                               "THEN",    "AND_GIVEN", "AND_WHEN",        "AND_THEN"};

// Test-case macros whose arguments after the name are types (Catch2, doctest, Boost.Test).
constexpr std::string_view kTypeListMacros[] = {"TEST_CASE_TEMPLATE",      "TEMPLATE_TEST_CASE",     "TEMPLATE_PRODUCT_TEST_CASE",
                                                "TEMPLATE_LIST_TEST_CASE", "TEMPLATE_TEST_CASE_SIG", "BOOST_AUTO_TEST_CASE_TEMPLATE"};

// Blanks source[from, to) but for newlines.
void blank(std::string& s, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i)
    if (s[i] != '\n') s[i] = ' ';
}

// From the `(` at `open`: the offset of the first top-level comma and of the matching `)`,
// skipping string and character literals; nullopt when the call is not closed.
std::optional<std::pair<size_t, size_t>> commaAndClose(std::string_view s, size_t open) {
  int depth = 0;
  size_t comma = std::string_view::npos;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == '>' || c == ']' || c == '}') {
      if (--depth == 0) return std::pair{comma, i};
    } else if (c == ',' && depth == 1 && comma == std::string_view::npos) {
      comma = i;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> blankTypeArguments(std::string_view source) {
  std::optional<std::string> out;
  for (std::string_view macro : kTypeListMacros) {
    for (size_t at = findWord(source, macro); at != std::string_view::npos; at = findWord(source, macro, at + macro.size())) {
      const size_t open = skipBlanks(source, at + macro.size());
      if (open >= source.size() || source[open] != '(') continue;
      auto span = commaAndClose(source, open);
      if (!span || span->first == std::string_view::npos) continue;
      if (!out) out = std::string(source);
      blank(*out, span->first, span->second);
    }
  }
  return out;
}

bool blankBlockMacros(std::string& text) {
  bool changed = false;
  for (size_t lineStart = 0; lineStart < text.size();) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string::npos) lineEnd = text.size();
    size_t i = skipBlanks(text, lineStart);  // a line's blanks end at its '\n' at the latest
    const size_t nameStart = i;
    while (i < lineEnd && isIdentifierByte(text[i])) ++i;
    const std::string_view name(text.data() + nameStart, i - nameStart);
    const bool indented = nameStart > lineStart;
    if (indented && looksLikeMacroName(name) && !testCaseMacro(name) && !isSectionMacro(name)) {
      size_t j = skipBlanks(text, i);
      size_t blankEnd = i;
      if (j < lineEnd && text[j] == '(') {
        auto span = commaAndClose(std::string_view(text).substr(0, lineEnd), j);
        j = span ? span->second + 1 : lineEnd;
        blankEnd = j;
        j = skipBlanks(text, j);
      }
      size_t k = j + 1;
      while (k < lineEnd && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r')) ++k;
      const bool opensBlock = j < lineEnd && text[j] == '{' && (k == lineEnd || text.compare(k, 2, "//") == 0);
      if (opensBlock) {
        blank(text, nameStart, blankEnd);
        changed = true;
      }
    }
    lineStart = lineEnd + 1;
  }
  return changed;
}

std::optional<std::string> parseableText(std::string_view source) {
  std::optional<std::string> out = blankTypeArguments(source);
  std::string text = out ? *out : std::string(source);
  if (blankBlockMacros(text)) return text;
  return out;
}

std::optional<TestCaseNaming> testCaseMacro(std::string_view macro) {
  for (const auto& m : kTestCaseMacros)
    if (m.macro == macro) return m.naming;
  return std::nullopt;
}

bool isSectionMacro(std::string_view macro) {
  for (auto s : kSectionMacros)
    if (s == macro) return true;
  return false;
}

bool looksLikeMacroName(std::string_view name) {
  if (name.size() < 2) return false;
  bool letter = false;
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') letter = true;
    else if (c != '_' && !(c >= '0' && c <= '9')) return false;
  }
  return letter;
}

}  // namespace oalens::analyzer
