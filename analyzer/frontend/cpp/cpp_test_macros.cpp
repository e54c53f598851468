#include "analyzer/frontend/cpp/cpp_test_macros.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstring>
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

// From the quote at `open` of a string or character literal: the offset of its closing quote,
// or of the line's end or `to` when it is not closed there (escapes skipped).
size_t closingQuote(std::string_view s, size_t open, size_t to) {
  size_t i = open + 1;
  for (; i < to && s[i] != s[open] && s[i] != '\n'; ++i)
    if (s[i] == '\\') ++i;
  return i;
}

// From the `(` at `open`: the offsets of its top-level commas and of the matching `)`, skipping
// string and character literals; nullopt when the call is not closed.
struct ArgumentCommas {
  std::vector<size_t> commas;
  size_t close = std::string_view::npos;
};
std::optional<ArgumentCommas> argumentCommas(std::string_view s, size_t open) {
  int depth = 0;
  ArgumentCommas out;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == '>' || c == ']' || c == '}') {
      if (--depth == 0) {
        out.close = i;
        return out;
      }
    } else if (c == ',' && depth == 1) {
      out.commas.push_back(i);
    }
  }
  return std::nullopt;
}

// The first top-level comma (npos when none) and the matching `)` of the call at `open`.
std::optional<std::pair<size_t, size_t>> commaAndClose(std::string_view s, size_t open) {
  const std::optional<ArgumentCommas> args = argumentCommas(s, open);
  if (!args) return std::nullopt;
  return std::pair{args->commas.empty() ? std::string_view::npos : args->commas.front(), args->close};
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

// Whether a macro's argument list holds a built-in type as one of its arguments (`float`,
// `const double`, `unsigned int`): no call of a function parses so.
static bool takesTypes(std::string_view arguments) {
  static const RE2 re(
      R"((^|,)\s*(const\s+)?((unsigned|signed|long|short)\s+)*(float|double|int|char|bool|long|short|void)\s*[*&]?\s*(,|$))");
  return RE2::PartialMatch(re2::StringPiece(arguments.data(), arguments.size()), re);
}

// The offset of the first byte at or after `from` that is no space, tab or line end.
static size_t skipWhitespace(std::string_view text, size_t from) {
  while (from < text.size() && (text[from] == ' ' || text[from] == '\t' || text[from] == '\r' || text[from] == '\n')) ++from;
  return from;
}

// Whether the name ending at `end` is all its line holds (but a comment), and the next line does
// not go on with it (an operator, an argument list, a `;`).
static bool standsAlone(std::string_view text, size_t end, size_t lineEnd) {
  size_t k = end;
  while (k < lineEnd && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r')) ++k;
  if (k != lineEnd && text.compare(k, 2, "//") != 0) return false;
  const size_t n = skipWhitespace(text, lineEnd);
  return n >= text.size() || std::strchr("(;=,:{.<[&|+-*/?", text[n]) == nullptr;
}

bool blankFileLevelMacroCalls(std::string& text, std::vector<SourceSpan>* blankedCalls) {
  bool changed = false;
  for (size_t lineStart = 0; lineStart < text.size();) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string::npos) lineEnd = text.size();
    // A line that goes on a #define (the previous one ends in a backslash) is the macro's body.
    size_t before = lineStart;
    while (before > 0 && (text[before - 1] == '\n' || text[before - 1] == '\r')) --before;
    const bool continuesDefine = lineStart > 0 && before > 0 && text[before - 1] == '\\';
    size_t i = lineStart;
    while (i < lineEnd && isIdentifierByte(text[i])) ++i;
    const std::string_view name(text.data() + lineStart, i - lineStart);
    size_t next = lineEnd + 1;
    if (!continuesDefine && looksLikeMacroName(name) && !testCaseMacro(name) && !isSectionMacro(name)) {
      const size_t open = skipBlanks(text, i);
      if (open < text.size() && text[open] == '(') {
        if (auto span = commaAndClose(text, open)) {
          const size_t k = skipWhitespace(text, span->second + 1);
          // `TEST_P(A, B) {` defines, `FOO(x);` and `BAR(x) = ...` parse: only a bare call goes,
          // and a statement whose arguments are types (`INSTANTIATE_TEST(fft, R2C, float, cfloat);`).
          const bool bare = k >= text.size() || (text[k] != '{' && text[k] != ';' && text[k] != '=' && text[k] != ',' && text[k] != ':');
          const bool typeArguments =
              k < text.size() && text[k] == ';' && takesTypes(std::string_view(text).substr(open + 1, span->second - open - 1));
          if (bare || typeArguments) {
            blank(text, lineStart, span->second + 1);
            if (blankedCalls) blankedCalls->push_back({static_cast<uint32_t>(lineStart), static_cast<uint32_t>(span->second + 1)});
            changed = true;
            const size_t after = text.find('\n', span->second);
            next = after == std::string::npos ? text.size() : after + 1;
          }
        }
      } else if (name.size() > 3 && standsAlone(text, i, lineEnd)) {
        // `GKO_END_DISABLE_DEPRECATION_WARNINGS` alone on its line, no parentheses and no `;`: a
        // macro that expands to pragmas. Left in, tree-sitter reads the namespace before it as
        // damaged, and with it every test inside (Ginkgo's reorder tests: none of their checks found).
        blank(text, lineStart, i);
        if (blankedCalls) blankedCalls->push_back({static_cast<uint32_t>(lineStart), static_cast<uint32_t>(i)});
        changed = true;
      }
    }
    lineStart = next;
  }
  return changed;
}

