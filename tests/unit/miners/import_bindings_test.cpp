#include "miners/gate/import_bindings.h"

#include <gtest/gtest.h>

using namespace oalens::miners;

namespace {

std::vector<std::string> bound(std::string_view statement) {
  std::vector<ImportBinding> b;
  if (!readImportBindings(statement, b)) return {"<unreadable>"};
  std::vector<std::string> out;
  for (const auto& x : b) out.push_back(x.name + " <- " + x.target);
  return out;
}

}  // namespace

TEST(ImportBindings, ReadsEveryImportForm) {
  EXPECT_EQ(bound("import numpy as np"), (std::vector<std::string>{"np <- import numpy as"}));
  EXPECT_EQ(bound("import numpy.testing"), (std::vector<std::string>{"numpy <- import numpy.testing"}));
  EXPECT_EQ(bound("import os, numpy.testing as npt"),
            (std::vector<std::string>{"os <- import os", "npt <- import numpy.testing as"}));
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
