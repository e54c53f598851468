#include "miners/classify/symbolic_tolerance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "analyzer/core/diagnostics.h"
#include "miners/gate/python_lines.h"
#include "miners/pairing/pairing.h"

namespace oalens::miners {

namespace {

struct Token {
  enum Kind { Number, Name, String, Op } kind = Op;
  std::string_view text;
  double value = 0;  // of a Number
};

std::optional<double> numberValue(std::string_view text) {
  std::string digits;
  for (char c : text)
    if (c != '_') digits += c;
  if (digits.find_first_of("jJ") != std::string::npos) return std::nullopt;  // complex
  char* end = nullptr;
  const bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  const double v = hex ? static_cast<double>(std::strtoll(digits.c_str(), &end, 16)) : std::strtod(digits.c_str(), &end);
  if (end != digits.c_str() + digits.size()) return std::nullopt;
  return v;
}

// Python expression tokens; false on what it does not read (a triple-quoted string).
bool tokenize(std::string_view s, std::vector<Token>& out) {
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == '\f') {
      ++i;
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9')) {
      const bool hex = c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X');
      size_t e = i;
      while (e < s.size() &&
             (isIdentifierChar(s[e]) || s[e] == '.' || (!hex && (s[e] == '+' || s[e] == '-') && (s[e - 1] == 'e' || s[e - 1] == 'E'))))
        ++e;
      const auto v = numberValue(s.substr(i, e - i));
      if (!v) return false;
      out.push_back({Token::Number, s.substr(i, e - i), *v});
      i = e;
    } else if (isIdentifierStart(c)) {
      const size_t e = identifierEnd(s, i);
      out.push_back({Token::Name, s.substr(i, e - i)});
      i = e;
    } else if (c == '\'' || c == '"') {
      if (s.substr(i, 3) == std::string(3, c)) return false;
      size_t e = i + 1;
      while (e < s.size() && s[e] != c) e += s[e] == '\\' ? 2 : 1;
      if (e >= s.size()) return false;
      out.push_back({Token::String, s.substr(i, e + 1 - i)});
      i = e + 1;
    } else {
      static constexpr std::string_view kTwo[] = {"**", "//", "<=", ">=", "==", "!=", "->", ":="};
      size_t n = 1;
      for (std::string_view op : kTwo)
        if (s.substr(i, 2) == op) n = 2;
      out.push_back({Token::Op, s.substr(i, n)});
      i += n;
    }
  }
  return true;
}

bool isOp(const std::vector<Token>& t, size_t i, std::string_view op) {
  return i < t.size() && (t[i].kind == Token::Op || t[i].kind == Token::Name) && t[i].text == op;
}

// How the expression's value moves with each number in it: +1 grows with it, -1 shrinks, 0
// unknown. A small recursive reading of sums, products, unary signs, conditionals, calls and
// brackets; false when the tokens are not one such expression.
class SignReader {
 public:
  explicit SignReader(const std::vector<Token>& t) : t_(t), sign_(t.size(), 0), dtype_(t.size()) {}

  bool read() { return conditional(1) && at_ == t_.size(); }
  int signAt(size_t i) const { return sign_[i]; }
  // The dtype whose table entry holds token i (`float32` in `{np.float32: 1e-3 if c else
  // 1e-5}`), empty outside a table.
  std::string_view dtypeAt(size_t i) const { return dtype_[i]; }

