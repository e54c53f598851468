// The layout a version's scoping leaves as the new side must scope the next change as the old
// side exactly as a layout read from the text again; the handoff gives each layout out once
// and forgets the oldest beyond its budget.
#include "miners/walk/layout_handoff.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace oalens::miners;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  return text.replace(text.find(from), from.size(), to);
}

const std::string kFirst =
    "import numpy as np\n"
    "def helper(a, b):\n"
    "    np.testing.assert_allclose(a, b, rtol=1e-5)\n"
    "class TestOps:\n"
    "    def setUp(self):\n"
    "        self.x = 1\n"
    "    def test_a(self):\n"
    "        helper(f(), g())\n"
    "    def test_b(self):\n"
    "        assert abs(f() - g()) < 1e-3\n"
    "def test_last():\n"
    "    np.testing.assert_allclose(f(), g(), atol=1e-4)\n";

// Three versions of one file: a test edited, then a helper edited and a test added.
const std::vector<std::string> kVersions = {
    kFirst,
    replaced(kFirst, "< 1e-3", "< 1e-2"),
    replaced(replaced(replaced(kFirst, "< 1e-3", "< 1e-2"), "rtol=1e-5", "rtol=1e-4"), "    def test_b(self):\n",
             "    def test_new(self):\n        helper(h(), g())\n    def test_b(self):\n"),
};

std::string describe(const ScopedPair& p) {
  std::string out = std::string(p.scoped ? "scoped" : "whole") + "\n--old\n" + p.oldText + "--new\n" + p.newText + "--touched\n";
  for (const std::string& t : p.touched) out += t + "\n";
  for (const auto* units : {&p.oldUnits, &p.newUnits, &p.newMethods}) {
    out += "--units\n";
    for (const TestUnit& u : *units)
      out += u.name + " " + std::to_string(u.firstLine) + "-" + std::to_string(u.lastLine) + " " + std::to_string(u.indent) + " " +
             std::to_string(u.bodyIndent) + "\n";
  }
  out += "--starts " + std::to_string(p.oldStarts.size()) + " " + std::to_string(p.newStarts.size()) + " dedents " +
         std::to_string(p.newDedentsAligned) + "\n";
  return out;
}

}  // namespace

TEST(LayoutHandoff, AHandedOnLayoutScopesTheNextChangeAsTheTextDoes) {
  TextLayout handed;
  for (size_t v = 1; v < kVersions.size(); ++v) {
    const ScopedPair fresh = scopeToChangedTests(kVersions[v - 1], kVersions[v]);
    TextLayout next;
    const ScopedPair reused = scopeToChangedTests(kVersions[v - 1], kVersions[v], v > 1 ? &handed : nullptr, &next);
    ASSERT_TRUE(fresh.scoped) << v;
    EXPECT_EQ(describe(reused), describe(fresh)) << "version " << v;
    ASSERT_TRUE(next.valid);
    EXPECT_FALSE(next.lines.empty());
    handed = std::move(next);
  }
}

TEST(LayoutHandoff, EachLayoutIsTakenOnceAndTheOldestGoFirst) {
  auto layoutOf = [](const std::string& text) {
    TextLayout l;
    scopeToChangedTests(kVersions[0], text, nullptr, &l);
    l.text = text;
    return l;
  };
  const size_t one = LayoutHandoff::approximateBytes(layoutOf(kVersions[1]));
  LayoutHandoff handoff(one * 2 + one / 2);  // room for two
  handoff.put("a", layoutOf(kVersions[1]));
  handoff.put("b", layoutOf(kVersions[1]));
  auto a = handoff.take("a");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->text, kVersions[1]);
  EXPECT_FALSE(handoff.take("a").has_value());  // given out once
  handoff.put("c", layoutOf(kVersions[1]));
  handoff.put("d", layoutOf(kVersions[1]));  // over budget: b, the oldest, goes
  EXPECT_FALSE(handoff.take("b").has_value());
  EXPECT_TRUE(handoff.take("c").has_value());
  EXPECT_TRUE(handoff.take("d").has_value());
  EXPECT_EQ(handoff.heldBytes(), 0u);
}
