#include "miners/gate/import_bindings.h"

#include <gtest/gtest.h>

#include <random>

using namespace oalens::miners;

namespace {

std::vector<std::string> bound(std::string_view statement) {
  std::vector<ImportStatementBinding> b;
  if (!readImportBindings(statement, b)) return {"<unreadable>"};
  std::vector<std::string> out;
  for (const auto& x : b) out.push_back(x.name + " <- " + x.target);
  return out;
}

}  // namespace

TEST(ImportBindings, ReadsEveryImportForm) {
  EXPECT_EQ(bound("import numpy as np"), (std::vector<std::string>{"np <- import numpy as"}));
  EXPECT_EQ(bound("import numpy.testing"), (std::vector<std::string>{"numpy <- import numpy.testing"}));
  EXPECT_EQ(bound("import os, numpy.testing as npt"), (std::vector<std::string>{"os <- import os", "npt <- import numpy.testing as"}));
  EXPECT_EQ(bound("from numpy.testing import assert_allclose as aac, assert_equal"),
            (std::vector<std::string>{"aac <- from numpy.testing import assert_allclose",
                                      "assert_equal <- from numpy.testing import assert_equal"}));
  EXPECT_EQ(bound("from .. import utils  # relative"), (std::vector<std::string>{"utils <- from .. import utils"}));
  EXPECT_EQ(bound("from ..ops import (\n    relu,\n    tanh as th,\n)"),
            (std::vector<std::string>{"relu <- from ..ops import relu", "th <- from ..ops import tanh"}));
  EXPECT_EQ(bound("from a \\\n    import b; import c"), (std::vector<std::string>{"b <- from a import b", "c <- import c"}));
}

TEST(ImportBindings, RefusesWhatItCannotList) {
  EXPECT_EQ(bound("from numpy import *"), (std::vector<std::string>{"<unreadable>"}));
  EXPECT_EQ(bound("import numpy; x = 1"), (std::vector<std::string>{"<unreadable>"}));
  EXPECT_EQ(bound("from import x"), (std::vector<std::string>{"<unreadable>"}));
  EXPECT_EQ(bound("import"), (std::vector<std::string>{"<unreadable>"}));
}

TEST(ImportBindings, FindsWholeWordsOnly) {
  const std::unordered_set<std::string> names{"np", "close"};
  EXPECT_TRUE(mentionsAny("x = np.ones(3)", names));
  EXPECT_TRUE(mentionsAny("self.close(a)", names));
  EXPECT_FALSE(mentionsAny("x = jnp.ones(3); is_close(a)", names));
  EXPECT_FALSE(mentionsAny("x = 1e5np", names));  // a number's tail is not a word
  std::vector<std::string_view> words;
  anyIdentifier("a.b(c_1, 2e5)", [&](std::string_view w) {
    words.push_back(w);
    return false;
  });
  EXPECT_EQ(words, (std::vector<std::string_view>{"a", "b", "c_1"}));
  EXPECT_TRUE(anyIdentifier("x + stop + y", [](std::string_view w) { return w == "stop"; }));  // and it stops there
}

// mentionsAny searches a few names by their bytes and more by reading every word: both must
// find what reading every word finds, whatever the code and the names (odd bytes, UTF-8,
// names that are no words at all).
TEST(ImportBindings, SearchingNamesAsBytesFindsWhatReadingWordsFinds) {
  auto readingWords = [](std::string_view code, const std::unordered_set<std::string>& names) {
    return anyIdentifier(code, [&](std::string_view w) { return names.count(std::string(w)) > 0; });
  };
  std::mt19937 random(11);
  const std::string alphabet = "ab_1 .(),\n\xc3\xa9#'9e";
  auto text = [&](size_t most) {
    std::string s;
    for (size_t n = random() % (most + 1); n > 0; --n) s += alphabet[random() % alphabet.size()];
    return s;
  };
  int found = 0;
  for (int round = 0; round < 20000; ++round) {
    std::unordered_set<std::string> names;
    for (size_t n = 1 + random() % 6; n > 0; --n) names.insert(text(3));
    const std::string code = text(40);
    const bool expected = readingWords(code, names);
    found += expected;
    ASSERT_EQ(mentionsAny(code, names), expected) << "code [" << code << "], " << names.size() << " names";
  }
  EXPECT_GT(found, 1000);  // the rounds find names often enough to test both answers
}

// The words around each "test" are the words holding it that reading every word finds, in order.
TEST(ImportBindings, WordsHoldingAPartAreTheWordsReadingFindsWithIt) {
  std::mt19937 random(12);
  const std::string alphabet = "tes_1 .(\n\xc3\xa9x";
  int found = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string code;
    for (size_t n = random() % 41; n > 0; --n)
      code += random() % 3 == 0 ? std::string("test") : std::string(1, alphabet[random() % alphabet.size()]);
    std::vector<std::string_view> expected, got;
    anyIdentifier(code, [&](std::string_view w) {
      if (w.find("test") != std::string_view::npos) expected.push_back(w);
      return false;
    });
    anyIdentifierHolding(code, "test", [&](std::string_view w) {
      got.push_back(w);
      return false;
    });
    found += !expected.empty();
    ASSERT_EQ(got, expected) << "code [" << code << "]";
  }
  EXPECT_GT(found, 1000);
}