 private:
  bool conditional(int sign) {
    if (!sum(sign)) return false;
    if (!isOp(t_, at_, "if")) return true;
    ++at_;
    if (!skipTo("else")) return false;  // the condition: its numbers' effect is unknown
    ++at_;
    return conditional(sign);
  }
  bool sum(int sign) {
    if (!term(sign)) return false;
    while (isOp(t_, at_, "+") || isOp(t_, at_, "-")) {
      const int s = t_[at_].text == "-" ? -sign : sign;
      ++at_;
      if (!term(s)) return false;
    }
    return true;
  }
  bool term(int sign) {
    if (!factor(sign)) return false;
    while (isOp(t_, at_, "*") || isOp(t_, at_, "/") || isOp(t_, at_, "//") || isOp(t_, at_, "%") || isOp(t_, at_, "@")) {
      const std::string_view op = t_[at_].text;
      const int s = op == "*" ? sign : (op == "/" || op == "//") ? -sign : 0;
      ++at_;
      if (!factor(s)) return false;
    }
    return true;
  }
  bool factor(int sign) {
    if (isOp(t_, at_, "-") || isOp(t_, at_, "+")) {
      const int s = t_[at_].text == "-" ? -sign : sign;
      ++at_;
      return factor(s);
    }
    const size_t start = at_;
    if (!atom(sign)) return false;
    if (!isOp(t_, at_, "**")) return true;
    std::fill(sign_.begin() + static_cast<std::ptrdiff_t>(start), sign_.begin() + static_cast<std::ptrdiff_t>(at_), 0);
    ++at_;
    return factor(0);
  }
  bool atom(int sign) {
    if (at_ >= t_.size()) return false;
    const Token& tok = t_[at_];
    if (tok.kind == Token::Number) {
      sign_[at_++] = sign;
      return true;
    }
    if (tok.kind == Token::String) {
      ++at_;
      return true;
    }
    std::string_view callee;
    if (tok.kind == Token::Name) {
      callee = tok.text;
      ++at_;
    } else if (isOp(t_, at_, "(")) {
      ++at_;
      if (isOp(t_, at_, ")")) return ++at_, true;
      if (!conditional(sign) || !isOp(t_, at_, ")")) return false;
      ++at_;
    } else if (isOp(t_, at_, "{")) {
      return readOrSkip([&] { return tableValues(sign); }, at_);
    } else if (isOp(t_, at_, "[")) {
      return skipBracket();
    } else {
      return false;
    }
    // Trailers: attributes, calls (max and min pass their arguments' moves on), subscripts.
    for (;;) {
      if (isOp(t_, at_, ".") && at_ + 1 < t_.size() && t_[at_ + 1].kind == Token::Name) {
        callee = t_[at_ + 1].text;
        at_ += 2;
      } else if (isOp(t_, at_, "(")) {
        const bool monotone = callee == "max" || callee == "min" || callee == "maximum" || callee == "minimum";
        if (callee == "dict") {
          if (!readOrSkip([&] { return keywordValues(sign); }, at_ - 1)) return false;
        } else if (!monotone) {
          if (!skipBracket()) return false;
        } else {
          ++at_;
          while (!isOp(t_, at_, ")")) {
            if (!conditional(sign)) return false;
            if (isOp(t_, at_, ",")) ++at_;
            else if (!isOp(t_, at_, ")")) return false;
          }
          ++at_;
        }
        callee = {};
      } else if (isOp(t_, at_, "[")) {
        if (!skipBracket()) return false;
        callee = {};
      } else {
        return true;
      }
    }
  }
  // A per-dtype table written out, `{np.float32: 1e-2 if on_tpu else 1e-3, np.float64: 1e-14}`:
  // each value's numbers move its dtype's tolerance as `sign` says; a key's keep sign 0.
  bool tableValues(int sign) {
    return tableEntries(sign, "}", [&]() -> std::optional<std::string_view> {
      const size_t key = at_;
      if (!skipTo(":")) return std::nullopt;
      const std::string_view dtype = keyName(key, at_);
      ++at_;
      return dtype;
    });
  }
  // The same table as `dict(float32=1e-3, float64=1e-10)`, from its opening bracket.
  bool keywordValues(int sign) {
    return tableEntries(sign, ")", [&]() -> std::optional<std::string_view> {
      if (at_ >= t_.size() || t_[at_].kind != Token::Name || !isOp(t_, at_ + 1, "=")) return std::nullopt;
      const std::string_view dtype = t_[at_].text;
      at_ += 2;
      return dtype;
    });
  }
  // A table's entries from its opening bracket to `close`: `readKey` reads past an entry's key
  // and gives its dtype, which labels the numbers of the entry's value.
  template <typename ReadKey>
  bool tableEntries(int sign, std::string_view close, ReadKey&& readKey) {
    ++at_;
    while (!isOp(t_, at_, close)) {
      const std::optional<std::string_view> dtype = readKey();
      if (!dtype) return false;
      const size_t value = at_;
      if (!conditional(sign)) return false;
      std::fill(dtype_.begin() + static_cast<std::ptrdiff_t>(value), dtype_.begin() + static_cast<std::ptrdiff_t>(at_), *dtype);
      if (isOp(t_, at_, ",")) ++at_;
      else if (!isOp(t_, at_, close)) return false;
    }
    ++at_;
    return true;
  }
  // A table key's dtype: its last name (`np.float32`, `np.dtype(np.float16)`) or a string's text.
  std::string_view keyName(size_t from, size_t to) const {
    std::string_view out;
    for (size_t i = from; i < to; ++i) {
      if (t_[i].kind == Token::Name) out = t_[i].text;
      else if (t_[i].kind == Token::String && t_[i].text.size() >= 2) out = t_[i].text.substr(1, t_[i].text.size() - 2);
    }
    return out;
  }
  // `read` from the current bracket when the table (from `first`), or one entry of it
  // (`{...}[dtype]`), is the whole expression; else (a set, a comprehension, a table in a
  // branch of a conditional, which movedNumbers compares branch by branch with better labels)
  // the bracket is skipped and its numbers keep sign 0.
  template <typename Read>
  bool readOrSkip(Read&& read, size_t first) {
    const size_t start = at_;
    if (first == 0 && read()) {
      if (isOp(t_, at_, "[") && !skipBracket()) return false;
      if (at_ == t_.size()) return true;
    }
    at_ = start;
    if (!skipBracket()) return false;
    std::fill(sign_.begin() + static_cast<std::ptrdiff_t>(start), sign_.begin() + static_cast<std::ptrdiff_t>(at_), 0);
    return true;
  }
  // Past a bracketed group starting at the current token; its numbers keep sign 0.
  bool skipBracket() {
    int depth = 0;
    for (; at_ < t_.size(); ++at_) {
      if (isOp(t_, at_, "(") || isOp(t_, at_, "[") || isOp(t_, at_, "{")) ++depth;
      if ((isOp(t_, at_, ")") || isOp(t_, at_, "]") || isOp(t_, at_, "}")) && --depth == 0) return ++at_, true;
    }
    return false;
  }
  // To the next `word` outside brackets.
  bool skipTo(std::string_view word) {
    int depth = 0;
    for (; at_ < t_.size(); ++at_) {
      if (depth == 0 && isOp(t_, at_, word)) return true;
      if (isOp(t_, at_, "(") || isOp(t_, at_, "[") || isOp(t_, at_, "{")) ++depth;
      if ((isOp(t_, at_, ")") || isOp(t_, at_, "]") || isOp(t_, at_, "}")) && --depth < 0) return false;
    }
    return false;
  }

