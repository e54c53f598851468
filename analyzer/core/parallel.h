// A minimal work-sharing loop: n independent items over a fixed number of threads, each
// worker identified by index so it can own non-thread-safe state (a tree-sitter parser).
// Items are claimed one at a time from an atomic counter, which balances files of very
// different sizes without a queue.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace oalens::analyzer {

inline unsigned threadCount(unsigned requested, size_t work) {
  unsigned n = requested ? requested : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>(n, work)));
}

template <typename Fn>
void parallelFor(size_t n, unsigned threads, Fn fn) {
  std::atomic<size_t> next{0};
  auto body = [&](unsigned worker) {
    for (size_t i = next++; i < n; i = next++) fn(i, worker);
  };
  if (threads <= 1) {
    body(0);
    return;
  }
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < threads; ++w) pool.emplace_back(body, w);
  for (auto& t : pool) t.join();
}

}  // namespace oalens::analyzer
