// The similarity signature of a file for libgit2's rename detection (git_hashsig), with its
// comparison done here. libgit2 compares two signatures by merging their sorted hash heaps
// through a comparison function pointer, about 5,000 instructions a pair; a commit that moves
// 700 test files compares 313,000 pairs, and the two such commits of Keras master spent 3.3 G
// instructions there (8% of `mine` on Keras 3's history). The same merge with the hashes
// copied out of the signature and compared inline gives the same score, several times faster.
// Reading the hashes needs the layout of libgit2 1.5's private `struct git_hashsig`, so the
// copy is made only against libgit2 1.5 (OALENS_LIBGIT2_1_5_HASHSIG, miners/CMakeLists.txt);
// against another version the comparison is git_hashsig_compare's.
// LineSignature.ScoresAsLibgit2Does compares the two on every run.
#pragma once
#include <git2/sys/hashsig.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oalens::miners {

class LineSignature {
 public:
  // git_hashsig_create's options, as rename detection asks for them.
  static constexpr auto kOptions = static_cast<git_hashsig_option_t>(GIT_HASHSIG_SMART_WHITESPACE | GIT_HASHSIG_ALLOW_SMALL_FILES);

  // Takes ownership of `sig` (from git_hashsig_create with kOptions).
  explicit LineSignature(git_hashsig* sig);
  ~LineSignature();
  LineSignature(const LineSignature&) = delete;
  LineSignature& operator=(const LineSignature&) = delete;

  // git_hashsig_compare's score, 0-100, or its negative error.
  int similarity(const LineSignature& other) const;
  // The same score when it is `floor` or more; otherwise some score below `floor`, found
  // without finishing the merge once the shared hashes left cannot reach it. Rename detection
  // drops every pair under its threshold, and most pairs of a large move are far under it.
  int similarityAtLeast(const LineSignature& other, int floor) const;
  // False when the score is surely under `floor` (a bound from the hashes' buckets, a few
  // dozen instructions); true when it may reach it. Callers ask it before similarityAtLeast,
  // which does not ask it again.
  bool mayReach(const LineSignature& other, int floor) const;
  const git_hashsig* hashsig() const { return sig_; }
  // Whether the hashes were copied out and are compared here.
  bool comparesItself() const { return copied_; }

 private:
  git_hashsig* sig_;
  bool copied_ = false;
  std::vector<uint32_t> mins_, maxs_;  // each ascending
  // How many of a heap's hashes fall in each of 512 buckets: the hashes two heaps share are at
  // most the sum over buckets of the smaller count, which a few vector instructions add up.
  // Most pairs a large move compares are unrelated files, and that bound rules them out
  // without the merge.
  static constexpr size_t kBuckets = 512;
  using Buckets = std::array<uint8_t, kBuckets>;
  Buckets minBuckets_{}, maxBuckets_{};
  size_t lines_ = 0;
  bool ignoreWhitespace_ = false;
};

}  // namespace oalens::miners