  const std::vector<Token>& t_;
  std::vector<int> sign_;
  std::vector<std::string_view> dtype_;
  size_t at_ = 0;
};

// A product at the top level, `tol * 1000 * min(shape)`: its numbers multiplied into one
// constant, its other factors as written with their operator (`* tol`, `/ n`), sorted. Nullopt
// for anything else at the top level (a sum, a power, a conditional).
struct Product {
  double constant = 1;
  std::vector<std::string> factors;
};

std::optional<Product> productOf(const std::vector<Token>& t) {
  Product p;
  size_t start = 0;
  bool divides = false;
  const auto endFactor = [&](size_t end) {
    if (end == start) return false;
    if (end == start + 1 && t[start].kind == Token::Number) {
      if (divides && t[start].value == 0) return false;
      p.constant = divides ? p.constant / t[start].value : p.constant * t[start].value;
      return true;
    }
    std::string factor(divides ? "/" : "*");
    for (size_t i = start; i < end; ++i) factor.append(" ").append(t[i].text);
    p.factors.push_back(std::move(factor));
    return true;
  };
  static const std::set<std::string_view> kKeywords = {"if", "else", "lambda", "and", "or", "not", "in", "is", "for"};
  int depth = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (isOp(t, i, "(") || isOp(t, i, "[") || isOp(t, i, "{")) ++depth;
    else if (isOp(t, i, ")") || isOp(t, i, "]") || isOp(t, i, "}")) --depth;
    else if (depth > 0) continue;
    else if (isOp(t, i, "*") || isOp(t, i, "/")) {
      if (!endFactor(i)) return std::nullopt;
      divides = t[i].text == "/";
      start = i + 1;
    } else if ((t[i].kind == Token::Op && t[i].text != ".") || (t[i].kind == Token::Name && kKeywords.count(t[i].text))) {
      return std::nullopt;
    }
  }
  if (depth != 0 || !endFactor(t.size())) return std::nullopt;
  std::sort(p.factors.begin(), p.factors.end());
  return p;
}

