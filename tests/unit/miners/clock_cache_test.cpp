// The byte-bounded CLOCK cache behind mine's piece cache.
#include "miners/walk/clock_cache.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

using oalens::miners::ClockCache;

namespace {

// Few distinct hashes, so probe chains are long and deletions shift them.
struct CollidingHash {
  uint64_t operator()(int k) const { return static_cast<uint64_t>(k % 7) * 0x9E3779B97F4A7C15ull; }
};

}  // namespace

TEST(ClockCache, FindsWhatItHoldsAndStaysWithinItsBudget) {
  ClockCache<int, int, CollidingHash> cache(1000);
  std::vector<int> evicted;
  std::map<int, size_t> bytesOf;
  std::mt19937 rng(7);
  for (int step = 0; step < 20000; ++step) {
    const int key = static_cast<int>(rng() % 400);
    if (rng() % 3 == 0) {
      if (const int* v = cache.find(key)) {
        EXPECT_EQ(*v, key * 10);
      }
      continue;
    }
    const size_t bytes = 1 + rng() % 120;
    if (!cache.find(key)) bytesOf[key] = bytes;
    cache.insert(key, key * 10, bytes, evicted);
    for (int gone : evicted) bytesOf.erase(gone / 10);
    evicted.clear();
    ASSERT_TRUE(cache.find(key)) << "the newest stays";
    ASSERT_TRUE(cache.heldBytes() <= 1000 || cache.size() == 1);
    size_t held = 0;
    for (const auto& [k, b] : bytesOf) {
      const int* v = cache.find(k);
      ASSERT_NE(v, nullptr) << "key " << k << " was neither found nor evicted";
      EXPECT_EQ(*v, k * 10);
      held += b;
    }
    ASSERT_EQ(cache.size(), bytesOf.size());
    ASSERT_EQ(cache.heldBytes(), held);
  }
}

TEST(ClockCache, KeepsWhatWasUsedSinceTheHandPassed) {
  ClockCache<int, int, CollidingHash> cache(30);
  std::vector<int> evicted;
  cache.insert(1, 10, 10, evicted);
  cache.insert(2, 20, 10, evicted);
  cache.insert(3, 30, 10, evicted);
  cache.insert(4, 40, 10, evicted);  // over budget: one of the first three goes
  ASSERT_EQ(evicted.size(), 1u);
  evicted.clear();
  // Every mark is now cleared; using 3 keeps it through the next eviction.
  cache.find(3);
  cache.insert(5, 50, 10, evicted);
  ASSERT_EQ(evicted.size(), 1u);
  EXPECT_NE(evicted[0], 30);
  EXPECT_NE(cache.find(3), nullptr);
  EXPECT_NE(cache.find(5), nullptr);
}

TEST(ClockCache, AValueLargerThanTheBudgetStaysAlone) {
  ClockCache<int, int, CollidingHash> cache(10);
  std::vector<int> evicted;
  cache.insert(1, 10, 5, evicted);
  cache.insert(2, 20, 50, evicted);
  EXPECT_EQ(evicted, std::vector<int>{10});
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.find(2), nullptr);
}
