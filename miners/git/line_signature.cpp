#include "miners/git/line_signature.h"

#include <algorithm>

namespace oalens::miners {

namespace {

#ifdef OALENS_LIBGIT2_1_5_HASHSIG
// libgit2 1.5.1, src/libgit2/hashsig.c: a heap of the 127 smallest and one of the 127 largest
// line-run hashes, each sorted once the signature is complete.
constexpr int kHeapSize = (1 << 7) - 1;
struct Heap {
  int size, asize;
  int (*cmp)(const void*, const void*, void*);
  uint32_t values[kHeapSize];
};
struct Hashsig {
  Heap mins;
  Heap maxs;
  size_t lines;
  git_hashsig_option_t opt;
};
#endif

// The hashes two ascending lists share, counted as a merge does (with repeats); -1 as soon as
// the matches so far and the hashes left in the shorter remainder cannot make `needed`.
int shared(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, int needed = 0) {
  size_t i = 0, j = 0;
  int matches = 0;
  while (i < a.size() && j < b.size()) {
    if (matches + static_cast<int>(std::min(a.size() - i, b.size() - j)) < needed) return -1;
    const uint32_t x = a[i], y = b[j];
    matches += x == y;
    i += x <= y;
    j += x >= y;
  }
  return matches;
}

// A bound on the hashes two heaps share (with repeats, as the merge counts them): in each
// bucket no more than the smaller of the two counts can match.
int sharedAtMost(const std::array<uint8_t, 512>& a, const std::array<uint8_t, 512>& b) {
  int total = 0;
  for (size_t i = 0; i < a.size(); ++i) total += std::min(a[i], b[i]);
  return total;
}

[[maybe_unused]] void countBuckets(const std::vector<uint32_t>& hashes, std::array<uint8_t, 512>& buckets) {  // libgit2 1.5 only
  // Multiplying spreads hashes whose low bits agree; the top 9 bits pick the bucket.
  for (uint32_t h : hashes) ++buckets[(h * 2654435761u) >> 23];
}

// hashsig_heap_compare: the shared hashes against both heaps' sizes, scaled to 100.
int heapScore(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  return 100 * (shared(a, b) * 2) / static_cast<int>(a.size() + b.size());
}

// heapScore when it is `floor` or more, else a score below `floor` (-1 when the merge stopped
// early). The score is 200 * shared / (|a| + |b|), rounded down, so it reaches `floor` exactly
// when shared * 200 >= floor * (|a| + |b|).
int heapScoreAtLeast(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, int floor) {
  const int sizes = static_cast<int>(a.size() + b.size());
  const int matches = shared(a, b, floor > 0 ? (floor * sizes + 199) / 200 : 0);
  return matches < 0 ? -1 : 100 * (matches * 2) / sizes;
}

}  // namespace

LineSignature::LineSignature(git_hashsig* sig) : sig_(sig) {
#ifdef OALENS_LIBGIT2_1_5_HASHSIG
  const auto* h = reinterpret_cast<const Hashsig*>(sig);
  if (h->mins.size < 0 || h->mins.size > kHeapSize || h->maxs.size < 0 || h->maxs.size > kHeapSize) return;
  mins_.assign(h->mins.values, h->mins.values + h->mins.size);
  maxs_.assign(h->maxs.values, h->maxs.values + h->maxs.size);
  // The order of a merge does not change what it counts; ascending for both.
  std::sort(mins_.begin(), mins_.end());
  std::sort(maxs_.begin(), maxs_.end());
  static_assert(kBuckets == 512, "countBuckets and sharedAtMost read 512 buckets (the top 9 bits of a spread hash)");
  countBuckets(mins_, minBuckets_);
  countBuckets(maxs_, maxBuckets_);
  lines_ = h->lines;
  ignoreWhitespace_ = (h->opt & GIT_HASHSIG_IGNORE_WHITESPACE) != 0;
  copied_ = true;
#endif
}

LineSignature::~LineSignature() { git_hashsig_free(sig_); }

bool LineSignature::mayReach(const LineSignature& other, int floor) const {
  if (!copied_ || !other.copied_ || (mins_.empty() && other.mins_.empty())) return true;
  // The score with every bounded hash shared.
  auto scoreAtMost = [](const Buckets& a, const Buckets& b, size_t sizes) {
    return sizes ? 100 * (sharedAtMost(a, b) * 2) / static_cast<int>(sizes) : 0;
  };
  const int minsAtMost = scoreAtMost(minBuckets_, other.minBuckets_, mins_.size() + other.mins_.size());
  if (static_cast<int>(mins_.size()) < (1 << 7) - 1) return minsAtMost >= floor;
  return (minsAtMost + scoreAtMost(maxBuckets_, other.maxBuckets_, maxs_.size() + other.maxs_.size())) / 2 >= floor;
}

int LineSignature::similarityAtLeast(const LineSignature& other, int floor) const {
  if (!copied_ || !other.copied_) return similarity(other);
  if (mins_.empty() && other.mins_.empty()) return similarity(other);
  if (static_cast<int>(mins_.size()) < (1 << 7) - 1) return std::max(heapScoreAtLeast(mins_, other.mins_, floor), 0);
  // (mins + maxs) / 2 >= floor needs maxs >= 2 * floor - mins.
  const int mins = heapScore(mins_, other.mins_);
  const int maxs = heapScoreAtLeast(maxs_, other.maxs_, 2 * floor - mins);
  return maxs < 0 ? 0 : (mins + maxs) / 2;
}

int LineSignature::similarity(const LineSignature& other) const {
  if (!copied_ || !other.copied_) return git_hashsig_compare(sig_, other.sig_);
  // git_hashsig_compare, step for step.
  if (mins_.empty() && other.mins_.empty()) return (!lines_ && !other.lines_) || ignoreWhitespace_ ? 100 : 0;
  if (static_cast<int>(mins_.size()) < (1 << 7) - 1) return heapScore(mins_, other.mins_);
  return (heapScore(mins_, other.mins_) + heapScore(maxs_, other.maxs_)) / 2;
}

}  // namespace oalens::miners