// Whether byte `at` lies inside a string or character literal opened earlier on its line.
static bool insideStringLiteral(const std::string& text, size_t at) {
  size_t lineStart = text.rfind('\n', at == 0 ? 0 : at - 1);
  lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
  char open = 0;
  for (size_t k = lineStart; k < at; ++k) {
    const char c = text[k];
    if (open) {
      if (c == '\\') ++k;
      else if (c == open) open = 0;
    } else if (c == '"' || c == '\'') {
      open = c;
    }
  }
  return open != 0;
}

bool blankTokenPasting(std::string& text, size_t from, size_t to) {
  bool changed = false;
  to = std::min(to, text.size());
  for (size_t i = text.find('#', from); i != std::string::npos && i < to; i = text.find('#', i + 1)) {
    size_t end = i + 1;
    if (end < text.size() && text[end] == '#') {
      ++end;  // a##b: `##` and the name pasted on
    } else {
      // #x: stringizing, unless the `#` opens a directive (only blanks before it on its line). It
      // becomes a string literal of the same length, `#x_exp` -> `"x_ex"`, so that the strings it is
      // joined with parse (`#fn "(" #x_exp ")\n"`, OpenSpiel's SPIEL_CHECK_FN3); a `#` inside a
      // string literal is left alone.
      size_t b = i;
      while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t')) --b;
      if (b == 0 || text[b - 1] == '\n') continue;
      if (end >= text.size() || !(isIdentifierByte(text[end]) && !std::isdigit(static_cast<unsigned char>(text[end])))) continue;
      if (insideStringLiteral(text, i)) continue;
      size_t nameEnd = end;
      while (nameEnd < to && isIdentifierByte(text[nameEnd])) ++nameEnd;
      text[i] = '"';
      text[nameEnd - 1] = '"';
      changed = true;
      i = nameEnd - 1;
      continue;
    }
    while (end < to && (text[end] == ' ' || text[end] == '\t')) ++end;
    while (end < to && isIdentifierByte(text[end])) ++end;
    blank(text, i, end);
    changed = true;
    i = end - 1;
  }
  return changed;
}

