#include "miners/walk/layout_handoff.h"

namespace oalens::miners {

size_t LayoutHandoff::approximateBytes(const TextLayout& layout) {
  size_t bytes = sizeof(TextLayout) + layout.text.capacity() + layout.code.capacity() / 8;
  bytes += layout.lines.capacity() * sizeof(LogicalLine) + layout.tests.capacity() * sizeof(TestUnit);
  for (const TestUnit& u : layout.tests) bytes += u.name.capacity() > 15 ? u.name.capacity() : 0;
  return bytes;
}

void LayoutHandoff::forget(std::list<Held>::iterator it, std::list<Held>& into) {
  held_ -= it->bytes;
  byKey_.erase(it->key);
  into.splice(into.end(), order_, it);
}

void LayoutHandoff::put(const std::string& key, TextLayout layout) {
  const size_t bytes = approximateBytes(layout);
  if (bytes > budget_) return;
  std::list<Held> dropped;  // freed after the lock is let go
  std::lock_guard<std::mutex> lock(mu_);
  if (auto old = byKey_.find(key); old != byKey_.end()) forget(old->second, dropped);
  order_.push_back({key, std::move(layout), bytes});
  byKey_.emplace(key, std::prev(order_.end()));
  held_ += bytes;
  while (held_ > budget_) forget(order_.begin(), dropped);
}

std::optional<TextLayout> LayoutHandoff::take(const std::string& key) {
  std::list<Held> taken;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = byKey_.find(key);
  if (it == byKey_.end()) return std::nullopt;
  TextLayout out = std::move(it->second->layout);
  forget(it->second, taken);
  return out;
}

size_t LayoutHandoff::heldBytes() {
  std::lock_guard<std::mutex> lock(mu_);
  return held_;
}

}  // namespace oalens::miners