// Two products of the same factors but for their numbers (`eps * 600` -> `600 * eps`, `tol *
// min(shape)` -> `tol * 1000 * min(shape)`): the constant that moved, which grows the
// tolerance; nothing moved when it is the same.
std::optional<MovedNumbers> movedConstantFactor(const std::vector<Token>& from, const std::vector<Token>& to) {
  const auto a = productOf(from), b = productOf(to);
  if (!a || !b || a->factors.empty() || a->factors != b->factors) return std::nullopt;
  MovedNumbers out;
  if (std::fabs(a->constant - b->constant) <= 1e-12 * std::max(std::fabs(a->constant), std::fabs(b->constant))) return out;
  out.numbers.push_back({a->constant, b->constant, true, fmt::format("factor {:g} -> {:g}", a->constant, b->constant)});
  return out;
}

// `{np.float32: 1e-4, "float64": 1e-11}`: entries by dtype (the last component of a dotted key).
std::optional<std::map<std::string, double>> dtypeTable(const std::vector<Token>& t) {
  if (t.size() < 2 || !isOp(t, 0, "{") || !isOp(t, t.size() - 1, "}")) return std::nullopt;
  std::map<std::string, double> out;
  for (size_t i = 1; i + 1 < t.size();) {
    std::string key;
    if (t[i].kind == Token::String) {
      key = std::string(t[i].text.substr(1, t[i].text.size() - 2));
      ++i;
    } else {
      while (i < t.size() && t[i].kind == Token::Name) {
        key = std::string(t[i].text);
        ++i;
        if (!isOp(t, i, ".")) break;
        ++i;
      }
    }
    if (key.empty() || !isOp(t, i, ":")) return std::nullopt;
    ++i;
    const bool negative = isOp(t, i, "-");
    i += negative ? 1 : 0;
    if (i >= t.size() || t[i].kind != Token::Number) return std::nullopt;
    out[key] = negative ? -t[i].value : t[i].value;
    ++i;
    if (isOp(t, i, ",")) ++i;
    else if (i + 1 != t.size()) return std::nullopt;
  }
  return out;
}

std::optional<double> plainNumber(const std::vector<Token>& t) {
  if (t.size() == 1 && t[0].kind == Token::Number) return t[0].value;
  if (t.size() == 2 && isOp(t, 0, "-") && t[1].kind == Token::Number) return -t[1].value;
  return std::nullopt;
}

// What one side gives the dtypes of a comparison of tables: the entries its text names, a
// number written out for all of them, or what the API picks for the rest.
struct DtypeReading {
  std::optional<std::map<std::string, double>> named;
  std::optional<double> every;
  const analyzer::DtypeTable* rest = nullptr;

  bool readable() const { return named || every || rest; }
  // The value for `dtype`, and whether the API picked it; nullopt when the side gives none.
  std::optional<std::pair<double, bool>> valueFor(const std::string& dtype) const {
    if (named) {
      if (auto it = named->find(dtype); it != named->end()) return std::pair{it->second, false};
      // CuPy's tables give the dtypes they name none for their 'default' entry.
      if (auto it = named->find("default"); it != named->end()) return std::pair{it->second, false};
    }
    if (every) return std::pair{*every, false};
    if (rest)
      if (auto it = rest->find(dtype); it != rest->end()) return std::pair{it->second, true};
    return std::nullopt;
  }
};

DtypeReading readDtypes(const ToleranceText& side, const std::vector<Token>& tokens) {
  DtypeReading r;
  if (side.isDefault && side.byDtype) {
    r.rest = side.byDtype;  // names no dtype: the API picks every one
    return r;
  }
  r.named = dtypeTable(tokens);
  if (r.named) r.rest = side.byDtype;
  else if (side.plainNumber) r.every = plainNumber(tokens);
  return r;
}

// `A if C else B` at the top level of `text`: the texts of A, C and B.
struct Branches {
  std::string_view body, condition, orElse;
};

