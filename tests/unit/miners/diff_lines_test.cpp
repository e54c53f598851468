// Line hunks and logical lines the gate scopes a change by (miners/gate/diff_scope.h,
// miners/gate/python_lines.h): trimmed diffs equal libgit2's and the git command's hunks, Python
// logical lines lexed after an edit equal a whole lex, and the tests that differ found from hunks.
#include "miners/gate/change_reach.h"
#include "miners/gate/diff_scope.h"
#include "miners/gate/python_lines.h"
#include "tests/support/line_edits.h"
#include "tests/support/process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

using namespace oalens::miners;
using oalens::testing::replaceLine;

namespace {

std::string hunkText(const std::vector<LineHunk>& hs) {
  std::string s;
  for (const LineHunk& h : hs)
    s += "-" + std::to_string(h.oldStart) + "," + std::to_string(h.oldLines) + " +" + std::to_string(h.newStart) + "," +
         std::to_string(h.newLines) + "\n";
  return s;
}

}  // namespace

// On texts whose lines all differ (nothing for xdiff to slide) the trimmed diff must give the
// whole texts' hunks.
TEST(DiffScope, LineHunksTrimmedAtBothEndsEqualTheWholeBufferDiff) {
  std::string base;
  for (int i = 1; i <= 30; ++i) base += "line_" + std::to_string(i) + " = " + std::to_string(i * 7) + "\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {base, replaceLine(base, 15, "changed = 1")},
      {base, replaceLine(base, 1, "first = 0")},
      {base, replaceLine(base, 30, "last = 0")},
      {base, "inserted = 0\n" + base},
      {base, base + "appended = 0\n"},
      {base, base.substr(0, base.size() - 1)},  // the last newline dropped
      {base.substr(0, base.size() - 1), base + "more = 1"},
      {base, base.substr(base.find('\n') + 1)},
      {base, replaceLine(replaceLine(base, 3, "a = 1\nb = 2"), 25, "")},
      {base, ""},
      {"", base},
      {"x", "y"},
      {"same\n", "same\n"},
  };
  for (const auto& [a, b] : cases) EXPECT_EQ(hunkText(lineHunks(a, b)), hunkText(wholeTextHunks(a, b))) << b;
}

namespace {

// A seeded draw (a linear congruential generator): the same texts on every run.
struct Draw {
  uint32_t state;
  uint32_t operator()(uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  }
};

// An old and a new text of up to `most` lines drawn from `lines`, each line kept, left out of
// one side or replaced on the new side (1 in `editOneIn` each), between different heads.
std::pair<std::string, std::string> drawnEdit(Draw& next, const std::vector<std::string>& lines, uint32_t most, uint32_t editOneIn) {
  std::string oldText = "head_old\n", newText = "head_new\n";
  const uint32_t count = 5 + next(most);
  for (uint32_t i = 0; i < count; ++i) {
    const std::string& line = lines[next(static_cast<uint32_t>(lines.size()))];
    const uint32_t edit = next(editOneIn);
    if (edit != 0) oldText += line;  // kept or changed on the new side
    if (edit != 1) newText += edit == 2 ? lines[next(static_cast<uint32_t>(lines.size()))] : line;
  }
  return {oldText, newText};
}

}  // namespace

// lineHunks diffs only what lies between the lines both texts share at either end; the hunks
// must be those git_diff_buffers gives for the whole texts. Lines drawn from a few repeated
// ones give xdiff many equal choices to slide; the first and last lines differ so that no
// trimming hides a hunk.
TEST(DiffScope, HunksAreLibgit2s) {
  Draw next{12345};
  const std::vector<std::string> lines = {"a = 1\n", "b = 2\n", "\n", "    pass\n", "assert x\n", "a = 1\n"};
  int compared = 0;
  for (int round = 0; round < 300; ++round) {
    auto [oldText, newText] = drawnEdit(next, lines, 40, 10);
    oldText += "tail_old";
    newText += round % 2 ? "tail_new\n" : "tail_new";
    EXPECT_EQ(hunkText(lineHunks(oldText, newText)), hunkText(wholeTextHunks(oldText, newText))) << oldText << "---\n" << newText;
    ++compared;
  }
  EXPECT_EQ(compared, 300);
}

