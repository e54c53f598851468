// A cache bounded by the bytes its values hold, evicting by CLOCK (an entry used since the hand
// last passed gets another round), in one flat open-addressing table. `mine`'s piece cache is
// looked up about a million times per Keras history under a lock; with an unordered_map and an
// LRU list a hit touched five or six cold nodes (the bucket, the chain, the list neighbours),
// and a worker descheduled inside that made the other one sleep for milliseconds. Here a hit
// reads one slot and one entry and sets a flag. Not thread-safe: the caller locks.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace oalens::miners {

template <class Key, class Value, class KeyHash>
class ClockCache {
 public:
  explicit ClockCache(size_t budgetBytes) : budget_(budgetBytes), slots_(16) {}

  // The value stored for `key`, now marked as used; null when absent.
  const Value* find(const Key& key) {
    const uint64_t h = KeyHash()(key);
    for (size_t s = h & mask();; s = (s + 1) & mask()) {
      const Slot& slot = slots_[s];
      if (slot.entry == 0) return nullptr;
      if (slot.hash == h) {
        Entry& e = entries_[slot.entry - 1];
        if (e.key == key) {
          e.used = true;
          return &e.value;
        }
      }
    }
  }

  // Stores `value` unless `key` is present, then evicts values not used lately until the held
  // bytes fit the budget; the new one always stays. Evicted values are moved to `evicted`, so
  // the caller can free them after unlocking.
  void insert(const Key& key, Value value, size_t bytes, std::vector<Value>& evicted) {
    if (find(key)) return;
    if ((live_ + 1) * 2 > slots_.size()) grow();
    uint32_t index;
    if (!free_.empty()) {
      index = free_.back();
      free_.pop_back();
      entries_[index] = Entry{key, std::move(value), bytes, true, true};
    } else {
      index = static_cast<uint32_t>(entries_.size());
      entries_.push_back(Entry{key, std::move(value), bytes, true, true});
    }
    place(KeyHash()(key), index + 1);
    ++live_;
    held_ += bytes;
    while (held_ > budget_ && live_ > 1) evictOne(index, evicted);
  }

  size_t heldBytes() const { return held_; }
  size_t size() const { return live_; }

 private:
  struct Entry {
    Key key;
    Value value;
    size_t bytes = 0;
    bool used = false;
    bool live = false;
  };
  struct Slot {
    uint64_t hash = 0;
    uint32_t entry = 0;  // index + 1; 0: empty
  };

  size_t mask() const { return slots_.size() - 1; }

  void place(uint64_t h, uint32_t entry) {
    size_t s = h & mask();
    while (slots_[s].entry != 0) s = (s + 1) & mask();
    slots_[s] = Slot{h, entry};
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old)
      if (slot.entry != 0) place(slot.hash, slot.entry);
  }

  // The next entry the hand finds unused, other than `keep`; a used one loses its mark.
  void evictOne(uint32_t keep, std::vector<Value>& evicted) {
    for (;;) {
      if (hand_ >= entries_.size()) hand_ = 0;
      Entry& e = entries_[hand_];
      const uint32_t index = static_cast<uint32_t>(hand_++);
      if (!e.live || index == keep) continue;
      if (e.used) {
        e.used = false;
        continue;
      }
      unplace(KeyHash()(e.key), index + 1);
      held_ -= e.bytes;
      --live_;
      evicted.push_back(std::move(e.value));
      e = Entry{};
      free_.push_back(index);
      return;
    }
  }

  // Removes the slot of `entry` and shifts the probe chain after it back (linear probing
  // without tombstones).
  void unplace(uint64_t h, uint32_t entry) {
    size_t s = h & mask();
    while (slots_[s].entry != entry) s = (s + 1) & mask();
    size_t hole = s;
    for (size_t next = (hole + 1) & mask(); slots_[next].entry != 0; next = (next + 1) & mask()) {
      const size_t home = slots_[next].hash & mask();
      // The slot at `next` may move into the hole when its home is not in (hole, next].
      const bool homeAfterHole = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next);
      if (homeAfterHole) continue;
      slots_[hole] = slots_[next];
      hole = next;
    }
    slots_[hole] = Slot{};
  }

  const size_t budget_;
  std::vector<Slot> slots_;  // a power of two, at most half full
  std::vector<Entry> entries_;
  std::vector<uint32_t> free_;
  size_t hand_ = 0, held_ = 0, live_ = 0;
};

}  // namespace oalens::miners
