// The layout of a test file's newest versions (text, tests, logical lines), handed from the
// commit that scoped a version as its new side to the next commit that changes the file, where
// the version is the old side. Reading the old blob again and splitting it into logical lines
// was a third of the lexical scoping (callgrind, Keras master since 2023-06). A layout is taken
// out, not copied: a version is the old side of one later change on a line of history, and a
// second taker (a branch) reads the blob again. Bounded by bytes, oldest forgotten first.
#pragma once
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "miners/gate/diff_scope.h"

namespace oalens::miners {

class LayoutHandoff {
 public:
  explicit LayoutHandoff(size_t budgetBytes) : budget_(budgetBytes) {}

  void put(const std::string& key, TextLayout layout);
  std::optional<TextLayout> take(const std::string& key);
  size_t heldBytes();

  static size_t approximateBytes(const TextLayout& layout);

 private:
  struct Held {
    std::string key;
    TextLayout layout;
    size_t bytes = 0;
  };
  void forget(std::list<Held>::iterator it, std::list<Held>& into);  // moved into `into`, freed by the caller after unlocking

  const size_t budget_;
  size_t held_ = 0;
  std::mutex mu_;
  std::list<Held> order_;  // oldest first
  std::unordered_map<std::string, std::list<Held>::iterator> byKey_;
};

}  // namespace oalens::miners
