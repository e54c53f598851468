#include "miners/walk/blob_cache.h"

namespace oalens::miners {

std::shared_ptr<const BlobCache::Entry> BlobCache::find(const std::string& key) {
  std::lock_guard lock(mu_);
  auto it = map_.find(key);
  return it == map_.end() ? nullptr : it->second;
}

BlobCache::Pending BlobCache::peek(const std::string& key, size_t commit) {
  std::lock_guard lock(mu_);
  if (auto it = map_.find(key); it != map_.end()) return ready(it->second);
  if (auto it = inFlight_.find(key); it != inFlight_.end() && it->second.second < commit) return it->second.first;
  return {};
}

BlobCache::Pending BlobCache::ready(std::shared_ptr<const Entry> e) {
  std::promise<std::shared_ptr<const Entry>> p;
  p.set_value(std::move(e));
  return p.get_future().share();
}

std::shared_ptr<const BlobCache::Entry> BlobCache::findOrCompute(const std::string& key, size_t commit,
                                                                 const std::function<std::shared_ptr<Entry>()>& compute) {
  std::promise<std::shared_ptr<const Entry>> ours;
  {
    std::unique_lock lock(mu_);
    if (auto it = map_.find(key); it != map_.end()) return it->second;
    if (auto it = inFlight_.find(key); it != inFlight_.end()) {
      auto pending = it->second.first;
      lock.unlock();
      if (auto done = pending.get()) return done;
      return compute();
    }
    inFlight_.emplace(key, std::pair{ours.get_future().share(), commit});
  }
  std::shared_ptr<Entry> computed;
  try {
    computed = compute();
  } catch (...) {
    ours.set_value(nullptr);
    std::lock_guard lock(mu_);
    inFlight_.erase(key);
    throw;
  }
  if (computed) put(key, computed);
  ours.set_value(computed);
  std::lock_guard lock(mu_);
  inFlight_.erase(key);
  return computed;
}

void BlobCache::put(const std::string& key, std::shared_ptr<Entry> e) {
  e->bytes = approximateBytes(*e);
  std::vector<std::shared_ptr<const Entry>> evicted;  // freed after the lock is let go
  std::lock_guard lock(mu_);
  if (map_.count(key)) return;
  held_ += e->bytes;
  map_.emplace(key, std::move(e));
  order_.push_back(key);
  while (held_ > budget_ && order_.size() > 1) {
    auto it = map_.find(order_.front());
    held_ -= it->second->bytes;
    evicted.push_back(std::move(it->second));
    map_.erase(it);
    order_.pop_front();
  }
}

size_t BlobCache::heldBytes() {
  std::lock_guard lock(mu_);
  return held_;
}

size_t BlobCache::size() {
  std::lock_guard lock(mu_);
  return map_.size();
}

// A check's record is shared by the versions that carried it over (AssertionVersion) and is
// counted in full for each: an upper bound, so the cache stays within its budget.
size_t BlobCache::approximateBytes(const Entry& e) {
  size_t n = sizeof(Entry);
  for (const auto& v : e.versions) {
    const auto& a = v.assertion();
    n += sizeof(AssertionVersion) + v.normalized().capacity() + v.raw().capacity() + a.file.capacity() + a.testCase.capacity() +
         a.function.capacity() + a.api.capacity() + a.apiText.capacity() + a.via.capacity() + a.form.capacity() + a.actualText.capacity() +
         a.expectedText.capacity();
    for (const auto& t : a.tolerances) n += sizeof(t) + t.name.capacity() + t.text.capacity() + t.note.capacity() + t.comparable.capacity();
  }
  for (const auto& d : e.diagnostics) n += sizeof(d) + d.capacity();
  return n;
}

}  // namespace oalens::miners