std::optional<Branches> topLevelConditional(std::string_view text) {
  std::vector<Token> t;
  if (!tokenize(text, t)) return std::nullopt;
  if (t.size() >= 2 && isOp(t, 0, "(") && isOp(t, t.size() - 1, ")")) {
    // `(A if C else B)`, as a name bound to a conditional reads: the brackets' own if they close last.
    int open = 0;
    size_t close = 0;
    for (size_t i = 0; i < t.size() && close == 0; ++i) {
      if (isOp(t, i, "(") || isOp(t, i, "[") || isOp(t, i, "{")) ++open;
      else if ((isOp(t, i, ")") || isOp(t, i, "]") || isOp(t, i, "}")) && --open == 0) close = i;
    }
    if (close == t.size() - 1) {
      const size_t begin = static_cast<size_t>(t[1].text.data() - text.data());
      return topLevelConditional(text.substr(begin, static_cast<size_t>(t.back().text.data() - text.data()) - begin));
    }
  }
  int depth = 0;
  size_t ifAt = t.size();
  for (size_t i = 0; i < t.size(); ++i) {
    if (isOp(t, i, "(") || isOp(t, i, "[") || isOp(t, i, "{")) ++depth;
    else if (isOp(t, i, ")") || isOp(t, i, "]") || isOp(t, i, "}")) --depth;
    else if (depth == 0 && t[i].kind == Token::Name && t[i].text == "lambda") return std::nullopt;
    else if (depth == 0 && t[i].kind == Token::Name && t[i].text == "if" && ifAt == t.size()) ifAt = i;
    else if (depth == 0 && t[i].kind == Token::Name && t[i].text == "else" && ifAt < i) {
      const auto offset = [&](const Token& x) { return static_cast<size_t>(x.text.data() - text.data()); };
      if (ifAt == 0 || i + 1 >= t.size()) return std::nullopt;
      return Branches{text.substr(0, offset(t[ifAt])), text.substr(offset(t[ifAt + 1]), offset(t[i]) - offset(t[ifAt + 1])),
                      text.substr(offset(t[i + 1]))};
    }
  }
  return std::nullopt;
}

// What a condition says of the dtype: whether it names one the API picks a default for, and
// the one it tests for equality with (`dtype == np.float64`, `dtype == "float16"`), when that is
// all it tests.
struct DtypeCondition {
  bool named = false;
  std::optional<std::string> dtype;
};

DtypeCondition dtypeCondition(std::string_view condition, const analyzer::DtypeTable* picker) {
  DtypeCondition out;
  std::vector<Token> t;
  if (!picker || !tokenize(condition, t)) return out;
  std::set<std::string> named;
  bool onlyEquality = true;
  for (size_t i = 0; i < t.size(); ++i) {
    std::string_view word = t[i].text;
    if (t[i].kind == Token::String && word.size() >= 2) word = word.substr(1, word.size() - 2);
    if ((t[i].kind == Token::Name || t[i].kind == Token::String) && picker->find(word) != picker->end()) named.insert(std::string(word));
    if (isOp(t, i, "!=") || isOp(t, i, "in") || isOp(t, i, "not") || isOp(t, i, "or") || isOp(t, i, "<") || isOp(t, i, ">"))
      onlyEquality = false;
  }
  out.named = !named.empty();
  if (named.size() == 1 && onlyEquality) out.dtype = *named.begin();
  return out;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The same tokens but for numbers, each moved number read for its effect.
std::optional<MovedNumbers> numbersMovedInPlace(const std::vector<Token>& from, const std::vector<Token>& to) {
  if (from.size() != to.size()) return std::nullopt;
  std::vector<size_t> moved;
  for (size_t i = 0; i < from.size(); ++i) {
    if (from[i].kind != to[i].kind) return std::nullopt;
    if (from[i].kind == Token::Number) {
      if (from[i].value != to[i].value) moved.push_back(i);
    } else if (from[i].text != to[i].text) {
      return std::nullopt;
    }
  }
  MovedNumbers out;
  if (moved.empty()) return out;
  SignReader reader(to);
  if (!reader.read()) return std::nullopt;
  for (size_t i : moved) {
    if (reader.signAt(i) == 0) return std::nullopt;
    const std::string_view dtype = reader.dtypeAt(i);
    out.numbers.push_back(
        {from[i].value, to[i].value, reader.signAt(i) > 0,
         dtype.empty() ? fmt::format("{} -> {}", from[i].text, to[i].text) : fmt::format("{}: {} -> {}", dtype, from[i].text, to[i].text)});
  }
  return out;
}

}  // namespace

bool isConditional(std::string_view text) { return text.find("if") != std::string_view::npos && topLevelConditional(text).has_value(); }

