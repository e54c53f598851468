// Whole words of code text, found by their bytes: an occurrence counts when no identifier byte
// (ASCII letter, digit, `_`) touches it on either side. What wrapper discovery, the keyword
// splats and the C++ test-macro pass each searched by hand before. (The miners' reach reads
// non-ASCII bytes as identifier bytes too and searches 16 bytes at a time: miners/gate.)
#pragma once
#include <string>
#include <string_view>

namespace oalens::analyzer {

inline bool isIdentifierByte(char c) { return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The offset of the first whole-word occurrence of `word` in `text` at or after `from`, or npos.
inline size_t findWord(std::string_view text, std::string_view word, size_t from = 0) {
  for (size_t at = text.find(word, from); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !isIdentifierByte(text[at - 1])) && (end == text.size() || !isIdentifierByte(text[end]))) return at;
  }
  return std::string_view::npos;
}

inline bool mentionsWord(std::string_view text, std::string_view word) { return findWord(text, word) != std::string_view::npos; }

// `text` with the words that hold the letters of `eps` without naming an epsilon (`steps`,
// `sweeps`, `reps`, `deps`, `keeps`) blanked, so that a search for a tolerance's name does not
// read rocSOLVER's iteration count `max_sweeps` or a `max_steps` as one.
inline std::string withoutEpsLookalikes(std::string_view text) {
  static constexpr std::string_view kLookalikes[] = {"steps", "sweeps", "reps", "deps", "keeps", "sleeps", "preps", "creeps"};
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  std::string out(text);
  for (size_t at = 0; at + 3 <= out.size(); ++at) {
    if (lower(out[at]) != 'e' || lower(out[at + 1]) != 'p' || lower(out[at + 2]) != 's') continue;
    for (std::string_view word : kLookalikes) {
      const size_t start = at + 3 - word.size();
      if (at + 3 < word.size()) continue;
      bool same = true;
      for (size_t i = 0; i < word.size() && same; ++i) same = lower(out[start + i]) == word[i];
      if (!same) continue;
      out.replace(at, 3, "___");
      break;
    }
  }
  return out;
}

// A function's last name for the absolute value: `abs`, C's `fabs`, `fabsf`, `fabsl`, NumPy's
// `absolute`.
inline bool namesAbsoluteValue(std::string_view last) {
  return last == "abs" || last == "fabs" || last == "fabsf" || last == "fabsl" || last == "absolute";
}

// Code text without spaces, tabs, newlines and line continuations: how argument texts, the
// statements an origin was traced through and the operands of a bound are compared.
inline std::string normalized(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\\') out += c;
  return out;
}

// `cond`, `(cond)`, `((cond))` -> `cond`: only parentheses that enclose the whole text (`(a) &&
// (b)` keeps its own).
inline std::string_view unparenthesized(std::string_view text) {
  while (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    int depth = 0;
    bool whole = true;
    for (size_t i = 0; i + 1 < text.size() && whole; ++i) {
      if (text[i] == '(') ++depth;
      if (text[i] == ')') --depth;
      if (depth == 0) whole = false;
    }
    if (!whole) break;
    text = text.substr(1, text.size() - 2);
  }
  return text;
}

// `maxMetric` -> `max_Metric`: a capital after a lower-case letter starts a word (an acronym,
// `SDRMetric`, stays whole), so that camel-case names split into words as snake-case ones do.
inline std::string wordsSeparated(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    if (i > 0 && name[i] >= 'A' && name[i] <= 'Z' && name[i - 1] >= 'a' && name[i - 1] <= 'z') out += '_';
    out += name[i];
  }
  return out;
}

// The offset of the first byte at or after `from` that is not a space or a tab.
inline size_t skipBlanks(std::string_view text, size_t from) {
  while (from < text.size() && (text[from] == ' ' || text[from] == '\t')) ++from;
  return from;
}

// "atol" of the text `self.atol`; empty for anything else (`self.atol * 2`, `atol`).
inline std::string_view selfAttributeName(std::string_view text) {
  constexpr std::string_view kSelf = "self.";
  if (!text.starts_with(kSelf) || text.size() == kSelf.size()) return {};
  for (char c : text.substr(kSelf.size()))
    if (!isIdentifierByte(c)) return {};
  return text.substr(kSelf.size());
}

// `mul_`, `quantize_`: PyTorch's name for an operation that changes its tensor (a method's
// receiver, a function's first argument) in place; not a private name (`_fill`, `__init__`).
inline bool namesAnInPlaceOperation(std::string_view name) { return name.size() > 1 && name.back() == '_' && name.front() != '_'; }

// Whether `text` names `name` where it may be bound or changed: followed by `[`, `.`, `=`, `:`,
// an augmented assignment (`|=`, `+=`) or `,` (a tuple target), or after `del`.
inline bool mayChange(std::string_view text, std::string_view name) {
  for (size_t at = findWord(text, name); at != std::string_view::npos; at = findWord(text, name, at + 1)) {
    const size_t next = skipBlanks(text, at + name.size());
    if (next < text.size() && std::string_view("[.=:|+&-,").find(text[next]) != std::string_view::npos) return true;
    // x *= 2, x //= 2, x >>= 1: an augmented assignment of another operator.
    if (const size_t op = text.find_first_not_of("*/%@^<>", next);
        op > next && op != std::string_view::npos && op - next <= 2 && text[op] == '=' && (op + 1 >= text.size() || text[op + 1] != '='))
      return true;
    if (text.starts_with("del ")) return true;
  }
  return false;
}

// A string literal's text without its prefix and quotes (`'minimum'`, `"a"`, `r"x"` -> the
// characters between); text that is no simple literal comes back as it is.
inline std::string unquoted(std::string_view text) {
  while (!text.empty() && std::string_view("rRbBuU").find(text.front()) != std::string_view::npos) text.remove_prefix(1);
  for (std::string_view q : {"\"\"\"", "\'\'\'", "\"", "'"})
    if (text.size() >= 2 * q.size() && text.starts_with(q) && text.ends_with(q))
      return std::string(text.substr(q.size(), text.size() - 2 * q.size()));
  return std::string(text);
}

}  // namespace oalens::analyzer
