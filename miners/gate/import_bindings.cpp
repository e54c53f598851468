#include "miners/gate/import_bindings.h"

#include <algorithm>
#include <cstring>

#include "miners/gate/python_lines.h"

namespace oalens::miners {

namespace {

// Tokens of an import statement: words, dots, commas, `*`, `;`. Brackets, continuations,
// comments and white space carry no meaning here.
bool tokenize(std::string_view s, std::vector<std::string>& out) {
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\\' || c == '(' || c == ')') {
      ++i;
    } else if (c == '.' || c == ',' || c == '*' || c == ';') {
      out.emplace_back(1, c);
      ++i;
    } else if (isIdentifierStart(c)) {
      const size_t e = identifierEnd(s, i);
      out.emplace_back(s.substr(i, e - i));
      i = e;
    } else {
      return false;  // a string, an operator: not a plain import
    }
  }
  return true;
}

bool isWord(const std::string& t) { return !t.empty() && isIdentifierStart(t[0]); }

// A dotted name from tokens[i]; advances i past it.
bool dottedName(const std::vector<std::string>& t, size_t& i, std::string& name) {
  if (i >= t.size() || !isWord(t[i])) return false;
  name = t[i++];
  while (i + 1 < t.size() && t[i] == "." && isWord(t[i + 1])) {
    name += '.' + t[i + 1];
    i += 2;
  }
  return true;
}

bool readOne(const std::vector<std::string>& t, size_t& i, std::vector<ImportStatementBinding>& out) {
  if (i < t.size() && t[i] == "import") {
    ++i;
    for (;;) {
      std::string module;
      if (!dottedName(t, i, module)) return false;
      if (i + 1 < t.size() && t[i] == "as" && isWord(t[i + 1])) {
        out.push_back({t[i + 1], "import " + module + " as"});
        i += 2;
      } else {
        out.push_back({module.substr(0, module.find('.')), "import " + module});
      }
      if (i < t.size() && t[i] == ",") {
        ++i;
        continue;
      }
      return true;
    }
  }
  if (i < t.size() && t[i] == "from") {
    ++i;
    std::string module;
    while (i < t.size() && t[i] == ".") module += t[i++];
    std::string dotted;
    if (i < t.size() && t[i] != "import" && dottedName(t, i, dotted)) module += dotted;
    if (module.empty() || i >= t.size() || t[i] != "import") return false;
    ++i;
    for (;;) {
      if (i < t.size() && t[i] == "*") return false;  // binds names nobody can list lexically
      if (i >= t.size() || !isWord(t[i])) return false;
      const std::string item = t[i++];
      std::string name = item;
      if (i + 1 < t.size() && t[i] == "as" && isWord(t[i + 1])) {
        name = t[i + 1];
        i += 2;
      }
      out.push_back({name, "from " + module + " import " + item});
      if (i < t.size() && t[i] == ",") {
        ++i;
        if (i < t.size() && t[i] != ";") continue;  // a trailing comma inside brackets
      }
      return true;
    }
  }
  return false;
}

}  // namespace

bool readImportBindings(std::string_view statement, std::vector<ImportStatementBinding>& out) {
  std::vector<std::string> t;
  if (!tokenize(statement, t)) return false;
  size_t i = 0;
  while (i < t.size()) {
    if (!readOne(t, i, out)) return false;
    if (i < t.size()) {
      if (t[i] != ";") return false;
      ++i;
    }
  }
  return !out.empty();
}

namespace {

// `name` as a whole word of `code`, found by searching its bytes (findBytes) and keeping a hit
// with no identifier character on either side: what reading every word finds, faster when the
// code is long and the names few (the reach searches every test of a changed file for them).
bool mentionsWord(std::string_view code, std::string_view name) {
  if (name.empty() || !isIdentifierStart(name[0])) return false;  // never a word
  for (char c : name)
    if (!isIdentifierChar(c)) return false;
  for (size_t hit = findBytes(code, name); hit != std::string_view::npos; hit = findBytes(code, name, hit + 1)) {
    const size_t after = hit + name.size();
    if ((hit == 0 || !isIdentifierChar(code[hit - 1])) && (after == code.size() || !isIdentifierChar(code[after]))) return true;
  }
  return false;
}

constexpr size_t kFewNames = 4;

}  // namespace

bool mentionsAny(std::string_view code, const std::unordered_set<std::string>& names) {
  if (names.empty()) return false;
  if (names.size() <= kFewNames)
    return std::any_of(names.begin(), names.end(), [&](const std::string& name) { return mentionsWord(code, name); });
  std::string word;
  return anyIdentifier(code, [&](std::string_view w) {
    word.assign(w);
    return names.count(word) > 0;
  });
}

}  // namespace oalens::miners