// libgit2 bundles git's xdiff: the hunks are compared here with the git command's, `git diff
// --no-index -U0` without the indent heuristic (which libgit2 does not apply), on texts with
// many repeated lines (as HunksAreLibgit2s), long lines and tabs.
TEST(DiffScope, HunksAreTheGitCommands) {
  const std::filesystem::path dir = oalens::testing::scratchDirectory("oalens_hunks_git");
  Draw next{777};
  const std::vector<std::string> lines = {"a = 1\n",
                                          "b = 2\n",
                                          "\n",
                                          "    pass\n",
                                          "assert x\n",
                                          "a = 1\n",
                                          "    np.testing.assert_allclose(model.predict(x_test), expected_outputs, rtol=1e-5)\n",
                                          std::string(300, 'z') + "\n",
                                          "\t# tab\n"};
  auto gitHunks = [&](const std::string& oldText, const std::string& newText) {
    std::ofstream(dir / "old.py", std::ios::binary) << oldText;
    std::ofstream(dir / "new.py", std::ios::binary) << newText;
    const auto r = oalens::testing::runCommand("cd " + dir.string() +
                                               " && git -c diff.indentHeuristic=false diff --no-index --no-color -U0 old.py new.py");
    EXPECT_TRUE(r.status == 0 || r.status == 1) << r.out;
    std::vector<LineHunk> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with("@@ -")) continue;
      LineHunk h{};
      int* fields[] = {&h.oldStart, &h.oldLines, &h.newStart, &h.newLines};
      size_t at = 4;
      for (int side = 0; side < 2; ++side) {
        size_t used = 0;
        *fields[2 * side] = std::stoi(line.substr(at), &used);
        at += used;
        *fields[2 * side + 1] = 1;
        if (line[at] == ',') {
          *fields[2 * side + 1] = std::stoi(line.substr(at + 1), &used);
          at += used + 1;
        }
        at += 2;  // " +" after the old side
      }
      out.push_back(h);
    }
    return out;
  };
  for (int round = 0; round < 60; ++round) {
    auto [oldText, newText] = drawnEdit(next, lines, 60, 8);
    oldText += "tail_old\n";
    newText += "tail_new\n";
    EXPECT_EQ(hunkText(lineHunks(oldText, newText)), hunkText(gitHunks(oldText, newText))) << oldText << "---\n" << newText;
  }
  std::filesystem::remove_all(dir);
}

TEST(PythonLines, LineStartsAtTheEdges) {
  EXPECT_EQ(lineStartOffsets(""), (std::vector<size_t>{0, 0, 0}));
  EXPECT_EQ(lineStartOffsets("a\nb"), (std::vector<size_t>{0, 0, 2, 3}));
  EXPECT_EQ(lineStartOffsets("a\n"), (std::vector<size_t>{0, 0, 2, 2}));
  EXPECT_EQ(lineStartOffsets("\n\n"), (std::vector<size_t>{0, 0, 1, 2, 2}));
}

TEST(PythonLines, LineStartsAsReadByteByByte) {
  // Texts of every length up to 200 bytes, with newlines anywhere: first and last bytes,
  // runs, none.
  std::mt19937 random(7);
  for (size_t size = 0; size < 200; ++size)
    for (int density : {0, 1, 4, 16}) {
      std::string text(size, 'x');
      for (char& c : text)
        if (density && random() % 16 < static_cast<unsigned>(density)) c = '\n';
      std::vector<size_t> expected{0, 0};
      for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') expected.push_back(i + 1);
      expected.push_back(text.size());
      EXPECT_EQ(lineStartOffsets(text), expected) << "size " << size << " density " << density;
    }
}

TEST(PythonLines, LogicalLinesFollowStringsCommentsBracketsAndContinuations) {
  const std::string source =
      "x = 1  # a comment with ' and (\n"  // 1
      "def f(a,\n"                         // 2
      "      b):\n"                        // 3
      "    s = \"# not a comment (\"\n"    // 4
      "    t = '''doc\n"                   // 5
      "more'''\n"                          // 6
      "    return a + \\\n"                // 7
      "        b\n"                        // 8
      "@deco\n"                            // 9
      "class C:  # ]\n"                    // 10
      "    pass\n";                        // 11
  std::vector<LogicalLine> lines;
  ASSERT_TRUE(logicalLines(source, lines));
  std::vector<std::tuple<int, int, int, LogicalLine::Kind, std::string>> got;
  for (const LogicalLine& l : lines) got.emplace_back(l.first, l.last, l.indent, l.kind, std::string(l.nameIn(source)));
  using K = LogicalLine;
  const std::vector<std::tuple<int, int, int, LogicalLine::Kind, std::string>> expected{
      {1, 1, 0, K::Other, ""}, {2, 3, 0, K::Def, "f"},      {4, 4, 4, K::Other, ""},    {5, 6, 4, K::Other, ""},
      {7, 8, 4, K::Other, ""}, {9, 9, 0, K::Decorator, ""}, {10, 10, 0, K::Class, "C"}, {11, 11, 4, K::Other, ""}};
  EXPECT_EQ(got, expected);
  EXPECT_EQ(source.substr(lines[1].begin, lines[1].end - lines[1].begin), "def f(a,\n      b):\n");

  std::vector<LogicalLine> unsure;
  EXPECT_FALSE(logicalLines("f(1,\n", unsure)) << "an unclosed bracket";
  EXPECT_FALSE(logicalLines("x = 'open\n", unsure)) << "an unterminated string";
  EXPECT_FALSE(logicalLines("if x:\n\ty = 1\n", unsure)) << "a tab in the indentation";
}