namespace {

bool isTypeKeyword(std::string_view word) {
  static constexpr std::string_view kKeywords[] = {"float", "double", "int",   "unsigned", "signed", "char",
                                                   "bool",  "long",   "short", "void",     "auto",   "const"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

// Renames the type keywords of text[from, to) when they are all it holds (blanks aside).
bool nameTypeArgument(std::string& text, size_t from, size_t to) {
  bool keywords = false;
  for (size_t i = from; i < to;) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' || text[i] == '\\') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < to && isIdentifierByte(text[j])) ++j;
    if (j == i || !isTypeKeyword(std::string_view(text).substr(i, j - i))) return false;
    keywords = true;
    i = j;
  }
  if (!keywords) return false;
  for (size_t i = from; i < to; ++i)
    if (isIdentifierByte(text[i])) text[i] = '_';
  return true;
}

}  // namespace

// One pass with a stack of the open brackets, so that nested and unclosed calls cost no rereading.
bool nameTypeArguments(std::string& text, size_t from, size_t to) {
  struct Open {
    bool macroCall;   // `(` after an ALL_CAPS name
    size_t argStart;  // where its current argument starts
  };
  std::vector<Open> open;
  bool changed = false;
  to = std::min(to, text.size());
  size_t nameStart = std::string::npos, nameEnd = std::string::npos;  // the last name read
  for (size_t k = from; k < to; ++k) {
    const char c = text[k];
    if (isIdentifierByte(c)) {
      if (k == from || !isIdentifierByte(text[k - 1])) nameStart = k;
      nameEnd = k + 1;
      continue;
    }
    if (c == '"' || c == '\'') {
      k = closingQuote(text, k, to);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      const bool afterName = c == '(' && nameEnd != std::string::npos;
      const std::string_view name = afterName ? std::string_view(text).substr(nameStart, nameEnd - nameStart) : std::string_view{};
      open.push_back({afterName && looksLikeMacroName(name) && !testCaseMacro(name), k + 1});
    } else if (c == ',' || c == ')' || c == ']' || c == '}') {
      if (open.empty()) continue;
      if (open.back().macroCall && (c == ',' || c == ')')) changed |= nameTypeArgument(text, open.back().argStart, k);
      if (c == ',') open.back().argStart = k + 1;
      else open.pop_back();
    } else if (c == ';') {
      open.clear();  // a statement ends: whatever is open was no call
    }
    if (c != ' ' && c != '\t') nameEnd = std::string::npos;
  }
  return changed;
}

bool blankNestedDefines(std::string& text, std::vector<SourceSpan>* blankedDefines) {
  bool changed = false;
  int depth = 0;
  bool lineStart = true;  // only blanks since the last newline
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      lineStart = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c == '#' && lineStart) {
      // A directive runs to the first newline no backslash continues.
      size_t end = i;
      while (end < text.size() && !(text[end] == '\n' && (end == 0 || text[end - 1] != '\\'))) ++end;
      const size_t word = skipBlanks(text, i + 1);
      const bool define = std::string_view(text).substr(word, 6) == "define";
      const bool multiLine = std::string_view(text).substr(i, end - i).find('\n') != std::string_view::npos;
      if (define && multiLine && depth > 0) {
        if (blankedDefines) blankedDefines->push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(end)});
        blank(text, i, end);
        changed = true;
      }
      i = end - 1;
      continue;
    }
    lineStart = false;
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const size_t close = text.find("*/", i + 2);
      i = close == std::string::npos ? text.size() - 1 : close + 1;
    } else if (c == '"' || c == '\'') {
      i = closingQuote(text, i, text.size());
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      depth = std::max(0, depth - 1);
    }
  }
  return changed;
}

bool isMatcherDefinition(std::string_view macro) {
  static const RE2 re(R"(MATCHER(_P\d*)?)");
  return RE2::FullMatch(re2::StringPiece(macro.data(), macro.size()), re);
}

bool rewriteMatcherDefinitions(std::string& text) {
  static const RE2 header(R"((?m)^[ \t]*MATCHER(_P(\d*))?[ \t]*\()");
  bool changed = false;
  re2::StringPiece rest(text);
  std::string withParams, digits;
  while (RE2::FindAndConsume(&rest, header, &withParams, &digits)) {
    const size_t open = static_cast<size_t>(rest.data() - text.data()) - 1;
    // MATCHER(name, description), MATCHER_P(name, p, description), MATCHER_Pn: n parameters.
    const size_t params = withParams.empty() ? 0 : digits.empty() ? 1 : std::stoul(digits);
    // The description is the last argument, built over lines from several strings and calls in
    // Ceres's matchers.
    const std::optional<ArgumentCommas> args = argumentCommas(text, open);
    if (!args || args->commas.size() != params + 1) continue;
    blank(text, args->commas.back(), args->close);
    changed = true;
  }
  return changed;
}

bool blankClassAttributeMacros(std::string& text) {
  if (text.find("class ") == std::string::npos && text.find("struct ") == std::string::npos) return false;
  static const RE2 attributed(R"(\b(?:class|struct)\s+([A-Z][A-Z0-9_]*[A-Z0-9])\s+[A-Za-z_]\w*\s*(?:final\b\s*)?[:{])");
  bool changed = false;
  re2::StringPiece rest(text);
  re2::StringPiece macro;
  while (RE2::FindAndConsume(&rest, attributed, &macro)) {
    if (!looksLikeMacroName(std::string_view(macro.data(), macro.size()))) continue;
    const size_t at = static_cast<size_t>(macro.data() - text.data());
    blank(text, at, at + macro.size());
    changed = true;
  }
  return changed;
}

