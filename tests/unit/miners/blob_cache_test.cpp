#include "miners/walk/blob_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

using oalens::miners::AssertionVersion;
using oalens::miners::BlobCache;

namespace {

std::shared_ptr<BlobCache::Entry> entryWith(size_t assertions, size_t textBytes) {
  auto e = std::make_shared<BlobCache::Entry>();
  for (size_t i = 0; i < assertions; ++i) {
    oalens::miners::ScannedCheck c;
    c.raw.assign(textBytes, 'x');
    e->versions.push_back(AssertionVersion::of(std::move(c)));
  }
  return e;
}

}  // namespace

TEST(BlobCache, SizesEntriesByTheTextTheyHold) {
  EXPECT_GT(BlobCache::approximateBytes(*entryWith(10, 1000)), 10u * 1000u);
  EXPECT_LT(BlobCache::approximateBytes(*entryWith(1, 10)), BlobCache::approximateBytes(*entryWith(10, 10)));
}

TEST(BlobCache, ForgetsTheOldestEntriesWhenOverBudget) {
  const size_t one = BlobCache::approximateBytes(*entryWith(4, 1000));
  BlobCache cache(3 * one);
  for (const char* oid : {"a", "b", "c"}) cache.put(oid, entryWith(4, 1000));
  EXPECT_EQ(cache.size(), 3u);
  cache.put("d", entryWith(4, 1000));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find("a"), nullptr);
  ASSERT_NE(cache.find("d"), nullptr);
  EXPECT_EQ(cache.find("d")->versions.size(), 4u);
  EXPECT_LE(cache.heldBytes(), 3 * one);
}

TEST(BlobCache, KeepsTheNewestEntryEvenWhenItAloneIsOverBudget) {
  BlobCache cache(10);
  cache.put("small", entryWith(1, 1));
  cache.put("huge", entryWith(100, 1000));
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.find("huge"), nullptr);
  EXPECT_EQ(cache.find("small"), nullptr);
}

TEST(BlobCache, APutOfAKnownBlobChangesNothing) {
  BlobCache cache(1 << 20);
  cache.put("a", entryWith(2, 10));
  const size_t held = cache.heldBytes();
  cache.put("a", entryWith(50, 1000));
  EXPECT_EQ(cache.heldBytes(), held);
  EXPECT_EQ(cache.find("a")->versions.size(), 2u);
}

TEST(BlobCache, ComputesEachKeyOnceAcrossThreads) {
  BlobCache cache(1 << 20);
  std::atomic<int> computed{0};
  std::promise<void> started;
  auto startedFuture = started.get_future().share();
  std::promise<void> release;
  auto releaseFuture = release.get_future().share();
  auto slow = [&]() -> std::shared_ptr<BlobCache::Entry> {
    ++computed;
    started.set_value();
    releaseFuture.wait();  // hold the computation until the second thread is waiting on it
    return entryWith(3, 10);
  };
  std::thread first([&] { cache.findOrCompute("k", 1, slow); });
  startedFuture.wait();
  std::shared_ptr<const BlobCache::Entry> seen;
  std::thread second([&] {
    seen = cache.findOrCompute("k", 2, [&] {
      ++computed;
      return entryWith(1, 1);
    });
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  release.set_value();
  first.join();
  second.join();
  EXPECT_EQ(computed.load(), 1);
  ASSERT_NE(seen, nullptr);
  EXPECT_EQ(seen->versions.size(), 3u);
}

TEST(BlobCache, AFailedComputationIsNotCached) {
  BlobCache cache(1 << 20);
  EXPECT_EQ(cache.findOrCompute("k", 1, [] { return std::shared_ptr<BlobCache::Entry>(); }), nullptr);
  EXPECT_EQ(cache.size(), 0u);
  auto again = cache.findOrCompute("k", 1, [] { return entryWith(2, 1); });
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->versions.size(), 2u);
}

TEST(BlobCache, PeekShowsAPendingVersionOnlyToLaterCommits) {
  BlobCache cache(1 << 20);
  EXPECT_FALSE(cache.peek("k", 5).valid());
  std::promise<void> started, release;
  auto releaseFuture = release.get_future().share();
  std::thread computing([&] {
    cache.findOrCompute("k", 5, [&] {
      started.set_value();
      releaseFuture.wait();
      return entryWith(4, 1);
    });
  });
  started.get_future().wait();
  // An earlier or the same commit must not wait for commit 5 while holding its own version:
  // two workers could then wait for each other.
  EXPECT_FALSE(cache.peek("k", 4).valid());
  EXPECT_FALSE(cache.peek("k", 5).valid());
  BlobCache::Pending later = cache.peek("k", 6);
  ASSERT_TRUE(later.valid());
  EXPECT_NE(later.wait_for(std::chrono::milliseconds(0)), std::future_status::ready);
  release.set_value();
  computing.join();
  ASSERT_NE(later.get(), nullptr);
  EXPECT_EQ(later.get()->versions.size(), 4u);
  BlobCache::Pending cached = cache.peek("k", 1);  // cached: ready for anyone
  ASSERT_TRUE(cached.valid());
  EXPECT_EQ(cached.get()->versions.size(), 4u);
}
