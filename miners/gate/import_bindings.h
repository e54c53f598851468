// Lexical reading of Python import statements and identifier mentions, for deciding which
// tests a change to a test file's imports can reach. Only what the scoping rule needs: the
// names an import binds and what it binds them to, and the words a piece of code mentions.
#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "miners/gate/byte_search.h"
#include "miners/gate/python_lines.h"

namespace oalens::miners {

struct ImportStatementBinding {
  std::string name;    // the module-level name bound: `np`, `assert_allclose`, `keras`
  std::string target;  // what it is bound to: `import numpy as`, `from numpy.testing import assert_allclose`
};

// The bindings of one logical line holding import statements (`import a.b as c, d`,
// `from .m import (x as y, z)`, several joined by `;`). False for a star import or anything
// else it cannot read with certainty: the caller then treats the change as unscopable.
bool readImportBindings(std::string_view statement, std::vector<ImportStatementBinding>& out);

// Calls `f` with every identifier word in `code` (inside strings and comments too:
// over-counting only keeps more tests in the scan) until it returns true; true if it did.
template <typename F>
bool anyIdentifier(std::string_view code, F&& f) {
  for (size_t i = 0; i < code.size();) {
    if (isIdentifierStart(code[i]) && (i == 0 || !isIdentifierChar(code[i - 1]))) {
      const size_t e = identifierEnd(code, i);
      if (f(code.substr(i, e - i))) return true;
      i = e;
    } else {
      ++i;
    }
  }
  return false;
}

// anyIdentifier over the identifiers that hold `part` only: the words around each occurrence,
// found by a byte search, instead of every word of the code.
template <typename F>
bool anyIdentifierHolding(std::string_view code, std::string_view part, F&& f) {
  for (size_t at = findBytes(code, part); at != std::string_view::npos;) {
    size_t start = at;
    while (start > 0 && isIdentifierChar(code[start - 1])) --start;
    const size_t end = std::max(identifierEnd(code, at), at + 1);
    if (isIdentifierStart(code[start]) && f(code.substr(start, identifierEnd(code, start) - start))) return true;
    at = findBytes(code, part, end);
  }
  return false;
}

// True when `code` holds one of `names` as a whole identifier word.
bool mentionsAny(std::string_view code, const std::unordered_set<std::string>& names);

}  // namespace oalens::miners