// An object-like macro whose text is a loop or branch header (Kokkos Kernels' `#define TEST_LOOP
// for (...) for (...)`), written before a statement (`TEST_LOOP EXPECT_NEAR_KK(a(i), b(i), eps);`):
// without a preprocessor the statement would be lost in a declaration; blanked where it is used,
// the statement it governs parses (its loops are not modelled).
bool blankLoopHeaderMacros(std::string& text) {
  static const RE2 header(R"((?m)^[ \t]*#[ \t]*define[ \t]+([A-Z][A-Z0-9_]*)[ \t]*(?:\\\n[ \t]*)?(?:for|while|if)[ \t]*\()");
  std::vector<std::string> names;
  re2::StringPiece rest(text);
  std::string name;
  while (RE2::FindAndConsume(&rest, header, &name)) names.push_back(name);
  bool changed = false;
  for (const std::string& n : names) {
    const RE2 use("(?m)^([ \\t]*)" + RE2::QuoteMeta(n) + "[ \\t]*$");
    re2::StringPiece uses(text);
    std::string indent;
    while (RE2::FindAndConsume(&uses, use, &indent)) {
      const size_t end = static_cast<size_t>(uses.data() - text.data());
      blank(text, end - n.size(), end);
      changed = true;
    }
  }
  return changed;
}

bool blankCommentsInDefines(std::string& text, size_t from, size_t to) {
  bool changed = false;
  static const RE2 define(R"(^[ \t]*#[ \t]*define\b)");
  to = std::min(to, text.size());
  for (size_t lineStart = from; lineStart < to;) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string::npos) lineEnd = text.size();
    if (!RE2::PartialMatch(re2::StringPiece(text.data() + lineStart, lineEnd - lineStart), define)) {
      lineStart = lineEnd + 1;
      continue;
    }
    // The define's lines: this one and those its trailing backslashes continue it onto.
    size_t end = lineEnd;
    while (end < text.size()) {
      size_t last = end;
      while (last > lineStart && (text[last - 1] == ' ' || text[last - 1] == '\t' || text[last - 1] == '\r')) --last;
      if (last == lineStart || text[last - 1] != '\\' || end == text.size()) break;
      const size_t next = text.find('\n', end + 1);
      end = next == std::string::npos ? text.size() : next;
    }
    for (size_t open = text.find("/*", lineStart); open != std::string::npos && open < end; open = text.find("/*", open + 2)) {
      const size_t close = text.find("*/", open + 2);
      if (close == std::string::npos || close + 2 > end) break;
      // Not a comment's opener inside a string literal (`"/*"`): an odd count of quotes before it.
      if (std::count(text.begin() + static_cast<long>(lineStart), text.begin() + static_cast<long>(open), '"') % 2 == 1) continue;
      blank(text, open, close + 2);
      changed = true;
      open = close;
    }
    // A line comment after the replacement (`#define CLOSE(a, b) EXPECT_NEAR(a, b, 1e-5)  // float`)
    // runs to the define's end: the lines it splices on are comment too.
    for (size_t slash = text.find("//", lineStart); slash != std::string::npos && slash < end; slash = text.find("//", slash + 2)) {
      if (std::count(text.begin() + static_cast<long>(lineStart), text.begin() + static_cast<long>(slash), '"') % 2 == 1) continue;
      if (slash > 0 && text[slash - 1] == '*') continue;  // the end of a block comment, blanked above
      for (size_t i = slash; i < end; ++i)
        if (text[i] != '\n') text[i] = ' ';
      changed = true;
      break;
    }
    lineStart = end + 1;
  }
  return changed;
}

ParseableText parseableText(std::string_view source) {
  ParseableText out;
  out.text = blankTypeArguments(source);
  std::string text = out.text ? *out.text : std::string(source);
  // Before the defines nested in a namespace or function are blanked: the loop header is read there.
  const bool comments = blankCommentsInDefines(text);
  const bool loops = blankLoopHeaderMacros(text);
  const bool blocks = blankBlockMacros(text);
  const bool calls = blankFileLevelMacroCalls(text, &out.fileLevelCalls);
  const bool defines = blankNestedDefines(text, &out.fileLevelCalls);
  std::sort(out.fileLevelCalls.begin(), out.fileLevelCalls.end(), [](SourceSpan a, SourceSpan b) { return a.begin < b.begin; });
  const bool pasting = blankTokenPasting(text);
  const bool types = nameTypeArguments(text);
  const bool matchers = rewriteMatcherDefinitions(text);
  const bool attributes = blankClassAttributeMacros(text);
  if (blocks || calls || defines || pasting || types || matchers || attributes || loops || comments) out.text = std::move(text);
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