std::optional<MovedNumbers> movedNumbers(const ToleranceText& fromSide, const ToleranceText& toSide) {
  if (auto direct = movedNumbersOfOneExpression(fromSide, toSide)) return direct;
  // A tolerance chosen by a condition on one side only (`{'float32': 3E-2} if
  // jtu.device_under_test() == 'tpu' else {}` -> left to the default): each branch is compared
  // with the other side, and the check moved as its branches did. `None` is the API's default
  // where it picks one by dtype (JAX's tolerance(dtype, None)).
  const auto fromBranches = topLevelConditional(fromSide.text), toBranches = topLevelConditional(toSide.text);
  if (!fromBranches && !toBranches) return std::nullopt;
  // Both sides chosen by a condition: branch against branch when it is the same condition.
  if (fromBranches && toBranches && normalizeStatement(fromBranches->condition) != normalizeStatement(toBranches->condition))
    return std::nullopt;
  const Branches& b = fromBranches ? *fromBranches : *toBranches;
  const auto branchSide = [](const ToleranceText& whole, std::string_view branch) {
    const std::string_view text = trimmed(branch);
    const bool isNone = text == "None";
    return ToleranceText{text, !isNone, whole.byDtype, isNone};
  };
  // A condition on the dtype decides which of the API's defaults a branch compares with: under
  // `dtype == np.float64` float64's 1e-15, not float32's (the default mode's) 1e-6.
  const analyzer::DtypeTable* picker = fromSide.byDtype ? fromSide.byDtype : toSide.byDtype;
  const DtypeCondition onDtype = dtypeCondition(b.condition, picker);
  std::string bodyDefault;  // the text a default stands for in the body branch
  if (onDtype.dtype) bodyDefault = fmt::format("{:g}", picker->find(*onDtype.dtype)->second);
  MovedNumbers out;
  const auto label = [&](bool body) {
    return body ? fmt::format("if {}", analyzer::squeezed(b.condition, std::string::npos)) : std::string("else");
  };
  for (const bool body : {true, false}) {
    ToleranceText before = fromBranches ? branchSide(fromSide, body ? fromBranches->body : fromBranches->orElse) : fromSide;
    ToleranceText after = toBranches ? branchSide(toSide, body ? toBranches->body : toBranches->orElse) : toSide;
    // `None` stands for the default only where the API picks one by dtype.
    if ((before.isDefault && !before.byDtype) || (after.isDefault && !after.byDtype)) return std::nullopt;
    if (before.isDefault != after.isDefault && onDtype.named) {
      // Only a branch taken for one dtype knows which default it compares with.
      if (!body || !onDtype.dtype) return std::nullopt;
      for (ToleranceText* side : {&before, &after})
        if (side->isDefault) *side = ToleranceText{bodyDefault, true, side->byDtype, false};
    }
    const auto moved = movedNumbersOfOneExpression(before, after);
    if (!moved) return std::nullopt;
    for (MovedNumber m : moved->numbers) {
      m.label = fmt::format("{}: {}", label(body), m.label);
      out.numbers.push_back(std::move(m));
    }
    for (const std::string& u : moved->uncompared) out.uncompared.push_back(fmt::format("{}: {}", label(body), u));
  }
  return out;
}

std::optional<MovedNumbers> movedNumbersOfOneExpression(const ToleranceText& fromSide, const ToleranceText& toSide) {
  // The API's default on both sides, picked by the same table: nothing moved.
  if (fromSide.isDefault && toSide.isDefault && fromSide.byDtype && fromSide.byDtype == toSide.byDtype) return MovedNumbers{};
  std::vector<Token> from, to;
  if (!tokenize(fromSide.text, from) || !tokenize(toSide.text, to)) return std::nullopt;
  MovedNumbers out;

  const DtypeReading before = readDtypes(fromSide, from), after = readDtypes(toSide, to);
  if (before.readable() && after.readable() && (before.named || after.named)) {
    std::set<std::string> dtypes;
    for (const DtypeReading* r : {&before, &after})
      if (r->named)
        for (const auto& [dtype, v] : *r->named) dtypes.insert(dtype);
    bool shared = false;
    for (const std::string& dtype : dtypes) {
      const auto b = before.valueFor(dtype), a = after.valueFor(dtype);
      if (!a || !b) {
        out.uncompared.push_back(dtype + (b ? " only before" : " only after"));
        continue;
      }
      shared = true;
      if (a->first == b->first) continue;
      const auto picked = [](bool byApi) { return byApi ? " (default)" : ""; };
      out.numbers.push_back(
          {b->first, a->first, true, fmt::format("{}: {:g}{} -> {:g}{}", dtype, b->first, picked(b->second), a->first, picked(a->second))});
    }
    // `{}` names no dtype: with the API picking every one on both sides, nothing moved.
    if (dtypes.empty() && before.rest && after.rest && before.rest == after.rest) return out;
    if (!shared) return std::nullopt;
    return out;
  }

  if (auto inPlace = numbersMovedInPlace(from, to)) return inPlace;
  return movedConstantFactor(from, to);
}

}  // namespace oalens::miners
