#include "miners/git/line_signature.h"

#include <git2.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace oalens;

namespace {

std::unique_ptr<miners::LineSignature> signatureOf(const std::string& text) {
  git_hashsig* sig = nullptr;
  if (git_hashsig_create(&sig, text.data(), text.size(), miners::LineSignature::kOptions) < 0) return nullptr;
  return std::make_unique<miners::LineSignature>(sig);
}

// Test files of every size that matters to the signature: blank, a few lines (one heap
// not full), a few hundred (both heaps full), repeated lines, and edits of one another at several distances.
std::vector<std::string> texts() {
  std::mt19937 random(20261123);
  auto line = [&](int i) {
    return "    np.testing.assert_allclose(f_" + std::to_string(random() % 997) + "(x), ref_" + std::to_string(i) + ", atol=1e-" +
           std::to_string(random() % 9) + ")\n";
  };
  std::vector<std::string> out{"\n\n   \n", "x = 1\n", "x = 1\ny = 2\n", "def test_a():\n    assert f() == 1\n"};
  for (int lines : {3, 10, 60, 126, 127, 128, 400, 1500}) {
    std::string base;
    for (int i = 0; i < lines; ++i) base += line(i);
    out.push_back(base);
    std::string edited = base;  // every tenth line changed
    for (size_t at = 0, n = 0; (at = edited.find('\n', at)) != std::string::npos; ++at, ++n)
      if (n % 10 == 0) edited.insert(at, "  # changed");
    out.push_back(edited);
    out.push_back(base.substr(0, base.size() / 2));
    std::string indented;  // the same lines, indented otherwise: smart whitespace sees them alike
    for (size_t at = 0, next; at < base.size(); at = next + 1) {
      next = base.find('\n', at);
      indented += "\t" + base.substr(at, next - at + 1);
    }
    out.push_back(indented);
    out.push_back(base + base.substr(0, base.size() / 3));  // repeated lines: the heaps hold a hash twice
  }
  return out;
}

TEST(LineSignature, ScoresAsLibgit2Does) {
  git_libgit2_init();  // its allocator
  std::vector<std::unique_ptr<miners::LineSignature>> sigs;
  for (const std::string& t : texts()) {
    sigs.push_back(signatureOf(t));
    ASSERT_TRUE(sigs.back()) << t.size();
#ifdef OALENS_LIBGIT2_1_5_HASHSIG
    EXPECT_TRUE(sigs.back()->comparesItself()) << "libgit2 1.5's signature was not read";
#endif
  }
  int similar = 0, partly = 0;
  for (size_t a = 0; a < sigs.size(); ++a)
    for (size_t b = 0; b < sigs.size(); ++b) {
      const int libgit2 = git_hashsig_compare(sigs[a]->hashsig(), sigs[b]->hashsig());
      EXPECT_EQ(sigs[a]->similarity(*sigs[b]), libgit2) << a << " against " << b;
      similar += libgit2 == 100;
      partly += libgit2 > 0 && libgit2 < 100;
    }
  EXPECT_GT(partly, 50) << "too few pairs between the extremes to tell a wrong merge";
  // At or above the floor the score is the same and the bound lets the pair through; below
  // it, the score stays below.
  int ruledOut = 0;
  for (int floor : {1, 30, 50, 51, 75, 100})
    for (size_t a = 0; a < sigs.size(); ++a)
      for (size_t b = 0; b < sigs.size(); ++b) {
        const int exact = sigs[a]->similarity(*sigs[b]), bounded = sigs[a]->similarityAtLeast(*sigs[b], floor);
        ruledOut += !sigs[a]->mayReach(*sigs[b], floor);
        if (exact >= floor) {
          EXPECT_TRUE(sigs[a]->mayReach(*sigs[b], floor)) << a << " against " << b << " floor " << floor;
          EXPECT_EQ(bounded, exact) << a << " against " << b << " floor " << floor;
        } else {
          EXPECT_LT(bounded, floor) << a << " against " << b << " floor " << floor;
        }
      }
  EXPECT_GT(similar, static_cast<int>(sigs.size()));
#ifdef OALENS_LIBGIT2_1_5_HASHSIG
  EXPECT_GT(ruledOut, 0) << "the bound ruled out no pair: it is not tested";
#endif
  git_libgit2_shutdown();
}

}  // namespace
