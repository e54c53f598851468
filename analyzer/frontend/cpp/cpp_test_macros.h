// The macros C++ test frameworks define test cases and sections with, as data the frontend
// reads: GoogleTest (`TEST(Suite, Name)`), Boost.Test (`BOOST_AUTO_TEST_CASE(name)`), Catch2
// and doctest (`TEST_CASE("name", "[tag]")`, `SECTION("...")`). tree-sitter sees the first two
// as function definitions and the last as a call followed by a block; either way the macro's
// name says what the definition is and its arguments say what the test is called.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oalens::analyzer {

enum class TestCaseNaming {
  SuiteAndName,     // TEST(Suite, Name) -> "Suite.Name", as gtest prints it
  FirstIdentifier,  // BOOST_AUTO_TEST_CASE(name) -> "name"
  FirstString,      // TEST_CASE("adds", "[math]") -> "adds"
  SecondString,     // TEST_CASE_METHOD(Fixture, "adds") -> "adds"
};

// How a test-case macro names its test; nullopt when `macro` defines no test case.
std::optional<TestCaseNaming> testCaseMacro(std::string_view macro);

// SECTION, SUBCASE, GIVEN/WHEN/THEN...: a block inside a test case, run as part of it.
bool isSectionMacro(std::string_view macro);

// Template test cases take types as macro arguments (`TEST_CASE_TEMPLATE("adam", T, float,
// double)`), which no C++ grammar parses as an argument list: tree-sitter wraps the whole test
// in an ERROR. Returns the source with those macros' arguments after the first blanked out
// (same length, newlines kept, so every offset and line stays), or nullopt when it has none.
std::optional<std::string> blankTypeArguments(std::string_view source);

// Statement macros that open a block inside a function (`ONNX_TRY {`, `ONNX_CATCH(e) {`,
// `FOR_EACH_DEVICE(d) {`) parse as a compound literal or a function definition and take the
// rest of the function with them. On an indented line, an ALL_CAPS name (not a test-case or
// section macro), its argument list and nothing but `{` after them: the name and the
// arguments are blanked (same length, newlines kept), leaving a plain block. Applied to
// `text` in place; returns whether anything changed.
bool blankBlockMacros(std::string& text);

// A byte range [begin, end) of a source.
struct SourceSpan {
  uint32_t begin = 0;
  uint32_t end = 0;
};

// Suite macros called at file level with no `;` after them (`INSTANTIATE_TEST(fft, R2C_Float,
// false, float, cfloat, ...)`, a line generating tests) parse as a damaged declaration that takes
// the definitions after it along. On a line that starts with an ALL_CAPS name (not a test-case or
// section macro, not inside a #define), a call followed by neither `{`, `;`, `=`, `,` nor `:` is
// blanked (same length, newlines kept). Applied to `text` in place; returns whether anything
// changed. Each blanked call is appended to `blankedCalls` when given: the frontend reads it on
// its own, as a file-level call of the macro, since such a line is where a suite's generated
// tests get their tolerance (`SPARSE_TESTS(float, 1e-6)`).
bool blankFileLevelMacroCalls(std::string& text, std::vector<SourceSpan>* blankedCalls = nullptr);

// A #define over several lines inside braces (a case of a switch written by a macro and used
// right after, in a function body) is a directive tree-sitter-cpp reads only between
// declarations: the class around it breaks apart. Such a directive is blanked (same length,
// newlines kept) and appended to `blankedDefines`, which the frontend reads on its own, as a
// definition at file level (macros know no scopes). Returns whether anything changed.
bool blankNestedDefines(std::string& text, std::vector<SourceSpan>* blankedDefines = nullptr);

// Token pasting and stringizing in a #define's body (`TEST(Sparse, T##_##n)`, `#x`) are not
// C++: the operator and the name it pastes or quotes are blanked (same length), so the body parses
// as the code it writes, with the generated names cut short. Returns whether anything changed.
bool blankTokenPasting(std::string& text, size_t from = 0, size_t to = std::string::npos);

// A macro's arguments may be types (`SPARSE_TESTS(float, 1e-6)`, `BINARY_TESTS(double, double,
// add)`), which no C++ grammar reads as arguments: in the call of an ALL_CAPS name, an argument of
// type keywords only is made a name of the same length (`_____`), so the call parses as one; the
// model reads the names from the source. Returns whether anything changed.
bool nameTypeArguments(std::string& text, size_t from = 0, size_t to = std::string::npos);

// gmock's matcher definitions, `MATCHER_P(IsCloseTo, other, "") { return close(arg, other); }`,
// hold a description string where a parameter stands, and parse as no definition. At the start
// of a line, the description and the comma before it are blanked (same length, newlines kept):
// the header then parses as a definition named MATCHER_P, which the frontend reads as the
// function `IsCloseTo(arg, other)` (isMatcherDefinition). Returns whether anything changed.
bool rewriteMatcherDefinitions(std::string& text);

// MATCHER, MATCHER_P, MATCHER_P2, ...: the name of a gmock matcher definition.
bool isMatcherDefinition(std::string_view macro);

// An export or visibility macro between `class`/`struct` and the name (`class
// MATX_PYBIND_VISIBILITY MatXPybind {`, `struct TORCH_API Options :`) is no C++ tree-sitter
// reads: the class is parsed as one named by the macro and its members are lost. An ALL_CAPS
// name followed by the class's own name and `{`, `:` or `final` is blanked (same length).
// Returns whether anything changed.
bool blankClassAttributeMacros(std::string& text);

// A block comment inside a #define's replacement text (`if (!(c)) for (...) /*****/ report(...)`,
// Halide's `_halide_assert_impl`) ends the text tree-sitter gives the define: what follows the
// comment is read as code outside it. Such comments are blanked (same length). Returns whether
// anything changed.
bool blankCommentsInDefines(std::string& text, size_t from = 0, size_t to = std::string::npos);

struct ParseableText {
  std::optional<std::string> text;         // the blankings above; nullopt when none applies
  std::vector<SourceSpan> fileLevelCalls;  // the file-level macro calls and nested #defines blanked from it, in order
};

// The text tree-sitter is given for `source` (every offset and line is the source's).
ParseableText parseableText(std::string_view source);

// ALL_CAPS_WITH_DIGITS: how macros are written, and so the calls the preprocessor completes
// (a missing `;` after one is not a syntax error).
bool looksLikeMacroName(std::string_view name);

}  // namespace oalens::analyzer