namespace {

std::string describe(const std::vector<oalens::miners::LogicalLine>& ls, std::string_view text) {
  std::string out;
  for (const auto& l : ls)
    out += std::to_string(l.first) + "-" + std::to_string(l.last) + " @" + std::to_string(l.indent) + " [" + std::to_string(l.begin) + "," +
           std::to_string(l.end) + ") " + std::to_string(static_cast<int>(l.kind)) + " " + std::string(l.nameIn(text)) + "\n";
  return out;
}

}  // namespace

// The new side's logical lines, taken from the old side's away from the hunks, must be those
// of lexing it whole, whatever an edit opens or closes: a triple-quoted string, brackets, a
// backslash continuation, a comment, a tab or an unterminated string (both unsure), at the
// start or end of the text or several places at once.
TEST(DiffScope, LogicalLinesAfterAnEditAreTheWholeLexs) {
  uint32_t state = 20261123;
  auto next = [&state](uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  const std::vector<std::string> pool = {"import numpy as np\n",
                                         "def test_a(self):\n",
                                         "    x = f(1,\n",
                                         "          2)\n",
                                         "    y = [\n",
                                         "    ]\n",
                                         "    doc = \"\"\"\n",
                                         "    text \"\"\"\n",
                                         "\"\"\"\n",
                                         "    s = 'a # b'  # c\n",
                                         "    total = a + \\\n",
                                         "        b\n",
                                         "\n",
                                         "    # comment (\n",
                                         "@decorator\n",
                                         "class T:\n",
                                         "    assert abs(a - b) < 1e-5\n",
                                         "x = 1\n",
                                         "    pass\n",
                                         "    return (x)\n",
                                         "  )\n",
                                         "async def f():\n"};
  const std::vector<std::string> rare = {"\tx = 1\n", "    u = 'unterminated\n", "y = (\n"};
  int compared = 0, unsure = 0, steps = 0;
  for (int round = 0; round < 5000; ++round) {
    std::vector<std::string> oldLines;
    const uint32_t count = 1 + next(60);
    for (uint32_t k = 0; k < count; ++k) oldLines.push_back(pool[next(static_cast<uint32_t>(pool.size()))]);
    std::vector<std::string> newLines = oldLines;
    for (uint32_t e = 1 + next(4); e > 0; --e) {
      const uint32_t at = next(static_cast<uint32_t>(newLines.size()) + 1);
      const std::string& line =
          next(20) == 0 ? rare[next(static_cast<uint32_t>(rare.size()))] : pool[next(static_cast<uint32_t>(pool.size()))];
      switch (next(3)) {
        case 0: newLines.insert(newLines.begin() + at, line); break;
        case 1:
          if (at < newLines.size()) newLines.erase(newLines.begin() + at);
          break;
        default:
          if (at < newLines.size()) newLines[at] = line;
      }
    }
    std::string oldText, newText;
    for (const auto& l : oldLines) oldText += l;
    for (const auto& l : newLines) newText += l;
    if (round % 3 == 0 && !newText.empty()) newText.pop_back();  // no newline at the end
    std::vector<oalens::miners::LogicalLine> oldLogical, whole, edited;
    if (!oalens::miners::logicalLines(oldText, oldLogical)) continue;
    const bool wholeOk = oalens::miners::logicalLines(newText, whole);
    const bool editedOk = oalens::miners::logicalLinesAfterEdit(oldLogical, oalens::miners::lineStartOffsets(oldText), newText,
                                                                oalens::miners::lineStartOffsets(newText),
                                                                oalens::miners::lineHunks(oldText, newText), edited);
    ASSERT_EQ(editedOk, wholeOk) << oldText << "---\n" << newText;
    ++compared;
    if (!wholeOk) {
      ++unsure;
      continue;
    }
    ASSERT_EQ(describe(edited, newText), describe(whole, newText)) << oldText << "---\n" << newText;
    steps += !whole.empty();
  }
  EXPECT_GT(compared, 1200) << "too many old texts were unsure";
  EXPECT_GT(unsure, 20) << "too few unsure texts to test that the edit path reports them";
  EXPECT_GT(steps, 800);
}

// The tests whose text differs are found from the hunks where the diff vouches for the lines,
// and by comparing texts elsewhere: the same names as comparing every test's text under its
// name and rank among its namesakes (what insertUnitsThatDiffer did before), on random
// edits that insert, delete, replace and duplicate lines, move tests and drop the last newline.
TEST(DiffScope, UnitsThatDifferAreFoundTheSameWithTheHunks) {
  uint32_t state = 20261124;
  auto next = [&state](uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  const std::vector<std::string> pool = {"def test_a():\n",
                                         "def test_b():\n",
                                         "class T:\n",
                                         "    def test_m(self):\n",
                                         "        x = 1\n",
                                         "    x = f(1)\n",
                                         "\n",
                                         "    # note\n",
                                         "def helper():\n",
                                         "    assert abs(a - b) < 1e-5\n",
                                         "@mark\n",
                                         "x = 2\n"};
  int rounds = 0, differing = 0, spared = 0;
  for (int round = 0; round < 5000; ++round) {
    std::vector<std::string> oldLines;
    for (uint32_t k = 1 + next(50); k > 0; --k) oldLines.push_back(pool[next(static_cast<uint32_t>(pool.size()))]);
    std::vector<std::string> newLines = oldLines;
    for (uint32_t e = 1 + next(4); e > 0; --e) {
      const uint32_t at = next(static_cast<uint32_t>(newLines.size()) + 1);
      const std::string line = pool[next(static_cast<uint32_t>(pool.size()))];
      switch (next(5)) {
        case 0: newLines.insert(newLines.begin() + at, line); break;
        case 1:
          if (at < newLines.size()) newLines.erase(newLines.begin() + at);
          break;
        case 2:
          if (at < newLines.size()) newLines.insert(newLines.begin() + at, newLines[at]);
          break;
        case 3: {  // a block of lines moved elsewhere: tests shift past their namesakes
          const uint32_t size = std::min<uint32_t>(
              1 + next(6), static_cast<uint32_t>(newLines.size()) - std::min<uint32_t>(at, static_cast<uint32_t>(newLines.size())));
          std::vector<std::string> block(newLines.begin() + at, newLines.begin() + at + size);
          newLines.erase(newLines.begin() + at, newLines.begin() + at + size);
          const uint32_t to = next(static_cast<uint32_t>(newLines.size()) + 1);
          newLines.insert(newLines.begin() + to, block.begin(), block.end());
          break;
        }
        default:
          if (at < newLines.size()) newLines[at] = line;
      }
    }
    std::string oldText, newText;
    for (const auto& l : oldLines) oldText += l;
    for (const auto& l : newLines) newText += l;
    if (round % 4 == 0 && !newText.empty()) newText.pop_back();
    oalens::miners::ScopeSide oldSide(oldText), newSide(newText);
    if (!oalens::miners::findTestUnits(oldText, oldSide.units) || !oalens::miners::findTestUnits(newText, newSide.units)) continue;
    oldSide.starts = oalens::miners::lineStartOffsets(oldText);
    newSide.starts = oalens::miners::lineStartOffsets(newText);
    const std::vector<oalens::miners::LineHunk> hunks = oalens::miners::lineHunks(oldText, newText);
    // Every unit's text by (name, how many units of that name come before it), compared.
    auto texts = [](const oalens::miners::ScopeSide& side) {
      std::map<std::string, int> seen;
      std::map<std::pair<std::string, int>, std::string_view> out;
      for (const auto& u : side.units) out[{u.name, seen[u.name]++}] = side.textOf(u);
      return out;
    };
    std::set<std::string> byText, withoutHunks, withHunks;
    const auto before = texts(oldSide), after = texts(newSide);
    for (const auto& [key, text] : before)
      if (auto it = after.find(key); it == after.end() || it->second != text) byText.insert(key.first);
    for (const auto& [key, text] : after)
      if (!before.count(key)) byText.insert(key.first);
    oalens::miners::insertUnitsThatDiffer(oldSide, oldSide.units, newSide, newSide.units, withoutHunks);
    oalens::miners::insertUnitsThatDiffer(oldSide, oldSide.units, newSide, newSide.units, withHunks, &hunks);
    ASSERT_EQ(withoutHunks, byText) << oldText << "---\n" << newText;
    ASSERT_EQ(withHunks, byText) << oldText << "---\n" << newText;
    ++rounds;
    differing += !byText.empty();
    spared += oldSide.units.size() == newSide.units.size() && !oldSide.units.empty();
  }
  EXPECT_GT(rounds, 3000);
  EXPECT_GT(differing, 1000);
  EXPECT_GT(spared, 1000);
}
