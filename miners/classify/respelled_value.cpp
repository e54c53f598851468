#include "miners/classify/respelled_value.h"

#include <re2/re2.h>

#include <cctype>
#include <optional>
#include <vector>

#include "miners/gate/python_lines.h"

namespace oalens::miners {

namespace {

std::string withoutSpace(std::string_view text) {
  std::string out;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

bool isIdentifier(std::string_view s) { return !s.empty() && isIdentifierStart(s[0]) && identifierEnd(s, 0) == s.size(); }

// The index of the bracket closing the one opened at `open`, or npos; `comma` gets the first
// comma at the bracket's own depth (npos when none).
size_t closingBracket(const std::string& s, size_t open, size_t& comma) {
  comma = std::string::npos;
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return i;
    } else if (c == ',' && depth == 1 && comma == std::string::npos) comma = i;
  }
  return std::string::npos;
}

// The lines of `text` from the `def` enclosing its 1-based line `line` up to that line: the
// check's own function as far as it runs before the check.
std::string_view enclosingFunction(std::string_view text, int line) {
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  if (line < 1 || size_t(line) > starts.size()) return {};
  const size_t end = size_t(line) < starts.size() ? starts[size_t(line)] : text.size();
  const auto indentOf = [&](size_t at) {
    size_t n = 0;
    while (at + n < text.size() && (text[at + n] == ' ' || text[at + n] == '\t')) ++n;
    return n;
  };
  const size_t checkIndent = indentOf(starts[size_t(line) - 1]);
  static const RE2 def(R"(^[ \t]*(?:async[ \t]+)?def[ \t])");
  for (size_t l = size_t(line) - 1; l-- > 0;) {
    const size_t at = starts[l];
    const std::string_view row = text.substr(at, (l + 1 < starts.size() ? starts[l + 1] : text.size()) - at);
    if (indentOf(at) < checkIndent && RE2::PartialMatch(re2::StringPiece(row.data(), row.size()), def)) return text.substr(at, end - at);
  }
  return {};
}

// Whether `code` binds `name` to `expression` on one line (`stats = cavs[k].stats`, `x: T = e`,
// a comment after it), white space aside. An expression reading the name itself (`t = t.cpu()`)
// changes its value: no naming of it.
bool bindsTo(std::string_view code, const std::string& name, const std::string& expression) {
  // Names outside the strings: a literal named (`layer = "conv2"`) has none.
  static const RE2 strings(R"('[^']*'|"[^"]*")"), anyName(R"([A-Za-z_])");
  std::string unquoted = expression;
  RE2::GlobalReplace(&unquoted, strings, "''");
  const RE2 ownName("(^|[^\\w.])" + RE2::QuoteMeta(name) + "($|\\W)");
  if (!RE2::PartialMatch(unquoted, anyName) || RE2::PartialMatch(unquoted, ownName)) return false;
  const RE2 binding("(?m)^[ \\t]*" + RE2::QuoteMeta(name) + "[ \\t]*(?::[^=\\n]*)?=([^=\\n][^\\n]*)$");
  re2::StringPiece rest(code.data(), code.size());
  std::string value;
  while (RE2::FindAndConsume(&rest, binding, &value)) {
    if (const size_t hash = value.find('#'); hash != std::string::npos) value.resize(hash);
    if (withoutSpace(value) == expression) return true;
  }
  return false;
}

}  // namespace

std::string withoutTypeCasts(std::string_view statement) {
  std::string s = withoutSpace(statement);
  static const RE2 cast(R"((?:^|[^\w.])((?:typing\.)?cast)\()");
  for (int guard = 0; guard < 16; ++guard) {
    re2::StringPiece input(s), found;
    if (!RE2::PartialMatch(input, cast, &found)) break;
    const size_t start = size_t(found.data() - s.data()), open = start + found.size();
    size_t comma = 0;
    const size_t close = closingBracket(s, open, comma);
    if (close == std::string::npos || comma == std::string::npos) break;
    s = s.substr(0, start) + s.substr(comma + 1, close - comma - 1) + s.substr(close + 1);
  }
  return s;
}

bool onlyAddsTypeCasts(std::string_view oldStatement, std::string_view newStatement) {
  const std::string after = withoutTypeCasts(newStatement), written = withoutSpace(newStatement);
  return after != written && written != withoutSpace(oldStatement) && after == withoutTypeCasts(oldStatement);
}

bool namesAnExpression(std::string_view oldStatement, std::string_view newStatement, std::string_view oldText, std::string_view newText,
                       int oldLine, int newLine) {
  const std::string a = withoutSpace(oldStatement), b = withoutSpace(newStatement);
  if (a == b) return false;
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) ++suffix;
  // The differing middles, also with a name the two share at either edge taken in (`x.stats` ->
  // `stats`: the common tail `stats...` holds the local's own name).
  const auto middles = [&](size_t p, size_t s) { return std::pair{a.substr(p, a.size() - p - s), b.substr(p, b.size() - p - s)}; };
  std::vector<std::pair<size_t, size_t>> cuts{{prefix, suffix}};
  size_t lead = 0;
  while (lead < suffix && isIdentifierChar(a[a.size() - suffix + lead])) ++lead;
  if (lead > 0) cuts.push_back({prefix, suffix - lead});
  size_t tail = 0;
  while (tail < prefix && isIdentifierChar(a[prefix - 1 - tail])) ++tail;
  if (tail > 0) cuts.push_back({prefix - tail, suffix});
  for (const auto& [p, s] : cuts) {
    const auto [before, after] = middles(p, s);
    // A cut inside a name (`xs` -> `x` + `s`) is none.
    const auto startsName = [](const std::string& m) { return !m.empty() && isIdentifierChar(m.front()); };
    const auto endsName = [](const std::string& m) { return !m.empty() && isIdentifierChar(m.back()); };
    if (p > 0 && isIdentifierChar(a[p - 1]) && (startsName(before) || startsName(after))) continue;
    if (s > 0 && isIdentifierChar(a[a.size() - s]) && (endsName(before) || endsName(after))) continue;
    if (isIdentifier(after) && !before.empty() && !isIdentifier(before) && bindsTo(enclosingFunction(newText, newLine), after, before))
      return true;
    if (isIdentifier(before) && !after.empty() && !isIdentifier(after) && bindsTo(enclosingFunction(oldText, oldLine), before, after))
      return true;
  }
  return false;
}

}  // namespace oalens::miners
